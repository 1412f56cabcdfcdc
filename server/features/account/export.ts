// A member's data as one zip (docs/accounts.md "Your data"): account.json with every row of theirs,
// then their videos (with thumbnails and captions) and uploads, streamed from storage one file at a
// time. Rows are read a page at a time and each file is opened only when the zip reaches it, so
// memory stays the same however large the library; nothing of any other member is read.
import path from 'node:path';
import { Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import { accountExportFileName } from '../../../shared/schemas/account';
import type { Clock } from '../../clock';
import type { UserRow } from '../../db/schema';
import type { Logger } from '../../logger';
import type { Storage } from '../../storage/storage';
import { userUploadPrefix } from '../../storage/storage-keys';
import {
  type AccountRepository,
  EXPORT_PAGE_SIZE,
  EXPORT_SECTIONS,
  type ExportSectionName,
} from './repository';

/** What the export is opened as: its file name, and the zip's bytes as they are made. */
export type AccountExport = { fileName: string; stream: Readable };

/** Names in the zip keep letters, digits and a few signs; the rest becomes `_`. */
export function safeFileTitle(title: string): string {
  const safe = title
    .normalize('NFC')
    .replace(/[^\p{L}\p{N} ._()-]+/gu, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '')
    .slice(0, 80)
    .trim();
  return safe || 'video';
}

/** The zip's name for one of a video's files: `videos/12 - Harbour at dawn.mp4`. */
export function videoEntryName(video: { id: number; title: string }, key: string): string {
  return `videos/${video.id} - ${safeFileTitle(video.title)}${path.posix.extname(key)}`;
}

export class AccountExportService {
  constructor(
    private readonly deps: {
      repository: AccountRepository;
      storage: Storage;
      clock: Clock;
      log: Logger;
    },
  ) {}

  /**
   * Starts the member's zip. It is written as the reader takes it; if the reader stops (the
   * download was cancelled), the file being read is closed and nothing more is read.
   */
  open(user: UserRow): AccountExport {
    const now = this.deps.clock.now();
    // Media is compressed already: stored as it is. account.json is deflated.
    const archive = new ZipArchive({ zlib: { level: 6 } });
    archive.on('warning', (warning) => this.deps.log.warn({ err: warning }, 'account export'));
    this.fill(archive, user, now).catch((error) => {
      if (!archive.destroyed) {
        this.deps.log.error({ err: error, userId: user.id }, 'account export failed');
        archive.destroy(error);
      }
    });
    return { fileName: accountExportFileName(now), stream: archive };
  }

  private async fill(archive: ZipArchive, user: UserRow, now: Date): Promise<void> {
    await appendEntry(archive, Readable.from(this.accountJson(user, now), { objectMode: false }), {
      name: 'account.json',
      date: now,
    });
    await this.appendVideos(archive, user.id);
    await this.appendUploads(archive, user.id);
    await archive.finalize();
  }

  private async appendVideos(archive: ZipArchive, userId: string): Promise<void> {
    const { repository } = this.deps;
    let after: number | null = null;
    for (;;) {
      const page = await repository.videoFiles(userId, after);
      for (const video of page) {
        for (const key of [video.videoKey, video.thumbnailKey, video.captionsKey]) {
          if (key) await this.appendObject(archive, key, videoEntryName(video, key));
        }
      }
      if (page.length < EXPORT_PAGE_SIZE) return;
      after = page[page.length - 1]?.id ?? null;
    }
  }

  private async appendUploads(archive: ZipArchive, userId: string): Promise<void> {
    for (const object of await this.deps.storage.list(userUploadPrefix(userId))) {
      await this.appendObject(archive, object.key, `uploads/${path.posix.basename(object.key)}`);
    }
  }

  /** One stored object into the zip; one that is no longer stored is left out. */
  private async appendObject(archive: ZipArchive, key: string, name: string): Promise<void> {
    const { storage } = this.deps;
    const info = await storage.stat(key);
    if (!info || archive.destroyed) return;
    await appendEntry(archive, await storage.read(key), {
      name,
      date: info.storedAt,
      store: true,
    });
  }

  /** account.json, written a page of rows at a time. */
  private async *accountJson(user: UserRow, now: Date): AsyncGenerator<Buffer> {
    const { repository } = this.deps;
    const { profile, creditBalance, sessions } = await repository.profile(user);
    yield text(
      `{\n"format": "reelforge-account-export/1",\n"exportedAt": ${json(now)},\n` +
        `"profile": ${json(profile)},\n"creditBalance": ${json(creditBalance)},\n` +
        `"sessions": ${json(sessions)}`,
    );
    for (const name of Object.keys(EXPORT_SECTIONS) as ExportSectionName[]) {
      yield text(`,\n${json(name)}: [`);
      let first = true;
      let after: number | string | null = null;
      do {
        const page = await repository.page(name, user.id, after);
        if (name === 'jobs') {
          for (const job of page.rows) {
            yield text(first ? '\n' : ',\n');
            yield* this.jobWithRuns(job);
            first = false;
          }
        } else if (page.rows.length > 0) {
          yield text(`${first ? '\n' : ',\n'}${page.rows.map(json).join(',\n')}`);
          first = false;
        }
        after = page.last;
      } while (after !== null);
      yield text(first ? ']' : '\n]');
    }
    yield text('\n}\n');
  }

  /** A job with its runs inside it, a page of runs at a time (an hourly job has thousands). */
  private async *jobWithRuns(job: Record<string, unknown>): AsyncGenerator<Buffer> {
    // The job's own fields, then "runs" as its last field.
    yield text(`${json(job).slice(0, -1)},"runs":[`);
    let first = true;
    let after: number | null = null;
    do {
      const page = await this.deps.repository.jobRuns(job.id as number, after);
      if (page.rows.length > 0) {
        yield text(`${first ? '' : ','}${page.rows.map(json).join(',')}`);
        first = false;
      }
      after = page.last;
    } while (after !== null);
    yield text(']}');
  }
}

const json = (value: unknown) => JSON.stringify(value);
const text = (value: string) => Buffer.from(value, 'utf8');

/**
 * Adds one entry and waits until the zip has written it, so only one source is open at a time.
 * Rejects, closing the source, when the zip fails or is destroyed (the download was cancelled).
 */
function appendEntry(
  archive: ZipArchive,
  source: Readable,
  data: { name: string; date: Date; store?: boolean },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const cleanUp = () => {
      archive.off('entry', onEntry);
      archive.off('error', onFailure);
      archive.off('close', onFailure);
    };
    const onEntry = () => {
      cleanUp();
      resolve();
    };
    const onFailure = (error?: Error) => {
      cleanUp();
      source.destroy();
      reject(error ?? new Error('the export was closed before it was complete'));
    };
    archive.on('entry', onEntry);
    archive.once('error', onFailure);
    archive.once('close', onFailure);
    archive.append(source, data);
  });
}
