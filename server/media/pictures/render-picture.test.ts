// A chosen picture drawn as a sharp, centred, square PNG with a transparent background, read
// back with sharp.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { choosePictures } from './pictures';
import { renderPicture } from './render-picture';

let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'reelforge-pictures-'));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function readRgba(file: string) {
  const { data, info } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
  const alphaAt = (x: number, y: number) => data[(y * info.width + x) * info.channels + 3] ?? -1;
  return { data, info, alphaAt };
}

describe('renderPicture', () => {
  it('draws a picture as a 512 × 512 PNG, opaque in the middle and transparent at the corners', async () => {
    const [apple] = choosePictures(['A red apple']);
    const file = path.join(folder, 'apple.png');
    await renderPicture(apple?.svg ?? '', 512, file);

    const metadata = await sharp(file).metadata();
    expect(metadata).toMatchObject({ format: 'png', width: 512, height: 512, hasAlpha: true });
    const { info, alphaAt } = await readRgba(file);
    expect(info.channels).toBe(4);
    expect(alphaAt(256, 256)).toBe(255);
    for (const [x, y] of [
      [0, 0],
      [511, 0],
      [0, 511],
      [511, 511],
    ] as const) {
      expect(alphaAt(x, y)).toBe(0);
    }
  });

  it('draws a 32-unit icon at full resolution rather than scaling up a 32-pixel one', async () => {
    // A disc's edge, drawn at 512 px, is a band of a pixel or two of partial alpha; a 32 px disc
    // stretched 16 times would have a band about 16 px wide.
    const disc =
      '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32"><circle cx="16" cy="16" r="15" fill="#e33"/></svg>';
    const file = path.join(folder, 'disc.png');
    await renderPicture(disc, 512, file);
    const { data, info } = await readRgba(file);
    let partial = 0;
    for (let offset = 3; offset < data.length; offset += info.channels) {
      const alpha = data[offset] ?? 0;
      if (alpha > 0 && alpha < 255) partial += 1;
    }
    const circumference = 2 * Math.PI * 240;
    expect(partial).toBeLessThan(circumference * 3);
  });

  it('fits a picture that is not square inside the square, centred', async () => {
    const wide =
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" viewBox="0 0 40 20"><rect width="40" height="20" fill="#36c"/></svg>';
    const file = path.join(folder, 'wide.png');
    await renderPicture(wide, 200, file);
    const { info, alphaAt } = await readRgba(file);
    expect([info.width, info.height]).toEqual([200, 200]);
    expect(alphaAt(100, 100)).toBe(255);
    expect(alphaAt(0, 100)).toBe(255);
    expect(alphaAt(100, 10)).toBe(0);
    expect(alphaAt(100, 190)).toBe(0);
  });

  it('refuses a size that is not a whole positive number of pixels', async () => {
    const file = path.join(folder, 'never.png');
    await expect(renderPicture('<svg/>', 0, file)).rejects.toThrow(RangeError);
    await expect(renderPicture('<svg/>', 12.5, file)).rejects.toThrow(RangeError);
  });
});
