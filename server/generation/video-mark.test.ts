// Which mark a render gives its video: none with the switch off, ours without a saved mark or below
// Elite (a mark kept from Elite is not used), the member's own otherwise, and ours again when
// theirs can no longer be drawn (its image is gone).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { LocalDiskStorage } from '../storage/storage';
import type { RenderRepository, RenderRequest } from './render-repository';
import { videoMark } from './video-mark';

type Saved = Awaited<ReturnType<RenderRepository['memberWatermark']>>;

let dir: string;
let storage: LocalDiskStorage;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'reelforge-video-mark-'));
  storage = new LocalDiskStorage(path.join(dir, 'media'));
  await storage.putBuffer(
    'users/u1/watermark/mark.png',
    await sharp({ create: { width: 64, height: 64, channels: 3, background: '#ff00ff' } })
      .png()
      .toBuffer(),
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const request = (watermark: boolean) =>
  ({ id: 7, userId: 'u1', watermark, aspectRatio: 'portrait' }) as RenderRequest;

function markOf(saved: Saved, watermark = true) {
  return videoMark(
    {
      repository: { memberWatermark: async () => saved },
      storage,
      log: createLogger('silent'),
    },
    request(watermark),
    { workDir: dir, signal: new AbortController().signal, limit: (task) => task() },
  );
}

const image = {
  kind: 'image',
  imageKey: 'users/u1/watermark/mark.png',
  text: null,
  corner: 'top-left',
  opacity: 0.6,
};

describe('videoMark', () => {
  it('is none with the switch off, and ours without a mark or below Elite', async () => {
    expect(await markOf({ ...image, memberLevel: 'Elite' }, false)).toBe(false);
    expect(await markOf(null)).toBe(true);
    expect(await markOf({ ...image, memberLevel: 'Pro' })).toBe(true);
  });

  it("is the Elite member's own, drawn at the video's size for its corner", async () => {
    const mark = await markOf({ ...image, memberLevel: 'Elite' });
    expect(mark).toMatchObject({ corner: 'top-left', width: 100, height: 100 });
    const text = await markOf({
      ...image,
      kind: 'text',
      imageKey: null,
      text: 'Ember & Oak',
      corner: 'bottom-right',
      memberLevel: 'Elite',
    });
    expect(text).toMatchObject({ corner: 'bottom-right', file: expect.stringContaining(dir) });
  });

  it('falls back to ours when the image is gone', async () => {
    const gone = { ...image, imageKey: 'users/u1/watermark/gone.png', memberLevel: 'Elite' };
    expect(await markOf(gone)).toBe(true);
  });
});
