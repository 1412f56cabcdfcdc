// The export's zip as a stream, against stand-ins for the database and the store: files are opened
// one at a time, only when the zip reaches them, and a cancelled download closes the open one and
// reads nothing more.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { createLogger } from '../../logger';
import type { Storage } from '../../storage/storage';
import { AccountExportService } from './export';
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
  } as unknown as AccountRepository;
}

const user = { id: 'u1' } as UserRow;
const log = createLogger('silent');
const clock = { now: () => new Date('2025-01-31T12:00:00Z') };

describe('the export stream', () => {
  it('opens one file at a time, in order, and ends with all of them', async () => {
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
