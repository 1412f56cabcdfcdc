// Real media files for tests, made with the same ffmpeg the app uses (nothing binary committed).
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { ffmpegPath } from '../server/media/ffmpeg';
import { probeMedia } from '../server/media/renderer';

const run = promisify(execFile);

/** A small real image (a test pattern) in the given format; a GIF of several frames animates. */
export async function makeImage(
  format: 'png' | 'jpg' | 'gif',
  size = '320x240',
  frames = 1,
): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'reelforge-image-'));
  try {
    const file = path.join(dir, `image.${format}`);
    await run(ffmpegPath(), [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=size=${size}:rate=1`,
      '-frames:v',
      String(frames),
      file,
    ]);
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Saves downloaded bytes and probes them with ffprobe. */
export async function probeBytes(bytes: Uint8Array) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'reelforge-probe-'));
  try {
    const file = path.join(dir, 'video.mp4');
    await writeFile(file, bytes);
    return await probeMedia(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** One frame of a video file as raw bytes, row by row at the video's own size (gray: 1 a pixel, rgb24: 3). */
export async function videoFrame(
  file: string,
  seconds: number,
  pixelFormat: 'gray' | 'rgb24',
): Promise<Buffer> {
  const { stdout } = await run(
    ffmpegPath(),
    [
      ...['-v', 'error', '-ss', String(seconds), '-i', file, '-frames:v', '1'],
      ...['-f', 'rawvideo', '-pix_fmt', pixelFormat, '-'],
    ],
    { encoding: 'buffer', maxBuffer: 16 * 1024 * 1024 },
  );
  return stdout;
}

/** One frame of a video (its bytes) at `seconds`, as a PNG file's bytes for sharp to read. */
export async function videoFrameFile(bytes: Uint8Array, seconds: number): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'reelforge-frame-'));
  try {
    const file = path.join(dir, 'video.mp4');
    await writeFile(file, bytes);
    const { stdout } = await run(
      ffmpegPath(),
      [
        ...['-v', 'error', '-ss', String(seconds), '-i', file, '-frames:v', '1'],
        ...['-f', 'image2pipe', '-vcodec', 'png', '-'],
      ],
      { encoding: 'buffer', maxBuffer: 32 * 1024 * 1024 },
    );
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The mean [r, g, b] of a region of an image (sharp's stats() reads the whole input, so the
 * region is cut out and averaged here).
 */
export async function regionMean(
  image: Buffer,
  region: { left: number; top: number; width: number; height: number },
): Promise<number[]> {
  const { data, info } = await sharp(image)
    .extract(region)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const sums = new Float64Array(3);
  for (let index = 0; index < data.length; index += info.channels) {
    for (let channel = 0; channel < 3; channel++) {
      sums[channel] = (sums[channel] ?? 0) + (data[index + channel] ?? 0);
    }
  }
  const pixels = data.length / info.channels;
  return [...sums].map((sum) => Math.round(sum / pixels));
}
