// The one place uploaded images are decoded (sharp): their real dimensions, read from the header
// alone, a pixel limit, and a one-time rewrite at upload (upright, inside 128..2560 px, JPEG or
// PNG), so a render never decodes an image bigger than it can use (a 16000×16000 PNG of 746 KB
// used to cost one ffmpeg 873 MB) nor shows a phone photo sideways.
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';

/** Refused above this: 40 megapixels (8000 × 5000), well above any phone camera's photos. */
export const MAX_IMAGE_PIXELS = 40_000_000;
/**
 * Stored images fit in this square. Scenes are 1280 × 720 (or upright), and the slow zoom crops
 * in by up to a fifth; twice the scene's long side keeps every frame sharp.
 */
export const STORED_IMAGE_MAX_SIDE = 2560;

export const IMAGE_TOO_LARGE_MESSAGE =
  'This image has too many pixels. Please upload one of at most 40 megapixels (for example 8000 × 5000).';

/**
 * Smaller images are enlarged at upload to this short side (never past STORED_IMAGE_MAX_SIDE): a
 * 2 × 2 icon then has pixels enough for every filter of a render, and reports a real size.
 */
export const STORED_IMAGE_MIN_SIDE = 128;

/**
 * No image takes sharp longer than this (its work runs on libuv's threads, not the event loop,
 * but a worker's render must still end); memory is bounded by MAX_IMAGE_PIXELS.
 */
const SHARP_TIMEOUT = { seconds: 30 };

export type StoredImageFormat = 'jpg' | 'png';

export type ImageCheck =
  | {
      ok: true;
      width: number;
      height: number;
      /** What the file holds now (a GIF becomes a PNG of its first frame). */
      format: StoredImageFormat;
      /** Whether the file was rewritten: turned upright, resized or converted. */
      changed: boolean;
    }
  | { ok: false; reason: 'too-large' | 'unreadable' };

/** EXIF orientations 5 to 8 turn the picture a quarter: its upright width and height swap. */
function uprightSize(metadata: Metadata): { width: number; height: number } {
  const width = metadata.width ?? 0;
  const height = metadata.height ?? 0;
  return (metadata.orientation ?? 1) >= 5 ? { width: height, height: width } : { width, height };
}

/** The scale that brings an upright size inside the stored bounds (1 when it already is). */
function storedScale({ width, height }: { width: number; height: number }): number {
  const short = Math.min(width, height);
  const long = Math.max(width, height);
  if (long > STORED_IMAGE_MAX_SIDE) return STORED_IMAGE_MAX_SIDE / long;
  if (short < STORED_IMAGE_MIN_SIDE) {
    return Math.min(STORED_IMAGE_MIN_SIDE / short, STORED_IMAGE_MAX_SIDE / long);
  }
  return 1;
}

/**
 * Whether the file must be rewritten before any render reads it. ffmpeg ignores EXIF orientation
 * (a phone's portrait photo would play sideways), reads a GIF's frames as a video, and converts a
 * print shop's CMYK JPEG by its own rules rather than the colour profile a browser uses.
 */
function needsRewrite(metadata: Metadata, scale: number): boolean {
  return (
    scale !== 1 ||
    (metadata.orientation ?? 1) !== 1 ||
    (metadata.format !== 'jpeg' && metadata.format !== 'png') ||
    metadata.space === 'cmyk'
  );
}

/**
 * Checks the uploaded image file in place and, when a render could not use it as it is, rewrites
 * it: upright (EXIF orientation applied), inside the stored bounds, in sRGB, a JPEG staying a JPEG
 * and anything else (a GIF's first frame, which scenes show still) becoming a PNG.
 */
export async function checkAndFitImage(file: string): Promise<ImageCheck> {
  let metadata: Metadata;
  try {
    // Reads the header only: nothing is decoded yet, whatever the dimensions claim.
    metadata = await sharp(file, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  const upright = uprightSize(metadata);
  if (!upright.width || !upright.height) return { ok: false, reason: 'unreadable' };
  if (upright.width * upright.height > MAX_IMAGE_PIXELS) return { ok: false, reason: 'too-large' };
  const format: StoredImageFormat = metadata.format === 'jpeg' ? 'jpg' : 'png';
  const scale = storedScale(upright);
  if (!needsRewrite(metadata, scale)) return { ok: true, ...upright, format, changed: false };

  const rewritten = `${file}.rewritten`;
  try {
    const width = Math.max(1, Math.round(upright.width * scale));
    const height = Math.max(1, Math.round(upright.height * scale));
    let image = sharp(file, { limitInputPixels: MAX_IMAGE_PIXELS, sequentialRead: true })
      .timeout(SHARP_TIMEOUT)
      .rotate()
      .toColourspace('srgb');
    if (scale !== 1) {
      // Enlarging a handful of pixels smoothly would only blur them into a smear of colour.
      const kernel = scale > 4 ? 'nearest' : 'lanczos3';
      image = image.resize({ width, height, fit: 'fill', kernel });
    }
    image = format === 'jpg' ? image.jpeg({ quality: 90 }) : image.png();
    const info = await image.toFile(rewritten);
    await rename(rewritten, file);
    return { ok: true, width: info.width, height: info.height, format, changed: true };
  } catch {
    await rm(rewritten, { force: true });
    return { ok: false, reason: 'unreadable' };
  }
}

/**
 * The image as a render should read it: its upright size and a file ffmpeg shows the right way
 * up. Uploads are stored upright; an older upload still carrying an EXIF turn gets an upright copy
 * in `folder`. Null when the file cannot be read.
 */
export async function uprightImage(
  file: string,
  folder: string,
): Promise<{ file: string; width: number; height: number } | null> {
  try {
    const metadata = await sharp(file, { limitInputPixels: false }).metadata();
    const size = uprightSize(metadata);
    if (!size.width || !size.height) return null;
    if ((metadata.orientation ?? 1) === 1) return { file, ...size };
    const copy = path.join(folder, 'upright.png');
    await sharp(file, { limitInputPixels: MAX_IMAGE_PIXELS })
      .timeout(SHARP_TIMEOUT)
      .rotate()
      .png()
      .toFile(copy);
    return { file: copy, ...size };
  } catch {
    return null;
  }
}

/**
 * A logo as a brand mark: fitted inside `box` (never stretched, never cropped) on a light card
 * with rounded corners, so any logo reads on any scene. Written as a PNG with alpha; answers the
 * card's size, which is the layer's size in the frame.
 */
export async function logoCard(
  file: string,
  box: { width: number; height: number },
  outputFile: string,
): Promise<{ file: string; width: number; height: number }> {
  const padding = Math.max(4, Math.round(box.height * 0.14));
  const inner = { width: box.width - 2 * padding, height: box.height - 2 * padding };
  const logo = await sharp(file, { limitInputPixels: MAX_IMAGE_PIXELS })
    .timeout(SHARP_TIMEOUT)
    .rotate()
    .resize(inner.width, inner.height, { fit: 'inside', withoutEnlargement: false })
    .png()
    .toBuffer({ resolveWithObject: true });
  // Even sides: the frame's chroma is subsampled by two.
  const width = 2 * Math.ceil((logo.info.width + 2 * padding) / 2);
  const height = 2 * Math.ceil((logo.info.height + 2 * padding) / 2);
  const radius = Math.round(padding * 1.1);
  const card = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" rx="${radius}" ry="${radius}" fill="#ffffff" fill-opacity="0.88"/></svg>`,
  );
  await sharp(card)
    .composite([
      {
        input: logo.data,
        left: Math.round((width - logo.info.width) / 2),
        top: Math.round((height - logo.info.height) / 2),
      },
    ])
    .png()
    .toFile(outputFile);
  return { file: outputFile, width, height };
}
