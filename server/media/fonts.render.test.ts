// Every script drawn for real: one line of each through the ASS we write, libass in the shipped
// ffmpeg and the real fontconfig file. A missing or wrongly chosen font fails here: the line must
// be inked, as wide as measureText said, and drawn with the script's own font file.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { type AssEvent, assScript, assText, fontTags } from './captions';
import { ffmpegPath } from './ffmpeg';
import { type FontWeight, fontconfigFile, measureText } from './fonts';

const run = promisify(execFile);

/** A line of each script, and the file (without weight) libass must draw it with. */
const SAMPLES = [
  { text: 'café, Привет', file: 'Inter_' },
  { text: '日本語のテキスト', file: 'NotoSansJP_' },
  { text: '中文简体字', file: 'NotoSansSC_' },
  { text: '한국어 텍스트', file: 'NotoSansKR_' },
  { text: 'مرحبا بالعالم', file: 'NotoSansArabic_' },
  { text: 'שלום עולם', file: 'NotoSansHebrew_' },
  { text: 'नमस्ते दुनिया', file: 'NotoSansDevanagari_' },
  { text: 'สวัสดีชาวโลก', file: 'NotoSansThai_' },
  { text: '👋🎉🚀', file: 'NotoEmoji_' },
];

const WIDTH = 640;
const BAND = 64;
const EM = 30;
const LEFT = 20;

/** Draws each sample in its own band, as `assText` writes it (with the weight, or without). */
async function render(weight: FontWeight | undefined) {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'reelforge-fonts-'));
  try {
    const height = BAND * SAMPLES.length;
    const events: AssEvent[] = SAMPLES.map(({ text }, index) => ({
      start: 0,
      end: 5,
      text: `{\\an4\\pos(${LEFT},${index * BAND + BAND / 2})${fontTags(weight ?? 'semiBold', EM, [255, 255, 255])}\\bord0\\shad0}${assText(text, weight)}`,
    }));
    const script = path.join(folder, 'text.ass');
    await writeFile(script, assScript({ width: WIDTH, height }, events));
    const { stdout, stderr } = await run(
      ffmpegPath(),
      [
        ...['-v', 'verbose', '-f', 'lavfi', '-i', `color=c=black:s=${WIDTH}x${height}:d=1`],
        ...['-vf', `ass=${script}`, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', '-'],
      ],
      {
        encoding: 'buffer',
        maxBuffer: 16 * 1024 * 1024,
        env: { ...process.env, FONTCONFIG_FILE: fontconfigFile() },
      },
    );
    return { pixels: stdout, log: stderr.toString() };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Leftmost and rightmost inked column of a band. */
function inkedColumns(pixels: Buffer, band: number) {
  let left = WIDTH;
  let right = -1;
  let inked = 0;
  for (let y = band * BAND; y < (band + 1) * BAND; y++) {
    for (let x = 0; x < WIDTH; x++) {
      if ((pixels[y * WIDTH + x] ?? 0) > 96) {
        inked++;
        left = Math.min(left, x);
        right = Math.max(right, x);
      }
    }
  }
  return { left, right, inked };
}

/** The files libass opened for glyphs, from its own log. */
const filesUsed = (log: string) =>
  [...log.matchAll(/fontselect: \(.*?\) -> (\S+),/g)].map((match) => path.basename(match[1] ?? ''));

describe('every script on a frame', () => {
  it('is drawn in its own font, at its measured width, in the weight asked for', async () => {
    const { pixels, log } = await render('semiBold');
    expect(log).not.toMatch(/not found in font/);
    const used = filesUsed(log);
    SAMPLES.forEach(({ text, file }, band) => {
      expect(used, text).toContain(`${file}600SemiBold.ttf`);
      const { left, right, inked } = inkedColumns(pixels, band);
      expect(inked, text).toBeGreaterThan(150);
      // Ink sits within the advances measured, and fills most of them: a font drawn at another
      // size than measured (a fallback's own line metrics) would be caught here.
      const measured = measureText(text, 'semiBold', EM);
      expect(left, text).toBeGreaterThanOrEqual(LEFT - 2);
      expect(right - LEFT, text).toBeLessThanOrEqual(measured + 2);
      expect(right - left, text).toBeGreaterThan(measured * 0.85);
    });
  });

  it('falls back by itself in the chain’s order when the text names no fallback', async () => {
    const { pixels, log } = await render(undefined);
    expect(log).not.toMatch(/not found in font/);
    const used = filesUsed(log);
    SAMPLES.forEach(({ text, file }, band) => {
      expect(used.some((name) => name.startsWith(file))).toBe(true);
      expect(inkedColumns(pixels, band).inked, text).toBeGreaterThan(150);
    });
  });
});
