// The `stock` scene source as the render pipeline uses it: for a video's shots, the footage each
// shows (found by findFootage), downloaded into the render's folder two files at a time, copied
// into the video's storage folder (it is kept while the video exists), and the licence record of
// each asset. A shot without footage shows its offline picture, and the video's notice says why.
import path from 'node:path';
import type { StockShotAsset } from '../../../shared/schemas/videos';
import type { Logger } from '../../logger';
import type { Storage } from '../../storage/storage';
import { createLimiter } from '../limiter';
import { downloadStockFile } from './download';
import { pexelsSearch } from './pexels';
import { pixabaySearch } from './pixabay';
import {
  type ChosenFootage,
  createStockSearcher,
  type FootageShot,
  findFootage,
  footageCandidates,
  pickFile,
  type StockService,
} from './stock-footage';
import type { StockRepository, StoredStockAsset } from './stock-repository';
import {
  STOCK_LICENCES,
  STOCK_PROVIDER_NAMES,
  type StockCandidate,
  type StockMedia,
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

/** A stock asset a member chose, ready to draw, with its licence record. */
export type ChosenStockFile = {
  kind: 'clip' | 'photo';
  file: string;
  record: StoredStockAsset;
  /** Copies it into the video's storage folder (a no-op when it is already there). */
  store: () => Promise<void>;
};

/** The picker's clips are at least this long: a shot lasts 1.5 to 4 s. */
export const PICKER_CLIP_SECONDS = 4;

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

  /**
   * What the picker offers each shot: up to `perShot` suitable assets its words find (cached
   * searches within the services' budgets). Never throws: a service that fails offers nothing.
   */
  async offersFor(
    shots: readonly FootageShot[],
    options: { language: string; orientation: StockOrientation; perShot: number },
  ): Promise<StockCandidate[][]> {
    const searcher = this.searcher();
    const found = await footageCandidates({
      shots,
      language: options.language,
      orientation: options.orientation,
      services: this.services,
      searcher,
      atLeast: options.perShot,
    }).catch((error: unknown) => {
      this.deps.log.warn(`stock offers failed: ${String(error)}`);
      return shots.map(() => []);
    });
    return found.map((candidates) => candidates.slice(0, options.perShot));
  }

  /** A member's search in the picker: clips first, then photos, at most `limit`. */
  async search(
    words: string,
    options: { language: string; orientation: StockOrientation; limit: number },
  ): Promise<StockCandidate[]> {
    const terms = words.split(/\s+/u).filter(Boolean);
    const [found] = await this.offersFor(
      [{ seconds: PICKER_CLIP_SECONDS, subject: terms, english: terms }],
      { language: options.language, orientation: options.orientation, perShot: options.limit },
    );
    return found ?? [];
  }

  /** An asset a search answered within the day (what a member picks from the picker's search). */
  offeredAsset(provider: StockProvider, assetId: string): Promise<StockCandidate | null> {
    return this.deps.repository.offeredAsset(provider, assetId, this.now());
  }

  /**
   * A chosen asset in the render's folder: the video's kept copy when it has one (a remix), else
   * downloaded. Null when it cannot be had (the shot then shows what the renderer picks).
   */
  async chosen(
    asset: StockShotAsset,
    options: { workDir: string; name: string; prefix: string; signal: AbortSignal },
  ): Promise<ChosenStockFile | null> {
    const { storage } = this.deps;
    const file = path.join(options.workDir, `${options.name}.${stockExtension(asset.media)}`);
    try {
      if (asset.storageKey && (await storage.exists(asset.storageKey))) {
        await storage.getFile(asset.storageKey, file);
      } else {
        await downloadStockFile(asset.file.url, file, {
          signal: options.signal,
          fetch: this.deps.fetch,
        });
      }
    } catch (error) {
      if (options.signal.aborted) throw error;
      this.deps.log.warn(
        `chosen stock asset ${asset.provider}:${asset.assetId} could not be had: ${error instanceof Error ? error.message : String(error)}`,
      );
      return null;
    }
    await this.deps.repository.markUsed([asset], this.now());
    const record = licenceRecord(asset, {
      fileUrl: asset.file.url,
      fetchedAt: this.now(),
      prefix: options.prefix,
    });
    return {
      kind: asset.media === 'video' ? 'clip' : 'photo',
      file,
      record,
      store: async () => {
        if (record.storageKey !== asset.storageKey) await storage.putFile(record.storageKey, file);
      },
    };
  }

  private now(): Date {
    return (this.deps.now ?? (() => new Date()))();
  }

  private searcher() {
    return createStockSearcher({
      repository: this.deps.repository,
      now: () => this.now(),
      log: { warn: (message) => this.deps.log.warn(message) },
    });
  }

  /** Finds and downloads footage for `shots`; never throws for a service's failure. */
  async footageFor(options: {
    /** null: a shot showing what the member chose (not searched for). */
    shots: ReadonlyArray<FootageShot | null>;
    /** Assets the member chose for other shots: never placed again. */
    exclude?: ReadonlySet<string>;
    language: string;
    orientation: StockOrientation;
    size: { width: number; height: number };
    workDir: string;
    /** The video's storage folder (`…/`), where the assets are kept. */
    prefix: string;
    signal: AbortSignal;
  }): Promise<VideoFootage> {
    const { shots, workDir, signal } = options;
    const now = () => this.now();
    const report = await findFootage({
      shots,
      exclude: options.exclude,
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
              const extension = stockExtension(chosen.candidate.media);
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
      assets.push(
        licenceRecord(candidate, {
          fileUrl: chosenFile.url,
          fetchedAt: entry.fetchedAt,
          prefix: options.prefix,
        }),
      );
      files.push(entry.file);
      return {
        kind: candidate.media === 'video' ? 'clip' : 'photo',
        file: entry.file,
        chosen: entry.chosen,
        assetIndex: assets.length - 1,
      };
    });
    await this.deps.repository.markUsed(assets, now());

    const searched = shots.filter((shot) => shot !== null).length;
    const missing = shotFootage.filter((shot, index) => shot === null && shots[index]).length;
    const notice =
      missing === 0
        ? null
        : report.rateLimited.length > 0
          ? `${report.rateLimited.map((provider) => STOCK_PROVIDER_NAMES[provider]).join(' and ')} asked us to slow down, so ${missing} of ${searched} shots show offline pictures instead of stock footage.`
          : `Stock footage had nothing suitable for ${missing} of ${searched} shots, so they show offline pictures.`;
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

/** How a downloaded asset's file is named: a clip is an MP4, a photo a JPEG. */
function stockExtension(media: StockMedia): 'mp4' | 'jpg' {
  return media === 'video' ? 'mp4' : 'jpg';
}

/**
 * The licence record a video keeps for an asset it shows, with where it keeps its copy (in the
 * video's storage folder, `prefix`).
 */
function licenceRecord(
  asset: Pick<
    StockCandidate,
    'provider' | 'media' | 'assetId' | 'pageUrl' | 'author' | 'authorUrl'
  >,
  download: { fileUrl: string; fetchedAt: Date; prefix: string },
): StoredStockAsset & { storageKey: string } {
  const { licence, licenceUrl } = STOCK_LICENCES[asset.provider];
  return {
    provider: asset.provider,
    assetId: asset.assetId,
    pageUrl: asset.pageUrl,
    author: asset.author,
    authorUrl: asset.authorUrl,
    licence,
    licenceUrl,
    fileUrl: download.fileUrl,
    fetchedAt: download.fetchedAt.toISOString(),
    storageKey: `${download.prefix}stock/${asset.provider}-${asset.assetId}.${stockExtension(asset.media)}`,
  };
}

/**
 * A search result as a shot's asset: the file we would download for a frame of `size`, and whom
 * to credit. Null when it has no file we take.
 */
export function shotAssetOf(
  candidate: StockCandidate,
  size: { width: number; height: number },
): StockShotAsset | null {
  const file = pickFile(candidate, size);
  if (!file) return null;
  return {
    provider: candidate.provider,
    media: candidate.media,
    assetId: candidate.assetId,
    pageUrl: candidate.pageUrl,
    author: candidate.author,
    authorUrl: candidate.authorUrl,
    file,
    durationSeconds: candidate.durationSeconds,
    thumbnailUrl: candidate.thumbnailUrl || null,
    label: stockLabel(candidate),
  };
}

/** What the picker calls an asset: its description (Pexels' alt text, Pixabay's tags), short. */
export function stockLabel(candidate: Pick<StockCandidate, 'description' | 'media' | 'provider'>) {
  const words = candidate.description.trim().replace(/\s+/gu, ' ');
  const kind = candidate.media === 'video' ? 'clip' : 'photo';
  if (!words) return `${STOCK_PROVIDER_NAMES[candidate.provider]} ${kind}`;
  const text = words.length > 60 ? `${words.slice(0, 59).trimEnd()}…` : words;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Who made an asset, as the picker credits it: "Jane Doe on Pexels". */
export function stockCredit(candidate: Pick<StockCandidate, 'author' | 'provider'>): string {
  return `${candidate.author} on ${STOCK_PROVIDER_NAMES[candidate.provider]}`;
}
