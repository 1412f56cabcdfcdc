// The one place uploaded images are decoded (sharp): their real dimensions, read from the header
// alone, a pixel limit, and a one-time downscale, so a render never decodes an image bigger than
// it can use (a 16000×16000 PNG of 746 KB used to cost one ffmpeg 873 MB).
import { rename, rm } from 'node:fs/promises';
import sharp from 'sharp';

/** Refused above this: 40 megapixels (8000 × 5000), well above any phone camera's photos. */
export const MAX_IMAGE_PIXELS = 40_000_000;
/**
 * Stored images fit in this square. Scenes are 1280 × 720 (or upright), and the slow zoom crops
 * in by up to a fifth; twice the scene's long side keeps every frame sharp.
 */
export const STORED_IMAGE_MAX_SIDE = 2560;

export const IMAGE_TOO_LARGE_MESSAGE =
  'This image has too many pixels. Please upload one of at most 40 megapixels (for example 8000 × 5000).';

export type ImageCheck =
  | { ok: true; width: number; height: number; resized: boolean }
  | { ok: false; reason: 'too-large' | 'unreadable' };

/**
 * Checks the image file in place and, when it is larger than any render needs, replaces it with a
 * downscaled copy in the same format (the first frame of an animated GIF, which scenes show still).
 */
export async function checkAndFitImage(file: string): Promise<ImageCheck> {
  let width: number;
  let height: number;
  try {
    // Reads the header only: nothing is decoded yet, whatever the dimensions claim.
    const metadata = await sharp(file, { limitInputPixels: false }).metadata();
    width = metadata.width ?? 0;
    height = metadata.height ?? 0;
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  if (!width || !height) return { ok: false, reason: 'unreadable' };
  if (width * height > MAX_IMAGE_PIXELS) return { ok: false, reason: 'too-large' };
  if (Math.max(width, height) <= STORED_IMAGE_MAX_SIDE) {
    return { ok: true, width, height, resized: false };
  }
  const fitted = `${file}.fitted`;
  try {
    const info = await sharp(file, { limitInputPixels: MAX_IMAGE_PIXELS, sequentialRead: true })
      // Photos carry their orientation in EXIF, which re-encoding would otherwise drop.
      .rotate()
      .resize({
        width: STORED_IMAGE_MAX_SIDE,
        height: STORED_IMAGE_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .toFile(fitted);
    await rename(fitted, file);
    return { ok: true, width: info.width, height: info.height, resized: true };
  } catch {
    await rm(fitted, { force: true });
    return { ok: false, reason: 'unreadable' };
  }
}

/** An image's upright size in pixels, from its header; null when it cannot be read. */
export async function imageSize(file: string): Promise<{ width: number; height: number } | null> {
  try {
    const metadata = await sharp(file, { limitInputPixels: false }).metadata();
    if (!metadata.width || !metadata.height) return null;
    // EXIF orientations 5 to 8 turn the picture a quarter: width and height swap.
    const turned = (metadata.orientation ?? 1) >= 5;
    return turned
      ? { width: metadata.height, height: metadata.width }
      : { width: metadata.width, height: metadata.height };
  } catch {
    return null;
  }
}
