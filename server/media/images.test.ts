// Uploaded images as members send them: a phone photo stored sideways with an EXIF turn, a 2 × 2
// icon, an animated GIF, a 3000 × 200 banner and a CMYK JPEG all come out as files a render reads
// the right way up, with their real size; an ordinary photo is left byte for byte as it was.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeImage } from '../../test/media';
import {
  checkAndFitImage,
  STORED_IMAGE_MAX_SIDE,
  STORED_IMAGE_MIN_SIDE,
  uprightImage,
} from './images';

let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'reelforge-images-'));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

const RED = { r: 220, g: 30, b: 30 };
const BLUE = { r: 30, g: 30, b: 220 };

/**
 * A photo as a phone stores it when held upright: the sensor's landscape pixels (red on the left,
 * blue on the right) and EXIF orientation 6, "turn a quarter clockwise to show".
 */
async function sidewaysPhoto(file: string): Promise<void> {
  const half = { width: 200, height: 200, channels: 3 as const };
  await sharp({ create: { width: 400, height: 200, channels: 3, background: BLUE } })
    .composite([{ input: { create: { ...half, background: RED } }, left: 0, top: 0 }])
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toFile(file);
}

async function pixel(file: string, x: number, y: number) {
  const { data, info } = await sharp(file)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return { r: data[at] ?? 0, g: data[at + 1] ?? 0, b: data[at + 2] ?? 0 };
}

const isRed = (colour: { r: number; b: number }) => colour.r > 150 && colour.b < 100;
const isBlue = (colour: { r: number; b: number }) => colour.b > 150 && colour.r < 100;

describe('checkAndFitImage', () => {
  it('turns a sideways phone photo upright and reports its upright size', async () => {
    const file = path.join(folder, 'phone.jpg');
    await sidewaysPhoto(file);
    expect((await sharp(file).metadata()).orientation).toBe(6);

    const checked = await checkAndFitImage(file);
    expect(checked).toEqual({ ok: true, width: 200, height: 400, format: 'jpg', changed: true });
    const stored = await sharp(file).metadata();
    expect([stored.width, stored.height, stored.orientation ?? 1]).toEqual([200, 400, 1]);
    // A quarter turn clockwise brings the sensor's left edge to the top.
    expect(isRed(await pixel(file, 100, 50))).toBe(true);
    expect(isBlue(await pixel(file, 100, 350))).toBe(true);
  });

  it(`enlarges a 2 × 2 PNG to a ${STORED_IMAGE_MIN_SIDE} px square, its four pixels kept crisp`, async () => {
    const file = path.join(folder, 'tiny.png');
    const pixels = Buffer.from([220, 30, 30, 30, 30, 220, 30, 30, 220, 220, 30, 30]);
    await sharp(pixels, { raw: { width: 2, height: 2, channels: 3 } })
      .png()
      .toFile(file);

    const checked = await checkAndFitImage(file);
    expect(checked).toEqual({
      ok: true,
      width: STORED_IMAGE_MIN_SIDE,
      height: STORED_IMAGE_MIN_SIDE,
      format: 'png',
      changed: true,
    });
    expect(isRed(await pixel(file, 10, 10))).toBe(true);
    expect(isBlue(await pixel(file, 117, 10))).toBe(true);
    expect(isBlue(await pixel(file, 10, 117))).toBe(true);
  });

  it('keeps the first frame of an animated GIF, as a PNG', async () => {
    const file = path.join(folder, 'loop.gif');
    await writeFile(file, await makeImage('gif', '200x150', 3));
    expect((await sharp(file, { pages: -1 }).metadata()).pages).toBe(3);

    const checked = await checkAndFitImage(file);
    expect(checked).toEqual({ ok: true, width: 200, height: 150, format: 'png', changed: true });
    const stored = await sharp(file).metadata();
    expect([stored.format, stored.pages ?? 1]).toEqual(['png', 1]);
  });

  it('keeps a 3000 × 200 banner whole, only scaled to fit the stored bounds', async () => {
    const file = path.join(folder, 'banner.png');
    await sharp({ create: { width: 3000, height: 200, channels: 3, background: RED } })
      .png()
      .toFile(file);

    const checked = await checkAndFitImage(file);
    expect(checked).toEqual({
      ok: true,
      width: STORED_IMAGE_MAX_SIDE,
      height: 171,
      format: 'png',
      changed: true,
    });
  });

  it('converts a print-ready CMYK JPEG to sRGB, the colour space every filter of a render assumes', async () => {
    const file = path.join(folder, 'print.jpg');
    await sharp({ create: { width: 300, height: 200, channels: 3, background: RED } })
      .toColourspace('cmyk')
      .jpeg()
      .toFile(file);
    expect((await sharp(file).metadata()).space).toBe('cmyk');

    const checked = await checkAndFitImage(file);
    expect(checked).toMatchObject({ ok: true, width: 300, height: 200, format: 'jpg' });
    expect((await sharp(file).metadata()).space).toBe('srgb');
    expect(isRed(await pixel(file, 150, 100))).toBe(true);
  });

  it('leaves an ordinary upright photo exactly as it was sent', async () => {
    const file = path.join(folder, 'plain.jpg');
    await sharp({ create: { width: 640, height: 480, channels: 3, background: BLUE } })
      .jpeg()
      .toFile(file);
    const before = await readFile(file);

    expect(await checkAndFitImage(file)).toEqual({
      ok: true,
      width: 640,
      height: 480,
      format: 'jpg',
      changed: false,
    });
    expect((await readFile(file)).equals(before)).toBe(true);
  });

  it('refuses bytes that only start like an image', async () => {
    const file = path.join(folder, 'broken.png');
    await writeFile(file, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]));
    expect(await checkAndFitImage(file)).toEqual({ ok: false, reason: 'unreadable' });
  });
});

describe('uprightImage', () => {
  it('gives a render an upright copy of an image stored before uploads were turned upright', async () => {
    const file = path.join(folder, 'old-upload.jpg');
    await sidewaysPhoto(file);
    const scratch = await mkdtemp(path.join(folder, 'scene-'));

    const upright = await uprightImage(file, scratch);
    expect(upright).toMatchObject({ width: 200, height: 400 });
    expect(upright?.file).not.toBe(file);
    expect(isRed(await pixel(upright?.file as string, 100, 50))).toBe(true);
    // An upright image is read where it is.
    expect(await uprightImage(upright?.file as string, scratch)).toEqual({
      file: upright?.file,
      width: 200,
      height: 400,
    });
  });
});
