// A member's own watermark (Elite, docs/watermark.md), prepared once per video: their image fitted
// into the corner's box, or their text set by libass in our fonts, with its opacity applied, as one
// PNG with alpha that every scene lays in its corner (scene-layout.ts markPlace) instead of ours.
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import type { WatermarkCorner } from '../../shared/schemas/watermark';
import { assStillArgs } from './arguments';
import { assAlpha, assScript, assText, fontTags } from './captions';
import { runFfmpeg } from './ffmpeg';
import { MAX_IMAGE_PIXELS } from './images';
import { type CustomMark, markBox, markMaxWidth } from './scene-layout';

/** What the member saved: an image file (copied into the work folder) or a line of text. */
export type MarkSource = { kind: 'image'; file: string } | { kind: 'text'; text: string };

/** No mark takes sharp longer than this; its work runs on libuv's threads. */
const SHARP_TIMEOUT = { seconds: 30 };

/** The text's size, as a share of the frame's short side ('Reelforge' is drawn at 0.034). */
const TEXT_SIZE = 0.04;

/**
 * The mark for videos of `size`, written into `workDir`. The text is set on a transparent canvas
 * wide enough for any 40 characters, cut to what was drawn, and made smaller only if it is wider
 * than the frame inside its margins.
 */
export async function prepareCustomMark(options: {
  source: MarkSource;
  corner: WatermarkCorner;
  opacity: number;
  size: { width: number; height: number };
  workDir: string;
  signal?: AbortSignal;
}): Promise<CustomMark> {
  const { source, size, workDir } = options;
  const outputFile = path.join(workDir, 'custom-mark.png');
  let image: Sharp;
  if (source.kind === 'image') {
    const box = markBox(size.width, size.height);
    image = sharp(source.file, { limitInputPixels: MAX_IMAGE_PIXELS })
      .timeout(SHARP_TIMEOUT)
      .rotate()
      .resize(box.width, box.height, { fit: 'inside' });
  } else {
    const drawn = await drawText(source.text, size, workDir, options.signal);
    image = sharp(drawn, { limitInputPixels: MAX_IMAGE_PIXELS })
      .timeout(SHARP_TIMEOUT)
      .resize({ width: markMaxWidth(size.width, size.height), withoutEnlargement: true });
  }
  const fitted = await image.ensureAlpha().png().toBuffer({ resolveWithObject: true });
  // Even sides (the frame's chroma is subsampled by two), and every pixel's alpha times the opacity.
  const width = 2 * Math.ceil(fitted.info.width / 2);
  const height = 2 * Math.ceil(fitted.info.height / 2);
  await sharp(fitted.data)
    .extend({
      right: width - fitted.info.width,
      bottom: height - fitted.info.height,
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    })
    .composite([
      {
        input: Buffer.from([255, 255, 255, Math.round(255 * options.opacity)]),
        raw: { width: 1, height: 1, channels: 4 },
        tile: true,
        blend: 'dest-in',
      },
    ])
    .png()
    .toFile(outputFile);
  return { file: outputFile, width, height, corner: options.corner };
}

/**
 * The text in white Inter Bold with a soft shadow, as ours is, drawn by libass (which finds a
 * fallback font for any script Inter lacks) on a transparent frame, and cut to what was drawn.
 */
async function drawText(
  text: string,
  size: { width: number; height: number },
  workDir: string,
  signal?: AbortSignal,
): Promise<Buffer> {
  const fontSize = Math.round(Math.min(size.width, size.height) * TEXT_SIZE);
  const canvas = { width: 2 * Math.ceil(fontSize * 24), height: 2 * Math.ceil(fontSize * 1.5) };
  const shadow = Math.max(1, Math.round(fontSize / 16));
  const scriptFile = path.join(workDir, 'custom-mark.ass');
  const drawnFile = path.join(workDir, 'custom-mark-text.png');
  await writeFile(
    scriptFile,
    assScript(canvas, [
      {
        start: 0,
        end: 10,
        layer: 0,
        text: `{\\an5\\pos(${canvas.width / 2},${canvas.height / 2})${fontTags('bold', fontSize, [255, 255, 255])}\\bord0\\shad${shadow}\\4c&H000000&\\4a${assAlpha(0.45)}}${assText(text)}`,
      },
    ]),
  );
  try {
    await runFfmpeg(assStillArgs(scriptFile, canvas, drawnFile), { signal });
    return await sharp(drawnFile).trim().png().toBuffer();
  } finally {
    await rm(scriptFile, { force: true });
    await rm(drawnFile, { force: true });
  }
}
