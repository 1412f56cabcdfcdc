// The Inter font files shipped in node_modules (never the machine's fonts) and their advance
// widths, read from the TTF itself so captions can be wrapped to the pixel before ffmpeg draws them.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

export type FontWeight = 'semiBold' | 'bold' | 'extraBold';

const FONT_FILE_NAMES: Record<FontWeight, string> = {
  semiBold: '600SemiBold/Inter_600SemiBold.ttf',
  bold: '700Bold/Inter_700Bold.ttf',
  extraBold: '800ExtraBold/Inter_800ExtraBold.ttf',
};

const require = createRequire(import.meta.url);
let interDir: string | null = null;

/** Absolute path of an Inter weight, resolved from the installed package wherever it lives. */
export function fontFile(weight: FontWeight): string {
  interDir ??= path.dirname(require.resolve('@expo-google-fonts/inter/package.json'));
  return path.join(interDir, FONT_FILE_NAMES[weight]);
}

let fontconfig: string | null = null;

/**
 * A fontconfig file that knows Inter's folders and nothing else, for libass (ffmpeg's `ass`
 * filter): text never falls back to whatever fonts a machine has, and no system font is scanned.
 */
export function fontconfigFile(): string {
  if (fontconfig) return fontconfig;
  const folder = path.join(os.tmpdir(), `reelforge-fontconfig-${process.getuid?.() ?? 0}`);
  mkdirSync(folder, { recursive: true });
  const escapeXml = (value: string) =>
    value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
  const dirs = (Object.keys(FONT_FILE_NAMES) as FontWeight[])
    .map((weight) => `  <dir>${escapeXml(path.dirname(fontFile(weight)))}</dir>`)
    .join('\n');
  const file = path.join(folder, 'fonts.conf');
  writeFileSync(
    file,
    `<?xml version="1.0"?>\n<fontconfig>\n${dirs}\n  <cachedir>${escapeXml(path.join(folder, 'cache'))}</cachedir>\n</fontconfig>\n`,
  );
  fontconfig = file;
  return file;
}

export type FontMetrics = {
  unitsPerEm: number;
  /** (Windows ascent + descent) / em: how much taller than its em libass makes a font size. */
  lineHeightRatio: number;
  /** Advance width in font units, or undefined when the font has no glyph for the code point. */
  advance(codePoint: number): number | undefined;
};

/**
 * Parses the three tables needed to measure text: head (units per em), cmap (code point to glyph,
 * formats 4 and 12) and hmtx (glyph advances). Kerning is ignored: ffmpeg's drawtext only applies
 * the legacy `kern` table, which Inter does not have, so the widths match what it draws.
 */
export function parseFontMetrics(font: Buffer): FontMetrics {
  const tables = new Map<string, number>();
  const tableCount = font.readUInt16BE(4);
  for (let index = 0; index < tableCount; index++) {
    const record = 12 + index * 16;
    tables.set(font.toString('latin1', record, record + 4), font.readUInt32BE(record + 8));
  }
  const tableOffset = (tag: string) => {
    const offset = tables.get(tag);
    if (offset === undefined) throw new Error(`Font has no ${tag} table`);
    return offset;
  };

  const unitsPerEm = font.readUInt16BE(tableOffset('head') + 18);
  const os2 = tableOffset('OS/2');
  const lineHeightRatio = (font.readUInt16BE(os2 + 74) + font.readUInt16BE(os2 + 76)) / unitsPerEm;
  const horizontalMetricCount = font.readUInt16BE(tableOffset('hhea') + 34);
  const hmtx = tableOffset('hmtx');
  const glyphAdvance = (glyph: number) =>
    font.readUInt16BE(hmtx + 4 * Math.min(glyph, horizontalMetricCount - 1));

  const glyphOf = readCharacterMap(font, tableOffset('cmap'));
  return {
    unitsPerEm,
    lineHeightRatio,
    advance(codePoint) {
      const glyph = glyphOf(codePoint);
      return glyph ? glyphAdvance(glyph) : undefined;
    },
  };
}

function readCharacterMap(font: Buffer, cmap: number): (codePoint: number) => number {
  const subtableCount = font.readUInt16BE(cmap + 2);
  let format4: number | null = null;
  let format12: number | null = null;
  for (let index = 0; index < subtableCount; index++) {
    const record = cmap + 4 + index * 8;
    const platform = font.readUInt16BE(record);
    const encoding = font.readUInt16BE(record + 2);
    const subtable = cmap + font.readUInt32BE(record + 4);
    const format = font.readUInt16BE(subtable);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (!unicode) continue;
    if (format === 12) format12 ??= subtable;
    if (format === 4) format4 ??= subtable;
  }
  if (format12 !== null) return format12Lookup(font, format12);
  if (format4 !== null) return format4Lookup(font, format4);
  throw new Error('Font has no Unicode character map');
}

function format12Lookup(font: Buffer, subtable: number) {
  const groupCount = font.readUInt32BE(subtable + 12);
  return (codePoint: number) => {
    let low = 0;
    let high = groupCount - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const group = subtable + 16 + middle * 12;
      const start = font.readUInt32BE(group);
      const end = font.readUInt32BE(group + 4);
      if (codePoint < start) high = middle - 1;
      else if (codePoint > end) low = middle + 1;
      else return font.readUInt32BE(group + 8) + (codePoint - start);
    }
    return 0;
  };
}

function format4Lookup(font: Buffer, subtable: number) {
  const segmentCount = font.readUInt16BE(subtable + 6) / 2;
  const endCodes = subtable + 14;
  const startCodes = endCodes + segmentCount * 2 + 2;
  const deltas = startCodes + segmentCount * 2;
  const rangeOffsets = deltas + segmentCount * 2;
  return (codePoint: number) => {
    if (codePoint > 0xffff) return 0;
    for (let segment = 0; segment < segmentCount; segment++) {
      if (codePoint > font.readUInt16BE(endCodes + segment * 2)) continue;
      const start = font.readUInt16BE(startCodes + segment * 2);
      if (codePoint < start) return 0;
      const delta = font.readUInt16BE(deltas + segment * 2);
      const rangeOffsetAt = rangeOffsets + segment * 2;
      const rangeOffset = font.readUInt16BE(rangeOffsetAt);
      if (rangeOffset === 0) return (codePoint + delta) & 0xffff;
      const glyph = font.readUInt16BE(rangeOffsetAt + rangeOffset + (codePoint - start) * 2);
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
    }
    return 0;
  };
}

const metricsCache = new Map<FontWeight, FontMetrics>();

export function fontMetrics(weight: FontWeight): FontMetrics {
  let metrics = metricsCache.get(weight);
  if (!metrics) {
    metrics = parseFontMetrics(readFileSync(fontFile(weight)));
    metricsCache.set(weight, metrics);
  }
  return metrics;
}

/** Width in pixels of one line of text drawn at `fontSize`, as drawtext lays it out. */
export function measureText(text: string, weight: FontWeight, fontSize: number): number {
  const metrics = fontMetrics(weight);
  let units = 0;
  for (const character of text) {
    units += metrics.advance(character.codePointAt(0) ?? 0) ?? 0;
  }
  return (units * fontSize) / metrics.unitsPerEm;
}

/** Whether Inter can draw the character; anything else (emoji, CJK) would show as an empty box. */
export function hasGlyph(character: string, weight: FontWeight): boolean {
  return fontMetrics(weight).advance(character.codePointAt(0) ?? 0) !== undefined;
}
