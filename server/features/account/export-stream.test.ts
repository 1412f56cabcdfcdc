// The export's zip as a stream, against stand-ins for the database and the store: large files are
// opened one at a time, only when the zip reaches them; the store is asked about the next few files
// meanwhile and small ones are fetched that far ahead, never further, and the zip keeps the
// library's order; a cancelled download closes what is open and asks nothing more.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readZip } from '../../../test/account-data';
import type { UserRow } from '../../db/schema';
import { createLogger } from '../../logger';
import type { Storage } from '../../storage/storage';
import { AccountExportService, EXPORT_FETCH_AHEAD_BYTES, EXPORT_LOOK_AHEAD } from './export';
import type { AccountRepository, VideoFiles } from './repository';

const MB = 1024 * 1024;

/** A store whose every object is `bytes` long, recording which it opened and how many are open. */
function countingStorage(bytes: number) {
  const opened: string[] = [];
  const state = { open: 0, mostOpen: 0, closed: 0 };
  const storage = {
    kind: 'local',
    stat: async () => ({ bytes, storedAt: new Date(0) }),
    list: async () => [],
    read: async (key: string) => {
      opened.push(key);
      state.open += 1;
      state.mostOpen = Math.max(state.mostOpen, state.open);
      let sent = 0;
      const stream = new Readable({
        read() {
          const size = Math.min(64 * 1024, bytes - sent);
          sent += size;
          this.push(size > 0 ? Buffer.alloc(size, 7) : null);
        },
      });
      stream.once('close', () => {
        state.open -= 1;
        state.closed += 1;
      });
      return stream;
    },
  } as unknown as Storage;
  return { storage, opened, state };
}

function repositoryWith(videos: number) {
  const files: VideoFiles[] = Array.from({ length: videos }, (_, index) => ({
    id: index + 1,
    title: `Video ${index + 1}`,
    videoKey: `users/u1/videos/${index + 1}/video.mp4`,
    thumbnailKey: null,
    captionsKey: null,
    createdAt: new Date(0),
  }));
  return {
    profile: async () => ({ profile: { id: 'u1' }, creditBalance: null, sessions: [] }),
    page: async () => ({ rows: [], last: null }),
    jobRuns: async () => ({ rows: [], last: null }),
    videoFiles: async (_userId: string, after: number | null) =>
      files.filter((file) => after === null || file.id > after),
    versionFiles: async () => [],
  } as unknown as AccountRepository;
}

const user = { id: 'u1' } as UserRow;
const log = createLogger('silent');
const clock = { now: () => new Date('2025-01-31T12:00:00Z') };

describe('the export stream', () => {
  it('opens large files one at a time, in order, and ends with all of them', async () => {
    const { storage, opened, state } = countingStorage(MB);
    const service = new AccountExportService({
      repository: repositoryWith(5),
      storage,
      clock,
      log,
    });
    const { fileName, stream } = service.open(user);
    expect(fileName).toBe('reelforge-export-2025-01-31.zip');
    let total = 0;
    for await (const chunk of stream) total += (chunk as Buffer).length;
    expect(opened).toEqual([1, 2, 3, 4, 5].map((id) => `users/u1/videos/${id}/video.mp4`));
    expect(state.mostOpen).toBe(1);
    expect(total).toBeGreaterThan(5 * MB);
  });

  it('closes the open file and reads no other when the download stops', async () => {
    const { storage, opened, state } = countingStorage(8 * MB);
    const service = new AccountExportService({
      repository: repositoryWith(50),
      storage,
      clock,
      log,
    });
    const { stream } = service.open(user);
    let received = 0;
    for await (const chunk of stream) {
      received += (chunk as Buffer).length;
      if (received > 2 * MB) break;
    }
    // Leaving the loop destroys the stream, as a cancelled response does.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(stream.destroyed).toBe(true);
    expect(opened).toHaveLength(1);
    expect(state.open).toBe(0);
  });
});

/**
 * A store holding `objects`, each question answered after a few milliseconds as a bucket would,
 * recording how many questions and reads are under way at once and which reads are large.
 */
function slowStorage(objects: Map<string, Buffer>) {
  const state = {
    asking: 0,
    mostAsking: 0,
    open: 0,
    mostOpen: 0,
    openLarge: 0,
    mostOpenLarge: 0,
    asked: [] as string[],
    opened: [] as string[],
  };
  const answerLater = () => new Promise((resolve) => setTimeout(resolve, 2 + Math.random() * 6));
  const storage = {
    kind: 's3',
    stat: async (key: string) => {
      state.asked.push(key);
      state.asking += 1;
      state.mostAsking = Math.max(state.mostAsking, state.asking);
      await answerLater();
      state.asking -= 1;
      const bytes = objects.get(key);
      return bytes ? { bytes: bytes.length, storedAt: new Date(0) } : null;
    },
    list: async () => [],
    read: async (key: string) => {
      const bytes = objects.get(key);
      if (!bytes) throw new Error(`no object ${key}`);
      state.opened.push(key);
      const large = bytes.length > EXPORT_FETCH_AHEAD_BYTES;
      state.open += 1;
      state.mostOpen = Math.max(state.mostOpen, state.open);
      if (large) {
        state.openLarge += 1;
        state.mostOpenLarge = Math.max(state.mostOpenLarge, state.openLarge);
      }
      await answerLater();
      let sent = 0;
      const stream = new Readable({
        read() {
          const chunk = bytes.subarray(sent, sent + 16 * 1024);
          sent += chunk.length;
          this.push(chunk.length > 0 ? chunk : null);
        },
      });
      stream.once('close', () => {
        state.open -= 1;
        if (large) state.openLarge -= 1;
      });
      return stream;
    },
  } as unknown as Storage;
  return { storage, state };
}

/** `videos` videos, each with a large video file and a small thumbnail and captions. */
function library(videos: number, options: { missing?: (key: string) => boolean } = {}) {
  const objects = new Map<string, Buffer>();
  const files: VideoFiles[] = [];
  for (let id = 1; id <= videos; id++) {
    const prefix = `users/u1/videos/${id}-1-abc/`;
    const keys = {
      video: `${prefix}video.mp4`,
      thumbnail: `${prefix}thumbnail.jpg`,
      captions: `${prefix}captions.vtt`,
    };
    const sizes = { video: EXPORT_FETCH_AHEAD_BYTES + 40_000, thumbnail: 60_000, captions: 900 };
    for (const kind of ['video', 'thumbnail', 'captions'] as const) {
      if (!options.missing?.(keys[kind])) {
        objects.set(keys[kind], Buffer.alloc(sizes[kind], `${id}-${kind}`));
      }
    }
    files.push({
      id,
      title: `Video ${id}`,
      videoKey: keys.video,
      thumbnailKey: keys.thumbnail,
      captionsKey: keys.captions,
      createdAt: new Date(0),
    });
  }
  const repository = {
    profile: async () => ({ profile: { id: 'u1' }, creditBalance: null, sessions: [] }),
    page: async () => ({ rows: [], last: null }),
    jobRuns: async () => ({ rows: [], last: null }),
    videoFiles: async (_userId: string, after: number | null) =>
      files.filter((file) => after === null || file.id > after),
    versionFiles: async () => [],
  } as unknown as AccountRepository;
  return { objects, repository };
}

async function wholeZip(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('the export stream, with a store that takes time to answer', () => {
  it('asks about the next files while the zip writes one, never further ahead, keeping the order', async () => {
    const { objects, repository } = library(20);
    const { storage, state } = slowStorage(objects);
    const service = new AccountExportService({ repository, storage, clock, log });
    const entries = await readZip(await wholeZip(service.open(user).stream));

    // Every file, byte for byte, in the library's order, whatever order the answers came in.
    const expected = [...objects.keys()];
    expect([...entries.keys()]).toEqual([
      'account.json',
      ...expected.map((key) => {
        const id = key.split('/')[3]?.split('-')[0];
        return `videos/${id} - Video ${id}.${key.split('.').at(-1)}`;
      }),
    ]);
    expected.forEach((key, index) => {
      expect(
        entries.get([...entries.keys()][index + 1] ?? '')?.equals(objects.get(key) as Buffer),
      ).toBe(true);
    });
    // Several questions at once (the round trips overlap), but no more than the look-ahead.
    expect(state.mostAsking).toBeGreaterThan(1);
    expect(state.mostAsking).toBeLessThanOrEqual(EXPORT_LOOK_AHEAD);
    // Large files one at a time; small ones fetched ahead, no more than the look-ahead at once.
    expect(state.mostOpenLarge).toBe(1);
    expect(state.mostOpen).toBeLessThanOrEqual(EXPORT_LOOK_AHEAD);
    expect(state.open).toBe(0);
    // Each file read once.
    expect([...state.opened].sort()).toEqual([...expected].sort());
  });

  it('leaves out files that are no longer stored', async () => {
    const gone = (key: string) => key.includes('/3-1-') || key.endsWith('7-1-abc/captions.vtt');
    const { objects, repository } = library(8, { missing: gone });
    const { storage, state } = slowStorage(objects);
    const service = new AccountExportService({ repository, storage, clock, log });
    const names = [...(await readZip(await wholeZip(service.open(user).stream))).keys()];

    expect(names).toHaveLength(1 + 8 * 3 - 4);
    expect(names.some((name) => name.startsWith('videos/3 '))).toBe(false);
    expect(names).toContain('videos/7 - Video 7.jpg');
    expect(names).not.toContain('videos/7 - Video 7.vtt');
    expect(state.opened.some(gone)).toBe(false);
  });

  it('asks nothing more and closes what it was fetching when the download stops', async () => {
    const { objects, repository } = library(50);
    const { storage, state } = slowStorage(objects);
    const service = new AccountExportService({ repository, storage, clock, log });
    const { stream } = service.open(user);
    let received = 0;
    for await (const chunk of stream) {
      received += (chunk as Buffer).length;
      if (received > 1024 * 1024) break;
    }
    const askedAtStop = state.asked.length;
    await new Promise((resolve) => setTimeout(resolve, 200));

    expect(stream.destroyed).toBe(true);
    // What was under way when it stopped, at most the look-ahead; nothing asked after.
    expect(state.asked.length).toBe(askedAtStop);
    expect(askedAtStop).toBeLessThan(50 * 3);
    expect(state.opened.length).toBeLessThanOrEqual(askedAtStop);
    expect(state.open).toBe(0);
  });
});
