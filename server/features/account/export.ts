// A member's data as one zip (docs/accounts.md "Your data"): account.json with every row of theirs,
// then their videos (with thumbnails and captions) and uploads. Rows are read a page at a time;
// the store is asked about the next few files while the zip writes the current one, small files
// are fetched that far ahead, and a large one is opened only when the zip reaches it, so memory
// stays the same however large the library; nothing of any other member is read.
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { ZipArchive } from 'archiver';
import { accountExportFileName } from '../../../shared/schemas/account';
import type { Clock } from '../../clock';
import type { UserRow } from '../../db/schema';
import type { Logger } from '../../logger';
import type { ObjectInfo, Storage } from '../../storage/storage';
import { userUploadPrefix, userWatermarkPrefix } from '../../storage/storage-keys';
import {
  type AccountRepository,
  EXPORT_PAGE_SIZE,
  EXPORT_SECTIONS,
  type ExportSectionName,
} from './repository';

/** What the export is opened as: its file name, and the zip's bytes as they are made. */
export type AccountExport = { fileName: string; stream: Readable };

/**
 * Files the store is asked about ahead of the zip. Each question is a round trip (on S3 a request
 * of 20 ms or more): asked one after another, as the zip reached each file, they were nearly all
 * of the export's time.
 */
export const EXPORT_LOOK_AHEAD = 8;
/**
 * Files up to this size (thumbnails, captions, small uploads) are fetched ahead too, into memory:
 * at most EXPORT_LOOK_AHEAD of them, 2 MB. Larger ones stream, one at a time, when the zip reaches
 * them.
 */
export const EXPORT_FETCH_AHEAD_BYTES = 256 * 1024;

/** One file for the zip: its key, its name in the zip, and what a listing already said of it. */
type ZipFile = { key: string; name: string; info?: ObjectInfo };
/** A file looked up ahead: what the store said of it, and its bytes when small. */
type Ahead = { file: ZipFile; info: ObjectInfo; bytes: Buffer | null };

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
    await this.appendFiles(archive, this.files(user.id));
    await archive.finalize();
  }

  /** The member's files in the zip's order: each video's own, the uploads, the watermark image. */
  private async *files(userId: string): AsyncGenerator<ZipFile> {
    const { repository, storage } = this.deps;
    let after: number | null = null;
    for (;;) {
      const page = await repository.videoFiles(userId, after);
      const earlier = await repository.versionFiles(
        userId,
        page.map((video) => video.id),
      );
      for (const video of page) {
        for (const key of [video.videoKey, video.thumbnailKey, video.captionsKey]) {
          if (key) yield { key, name: videoEntryName(video, key) };
        }
        for (const version of earlier.filter((entry) => entry.videoId === video.id)) {
          yield {
            key: version.videoKey,
            name: videoEntryName(
              { id: video.id, title: `${video.title} (version ${version.version})` },
              version.videoKey,
            ),
          };
        }
      }
      if (page.length < EXPORT_PAGE_SIZE) break;
      after = page[page.length - 1]?.id ?? null;
    }
    // The listing says size and date already: no question per upload.
    for (const object of await storage.list(userUploadPrefix(userId))) {
      yield {
        key: object.key,
        name: `uploads/${path.posix.basename(object.key)}`,
        info: { bytes: object.bytes, storedAt: object.storedAt },
      };
    }
    for (const object of await storage.list(userWatermarkPrefix(userId))) {
      yield {
        key: object.key,
        name: `watermark/${path.posix.basename(object.key)}`,
        info: { bytes: object.bytes, storedAt: object.storedAt },
      };
    }
  }

  /**
   * Adds the files in order, media stored as it is (compressed already). While the zip writes one,
   * the next EXPORT_LOOK_AHEAD are looked up (and fetched when small), so the zip waits on the store
   * mostly for a large file's first bytes. A file that is no longer stored is left out. When the
   * zip stops (the download was cancelled), nothing more is asked and small fetches are closed.
   */
  private async appendFiles(archive: ZipArchive, files: AsyncGenerator<ZipFile>): Promise<void> {
    const { storage } = this.deps;
    const fetching = new Set<Readable>();
    const state = { stopped: false };
    const lookUp = async (file: ZipFile): Promise<Ahead | null> => {
      const info = file.info ?? (await storage.stat(file.key));
      if (!info || state.stopped) return null;
      if (info.bytes > EXPORT_FETCH_AHEAD_BYTES) return { file, info, bytes: null };
      const stream = await storage.read(file.key);
      if (state.stopped) {
        stream.destroy();
        return null;
      }
      fetching.add(stream);
      try {
        return { file, info, bytes: await buffer(stream) };
      } finally {
        fetching.delete(stream);
      }
    };

    const ahead: Promise<Ahead | null>[] = [];
    let listed = false;
    try {
      for (;;) {
        while (!listed && ahead.length < EXPORT_LOOK_AHEAD) {
          const next = await files.next();
          if (next.done) {
            listed = true;
          } else {
            const found = lookUp(next.value);
            // Its failure is the export's when the zip reaches it, not an unhandled one now.
            found.catch(() => {});
            ahead.push(found);
          }
        }
        const next = ahead.shift();
        if (!next) return;
        const found = await next;
        if (archive.destroyed) return;
        if (!found) continue;
        await appendEntry(archive, found.bytes ?? (await storage.read(found.file.key)), {
          name: found.file.name,
          date: found.info.storedAt,
          store: true,
        });
      }
    } finally {
      state.stopped = true;
      for (const stream of fetching) stream.destroy();
      await files.return(undefined);
    }
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
  source: Readable | Buffer,
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
      if (source instanceof Readable) source.destroy();
      reject(error ?? new Error('the export was closed before it was complete'));
    };
    archive.on('entry', onEntry);
    archive.once('error', onFailure);
    archive.once('close', onFailure);
    archive.append(source, data);
  });
}
