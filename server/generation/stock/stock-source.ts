// The `stock` scene source as the render pipeline uses it: for a video's shots, the footage each
// shows (found by findFootage), downloaded into the render's folder two files at a time, copied
// into the video's storage folder (it is kept while the video exists), and the licence record of
// each asset. A shot without footage shows its offline picture, and the video's notice says why.
import path from 'node:path';
import type { Logger } from '../../logger';
import type { Storage } from '../../storage/storage';
import { createLimiter } from '../limiter';
import { downloadStockFile } from './download';
import { pexelsSearch } from './pexels';
import { pixabaySearch } from './pixabay';
import {
  type ChosenFootage,
  type FootageShot,
  findFootage,
  type StockService,
} from './stock-footage';
import type { StockRepository, StoredStockAsset } from './stock-repository';
import {
  STOCK_LICENCES,
  STOCK_PROVIDER_NAMES,
  type StockOrientation,
  type StockProvider,
} from './stock-types';

/** At most this many downloads at once per render. */
export const STOCK_DOWNLOADS_AT_ONCE = 2;

/** A shot's footage, downloaded: a clip or a photo file in the render's folder. */
export type ShotFootage = {
  kind: 'clip' | 'photo';
  file: string;
  chosen: ChosenFootage;
  /** The asset's place in the video's licence records. */
  assetIndex: number;
};

export type VideoFootage = {
  /** One per shot, in order; null: the shot shows its offline picture. */
  shots: Array<ShotFootage | null>;
  /** The licence records, one per asset, in the order the video first shows them. */
  assets: StoredStockAsset[];
  /** Why some shots show offline pictures instead (null: none do). */
  notice: string | null;
  /** Copies the assets into the video's storage folder; awaited before the video completes. */
  store: () => Promise<void>;
};

export type StockSettingsEntry = {
  provider: StockProvider;
  apiKey: string;
  baseUrl: string | null;
};

export class StockFootage {
  private readonly services: StockService[];

  constructor(
    private readonly deps: {
      settings: readonly StockSettingsEntry[];
      repository: StockRepository;
      storage: Storage;
      log: Logger;
      fetch?: typeof fetch;
      now?: () => Date;
    },
  ) {
    // Pexels before Pixabay, whatever order the settings list them in.
    const ordered = [...deps.settings].sort((a, b) =>
      a.provider === b.provider ? 0 : a.provider === 'pexels' ? -1 : 1,
    );
    this.services = ordered.map((entry) => ({
      provider: entry.provider,
      search:
        entry.provider === 'pexels'
          ? pexelsSearch({ apiKey: entry.apiKey, baseUrl: entry.baseUrl, fetch: deps.fetch })
          : pixabaySearch({ apiKey: entry.apiKey, baseUrl: entry.baseUrl, fetch: deps.fetch }),
    }));
  }

  get offered(): boolean {
    return this.services.length > 0;
  }

  /** Finds and downloads footage for `shots`; never throws for a service's failure. */
  async footageFor(options: {
    shots: readonly FootageShot[];
    language: string;
    orientation: StockOrientation;
    size: { width: number; height: number };
    workDir: string;
    /** The video's storage folder (`…/`), where the assets are kept. */
    prefix: string;
    signal: AbortSignal;
  }): Promise<VideoFootage> {
    const { shots, workDir, signal } = options;
    const now = this.deps.now ?? (() => new Date());
    const report = await findFootage({
      shots,
      language: options.language,
      orientation: options.orientation,
      size: options.size,
      services: this.services,
      repository: this.deps.repository,
      now,
      signal,
      log: { warn: (message) => this.deps.log.warn(message) },
    });
    const limit = createLimiter(STOCK_DOWNLOADS_AT_ONCE);
    const downloaded = await Promise.all(
      report.chosen.map((chosen, index) =>
        chosen
          ? limit(async () => {
              const extension = chosen.candidate.media === 'video' ? 'mp4' : 'jpg';
              const file = path.join(workDir, `stock-${index + 1}.${extension}`);
              try {
                await downloadStockFile(chosen.file.url, file, { signal, fetch: this.deps.fetch });
                return { chosen, file, fetchedAt: now() };
              } catch (error) {
                if (signal.aborted) throw error;
                this.deps.log.warn(
                  `stock download from ${chosen.candidate.provider} failed: ${error instanceof Error ? error.message : String(error)}`,
                );
                return null;
              }
            })
          : null,
      ),
    );

    const assets: StoredStockAsset[] = [];
    const files: string[] = [];
    const shotFootage = downloaded.map((entry): ShotFootage | null => {
      if (!entry) return null;
      const { candidate, file: chosenFile } = entry.chosen;
      const { licence, licenceUrl } = STOCK_LICENCES[candidate.provider];
      const extension = candidate.media === 'video' ? 'mp4' : 'jpg';
      assets.push({
        provider: candidate.provider,
        assetId: candidate.assetId,
        pageUrl: candidate.pageUrl,
        author: candidate.author,
        authorUrl: candidate.authorUrl,
        licence,
        licenceUrl,
        fileUrl: chosenFile.url,
        fetchedAt: entry.fetchedAt.toISOString(),
        storageKey: `${options.prefix}stock/${candidate.provider}-${candidate.assetId}.${extension}`,
      });
      files.push(entry.file);
      return {
        kind: candidate.media === 'video' ? 'clip' : 'photo',
        file: entry.file,
        chosen: entry.chosen,
        assetIndex: assets.length - 1,
      };
    });
    await this.deps.repository.markUsed(assets, now());

    const missing = shotFootage.filter((shot) => shot === null).length;
    const notice =
      missing === 0
        ? null
        : report.rateLimited.length > 0
          ? `${report.rateLimited.map((provider) => STOCK_PROVIDER_NAMES[provider]).join(' and ')} asked us to slow down, so ${missing} of ${shots.length} shots show offline pictures instead of stock footage.`
          : `Stock footage had nothing suitable for ${missing} of ${shots.length} shots, so they show offline pictures.`;
    return {
      shots: shotFootage,
      assets,
      notice,
      store: async () => {
        await Promise.all(
          assets.map((asset, index) => {
            const file = files[index];
            return file && asset.storageKey
              ? this.deps.storage.putFile(asset.storageKey, file)
              : undefined;
          }),
        );
      },
    };
  }
}
