// The fonts text is drawn with, all shipped in node_modules (never the machine's fonts): Inter, then
// Noto fallbacks for the scripts Inter lacks (CJK, Arabic, Hebrew, Devanagari, Thai, emoji). Their
// advance widths are read from the TTFs themselves so text can be wrapped to the pixel before libass
// draws it, and a fontconfig file shows libass exactly these fonts, in this order.
import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readlinkSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

export type FontWeight = 'semiBold' | 'bold' | 'extraBold';

const WEIGHT_VALUE: Record<FontWeight, number> = { semiBold: 600, bold: 700, extraBold: 800 };
const STYLE_NAME: Record<number, string> = {
  100: 'Thin',
  200: 'ExtraLight',
  300: 'Light',
  400: 'Regular',
  500: 'Medium',
  600: 'SemiBold',
  700: 'Bold',
  800: 'ExtraBold',
  900: 'Black',
};

type Family = {
  name: string;
  packageName: string;
  /** File names are `<weight><Style>/<stem>_<weight><Style>.ttf`. */
  stem: string;
  weights: readonly number[];
  /**
   * Whether libass may use the font's own line metrics. libass sizes every font by its Windows
   * ascent plus descent, so a font whose ratio differs from Inter's would be drawn at another size
   * (Arabic at 2/3 of Inter's, emoji 1.2 times): those are drawn from a copy whose ascent and
   * descent are Inter's. The CJK fonts are within 1.3 % of Inter and several MB each, so they are
   * used as they are and measured at the size libass gives them.
   */
  ownMetrics: boolean;
};

const ALL_WEIGHTS = [100, 200, 300, 400, 500, 600, 700, 800, 900] as const;

/** The chain, in the order a character looks for a font that has it. */
const FAMILIES: readonly Family[] = [
  {
    name: 'Inter',
    packageName: '@expo-google-fonts/inter',
    stem: 'Inter',
    weights: ALL_WEIGHTS,
    ownMetrics: true,
  },
  ...(['JP', 'SC', 'KR'] as const).map((region) => ({
    name: `Noto Sans ${region}`,
    packageName: `@expo-google-fonts/noto-sans-${region.toLowerCase()}`,
    stem: `NotoSans${region}`,
    weights: ALL_WEIGHTS,
    ownMetrics: true,
  })),
  ...(['Arabic', 'Hebrew', 'Devanagari', 'Thai'] as const).map((script) => ({
    name: `Noto Sans ${script}`,
    packageName: `@expo-google-fonts/noto-sans-${script.toLowerCase()}`,
    stem: `NotoSans${script}`,
    weights: ALL_WEIGHTS,
    ownMetrics: false,
  })),
  {
    // Monochrome outlines: libass cannot draw colour emoji.
    name: 'Noto Emoji',
    packageName: '@expo-google-fonts/noto-emoji',
    stem: 'NotoEmoji',
    weights: [300, 400, 500, 600, 700],
    ownMetrics: false,
  },
];

/** One font of a weight's chain. */
export type ChainFont = {
  family: string;
  weight: number;
  /** The full name, which libass selects the exact file by (`\fn`). */
  name: string;
  /** The TTF in node_modules. */
  sourceFile: string;
  /** Its name in the fontconfig folder. */
  fileName: string;
  ownMetrics: boolean;
};

const require = createRequire(import.meta.url);
const packageDirs = new Map<string, string>();

function packageDir(packageName: string): string {
  let dir = packageDirs.get(packageName);
  if (!dir) {
    dir = path.dirname(require.resolve(`${packageName}/package.json`));
    packageDirs.set(packageName, dir);
  }
  return dir;
}

const nearestWeight = (available: readonly number[], wanted: number) =>
  available.reduce((best, weight) =>
    Math.abs(weight - wanted) < Math.abs(best - wanted) ? weight : best,
  );

function chainFont(family: Family, wanted: number): ChainFont {
  const weight = nearestWeight(family.weights, wanted);
  const style = `${weight}${STYLE_NAME[weight]}`;
  const fileName = `${family.stem}_${style}.ttf`;
  return {
    family: family.name,
    weight,
    name: `${family.name} ${STYLE_NAME[weight]}`,
    sourceFile: path.join(packageDir(family.packageName), style, fileName),
    fileName,
    ownMetrics: family.ownMetrics,
  };
}

const chains = new Map<FontWeight, ChainFont[]>();

/** Inter of the weight, then each fallback at its nearest weight, in the order glyphs are sought. */
export function fontChain(weight: FontWeight): readonly ChainFont[] {
  let chain = chains.get(weight);
  if (!chain) {
    chain = FAMILIES.map((family) => chainFont(family, WEIGHT_VALUE[weight]));
    chains.set(weight, chain);
  }
  return chain;
}

/** Absolute path of an Inter weight, resolved from the installed package wherever it lives. */
export function fontFile(weight: FontWeight): string {
  return (fontChain(weight)[0] as ChainFont).sourceFile;
}

const FONT_WEIGHTS: readonly FontWeight[] = ['semiBold', 'bold', 'extraBold'];

/** Every file the three weights' chains use, once (two weights may share a fallback file). */
function usedFonts(): ChainFont[] {
  const byName = new Map<string, ChainFont>();
  for (const weight of FONT_WEIGHTS) {
    for (const font of fontChain(weight)) byName.set(font.fileName, font);
  }
  return [...byName.values()];
}

// --- fontconfig ----------------------------------------------------------------------------------

/** Bump when what is written into the fontconfig folder changes, so no stale copy is used. */
const FOLDER_VERSION = 2;
let fontconfig: string | null = null;

/**
 * A fontconfig file for libass (ffmpeg's `ass` filter) that knows our fonts and nothing else: one
 * folder holding exactly the files the chains use (links to node_modules, and the copies whose line
 * metrics are Inter's), so no system font is scanned or used and the large CJK packages' other
 * weights are never scanned either. Its `sans-serif` alias lists the families in the chain's order:
 * libass looks for a glyph Inter lacks in that order, the same order `measureText` uses.
 */
export function fontconfigFile(): string {
  if (fontconfig) return fontconfig;
  const fonts = usedFonts();
  // Per install (the links point into its node_modules), per version of the font packages (the
  // copies are made from them) and per version of what is written.
  const sources = fonts.map((font) => {
    const { size, mtimeMs } = statSync(font.sourceFile);
    return [font.sourceFile, size, mtimeMs];
  });
  const key = createHash('sha256')
    .update(JSON.stringify([FOLDER_VERSION, sources]))
    .digest('hex')
    .slice(0, 12);
  const folder = path.join(os.tmpdir(), `reelforge-fontconfig-${process.getuid?.() ?? 0}-${key}`);
  const fontsFolder = path.join(folder, 'fonts');
  mkdirSync(fontsFolder, { recursive: true });
  for (const font of fonts) placeFont(font, path.join(fontsFolder, font.fileName));

  const escapeXml = (value: string) =>
    value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
  const families = FAMILIES.map((family) => `      <family>${escapeXml(family.name)}</family>`);
  const file = path.join(folder, 'fonts.conf');
  writeAtomically(
    file,
    [
      '<?xml version="1.0"?>',
      '<fontconfig>',
      `  <dir>${escapeXml(fontsFolder)}</dir>`,
      `  <cachedir>${escapeXml(path.join(folder, 'cache'))}</cachedir>`,
      '  <alias binding="strong">',
      '    <family>sans-serif</family>',
      '    <prefer>',
      ...families,
      '    </prefer>',
      '  </alias>',
      '</fontconfig>',
      '',
    ].join('\n'),
  );
  fontconfig = file;
  return file;
}

/**
 * Puts one font into the fontconfig folder, unless it is already there: a link to the package's
 * file, or a copy with Inter's line metrics. Written under a temporary name and renamed, so another
 * process (or an ffmpeg reading the folder) never sees half a file.
 */
function placeFont(font: ChainFont, target: string): void {
  if (font.ownMetrics) {
    if (linkTarget(target) === font.sourceFile) return;
    const temporary = `${target}.${process.pid}.tmp`;
    rmSync(temporary, { force: true });
    symlinkSync(font.sourceFile, temporary);
    renameSync(temporary, target);
    return;
  }
  // A file (not a link) of this name was written for these sources (the folder's key says so).
  if (existsSync(target) && linkTarget(target) === null) return;
  const inter = metricsOfFile(chainFont(FAMILIES[0] as Family, font.weight));
  writeAtomically(target, withLineMetrics(readFileSync(font.sourceFile), inter));
}

function linkTarget(file: string): string | null | undefined {
  try {
    return lstatSync(file).isSymbolicLink() ? readlinkSync(file) : null;
  } catch {
    return undefined;
  }
}

function writeAtomically(file: string, content: string | Buffer): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, content);
  renameSync(temporary, file);
}

/**
 * A copy of a TrueType font whose Windows ascent and descent (what libass sizes a font and spaces
 * its lines by) are in the same proportion to its em as `like`'s: drawn at the same font size, its
 * glyphs then have the same em as Inter's, and a line holding them is as tall as one of Inter.
 */
export function withLineMetrics(
  font: Buffer,
  like: Pick<FontMetrics, 'unitsPerEm' | 'winAscent' | 'winDescent'>,
): Buffer {
  const copy = Buffer.from(font);
  const os2 = tableRecords(copy).get('OS/2');
  if (!os2) throw new Error('Font has no OS/2 table');
  const unitsPerEm = copy.readUInt16BE((tableRecords(copy).get('head')?.offset ?? 0) + 18);
  copy.writeUInt16BE(Math.round((like.winAscent * unitsPerEm) / like.unitsPerEm), os2.offset + 74);
  copy.writeUInt16BE(Math.round((like.winDescent * unitsPerEm) / like.unitsPerEm), os2.offset + 76);
  return copy;
}

// --- metrics -------------------------------------------------------------------------------------

export type FontMetrics = {
  unitsPerEm: number;
  /** Windows ascent and descent in font units: libass sizes a font by their sum. */
  winAscent: number;
  winDescent: number;
  /** (Windows ascent + descent) / em: how much taller than its em libass makes a font size. */
  lineHeightRatio: number;
  /** Advance of glyph 0, the box drawn for a character the font has no glyph for. */
  missingAdvance: number;
  /** Advance width in font units, or undefined when the font has no glyph for the code point. */
  advance(codePoint: number): number | undefined;
};

const NEEDED_TABLES = ['head', 'hhea', 'OS/2', 'cmap', 'hmtx'] as const;
type TableTag = (typeof NEEDED_TABLES)[number];

function tableRecords(font: Buffer): Map<string, { offset: number; length: number }> {
  const records = new Map<string, { offset: number; length: number }>();
  const tableCount = font.readUInt16BE(4);
  for (let index = 0; index < tableCount; index++) {
    const record = 12 + index * 16;
    records.set(font.toString('latin1', record, record + 4), {
      offset: font.readUInt32BE(record + 8),
      length: font.readUInt32BE(record + 12),
    });
  }
  return records;
}

/**
 * Parses the tables needed to measure text: head (units per em), OS/2 (line metrics), cmap (code
 * point to glyph, formats 4 and 12) and hmtx (glyph advances). Kerning is ignored: libass without
 * HarfBuzz (this ffmpeg's) applies none, so the widths match what it draws.
 */
export function parseFontMetrics(font: Buffer): FontMetrics {
  const records = tableRecords(font);
  return metricsFromTables((tag) => {
    const record = records.get(tag);
    return record && font.subarray(record.offset, record.offset + record.length);
  });
}

/**
 * The same from a file, reading only those tables: a CJK font is several MB, of which measuring
 * needs a few hundred KB.
 */
export function readFontMetrics(file: string): FontMetrics {
  const descriptor = openSync(file, 'r');
  try {
    const read = (offset: number, length: number) => {
      const buffer = Buffer.alloc(length);
      readSync(descriptor, buffer, 0, length, offset);
      return buffer;
    };
    const tableCount = read(4, 2).readUInt16BE(0);
    const directory = read(0, 12 + tableCount * 16);
    const tables = new Map<string, Buffer>();
    for (const [tag, { offset, length }] of tableRecords(directory)) {
      if ((NEEDED_TABLES as readonly string[]).includes(tag)) tables.set(tag, read(offset, length));
    }
    return metricsFromTables((tag) => tables.get(tag));
  } finally {
    closeSync(descriptor);
  }
}

function metricsFromTables(table: (tag: TableTag) => Buffer | undefined): FontMetrics {
  const required = (tag: TableTag) => {
    const found = table(tag);
    if (!found) throw new Error(`Font has no ${tag} table`);
    return found;
  };
  const unitsPerEm = required('head').readUInt16BE(18);
  const os2 = required('OS/2');
  const winAscent = os2.readUInt16BE(74);
  const winDescent = os2.readUInt16BE(76);
  const horizontalMetricCount = required('hhea').readUInt16BE(34);
  const hmtx = required('hmtx');
  const glyphAdvance = (glyph: number) =>
    hmtx.readUInt16BE(4 * Math.min(glyph, horizontalMetricCount - 1));

  const glyphOf = readCharacterMap(required('cmap'));
  return {
    unitsPerEm,
    winAscent,
    winDescent,
    lineHeightRatio: (winAscent + winDescent) / unitsPerEm,
    missingAdvance: glyphAdvance(0),
    advance(codePoint) {
      const glyph = glyphOf(codePoint);
      return glyph ? glyphAdvance(glyph) : undefined;
    },
  };
}

function readCharacterMap(cmap: Buffer): (codePoint: number) => number {
  const subtableCount = cmap.readUInt16BE(2);
  let format4: number | null = null;
  let format12: number | null = null;
  for (let index = 0; index < subtableCount; index++) {
    const record = 4 + index * 8;
    const platform = cmap.readUInt16BE(record);
    const encoding = cmap.readUInt16BE(record + 2);
    const subtable = cmap.readUInt32BE(record + 4);
    const format = cmap.readUInt16BE(subtable);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (!unicode) continue;
    if (format === 12) format12 ??= subtable;
    if (format === 4) format4 ??= subtable;
  }
  if (format12 !== null) return format12Lookup(cmap, format12);
  if (format4 !== null) return format4Lookup(cmap, format4);
  throw new Error('Font has no Unicode character map');
}

function format12Lookup(cmap: Buffer, subtable: number) {
  const groupCount = cmap.readUInt32BE(subtable + 12);
  return (codePoint: number) => {
    let low = 0;
    let high = groupCount - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const group = subtable + 16 + middle * 12;
      const start = cmap.readUInt32BE(group);
      const end = cmap.readUInt32BE(group + 4);
      if (codePoint < start) high = middle - 1;
      else if (codePoint > end) low = middle + 1;
      else return cmap.readUInt32BE(group + 8) + (codePoint - start);
    }
    return 0;
  };
}

function format4Lookup(cmap: Buffer, subtable: number) {
  const segmentCount = cmap.readUInt16BE(subtable + 6) / 2;
  const endCodes = subtable + 14;
  const startCodes = endCodes + segmentCount * 2 + 2;
  const deltas = startCodes + segmentCount * 2;
  const rangeOffsets = deltas + segmentCount * 2;
  return (codePoint: number) => {
    if (codePoint > 0xffff) return 0;
    for (let segment = 0; segment < segmentCount; segment++) {
      if (codePoint > cmap.readUInt16BE(endCodes + segment * 2)) continue;
      const start = cmap.readUInt16BE(startCodes + segment * 2);
      if (codePoint < start) return 0;
      const delta = cmap.readUInt16BE(deltas + segment * 2);
      const rangeOffsetAt = rangeOffsets + segment * 2;
      const rangeOffset = cmap.readUInt16BE(rangeOffsetAt);
      if (rangeOffset === 0) return (codePoint + delta) & 0xffff;
      const glyph = cmap.readUInt16BE(rangeOffsetAt + rangeOffset + (codePoint - start) * 2);
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
    }
    return 0;
  };
}

/** Parsed fonts by file: each is read the first time a character needs it. */
const metricsCache = new Map<string, FontMetrics>();

function metricsOfFile(font: ChainFont): FontMetrics {
  let metrics = metricsCache.get(font.sourceFile);
  if (!metrics) {
    metrics = readFontMetrics(font.sourceFile);
    metricsCache.set(font.sourceFile, metrics);
  }
  return metrics;
}

const metricsOf = (weight: FontWeight, index: number) =>
  metricsOfFile(fontChain(weight)[index] as ChainFont);

/** Which font files have been read so far (for tests: a Latin caption must not read a CJK font). */
export function loadedFontFiles(): string[] {
  return [...metricsCache.keys()].map((file) => path.basename(file));
}

/** Inter's metrics for the weight: the primary font, whose line height the styles are sized by. */
export function fontMetrics(weight: FontWeight): FontMetrics {
  return metricsOf(weight, 0);
}

/**
 * The Windows ascent and descent libass sees for a font: its own, or, for a rewritten copy,
 * Inter's of the same weight in its units (what `withLineMetrics` writes).
 */
function drawnLineMetrics(
  font: ChainFont,
): Pick<FontMetrics, 'unitsPerEm' | 'winAscent' | 'winDescent'> {
  const own = metricsOfFile(font);
  if (font.ownMetrics) return own;
  const inter = metricsOfFile(chainFont(FAMILIES[0] as Family, font.weight));
  const inUnits = (value: number) => Math.round((value * own.unitsPerEm) / inter.unitsPerEm);
  return {
    unitsPerEm: own.unitsPerEm,
    winAscent: inUnits(inter.winAscent),
    winDescent: inUnits(inter.winDescent),
  };
}

const scaleCache = new Map<string, number>();

/**
 * Px per font unit per px of font size, for a font of the chain as libass draws it: a font size is
 * the primary font's ascent + descent, and every font gets the em that puts its own (drawn) ascent
 * + descent at that size. For the CJK fonts, which keep theirs, that is a 1.3 % smaller em.
 */
function scaleOf(weight: FontWeight, index: number): number {
  const key = `${weight}:${index}`;
  let scale = scaleCache.get(key);
  if (scale === undefined) {
    const primary = fontMetrics(weight);
    const drawn = drawnLineMetrics(fontChain(weight)[index] as ChainFont);
    const fontSizeInUnits = drawn.winAscent + drawn.winDescent;
    scale = primary.lineHeightRatio / fontSizeInUnits;
    scaleCache.set(key, scale);
  }
  return scale;
}

type Glyph = { font: number; width: number };
/** Per weight: code point to the first font of the chain that has it, and its width per px. */
const glyphCache = new Map<FontWeight, Map<number, Glyph | null>>();

/** The first font of the chain with a glyph for the code point, and the glyph's width per px. */
function firstGlyph(codePoint: number, weight: FontWeight): Glyph | null {
  let cache = glyphCache.get(weight);
  if (!cache) {
    cache = new Map();
    glyphCache.set(weight, cache);
  }
  let glyph = cache.get(codePoint);
  if (glyph !== undefined) return glyph;
  glyph = null;
  const count = fontChain(weight).length;
  for (let index = 0; index < count; index++) {
    const advance = metricsOf(weight, index).advance(codePoint);
    if (advance !== undefined) {
      glyph = { font: index, width: advance * scaleOf(weight, index) };
      break;
    }
  }
  cache.set(codePoint, glyph);
  return glyph;
}

const between = (codePoint: number, from: number, to: number) =>
  codePoint >= from && codePoint <= to;

/** Characters libass skips without drawing (ass_shaper.c): joiners, marks of direction, BOM. */
export const libassSkips = (codePoint: number) =>
  between(codePoint, 0x200b, 0x200f) ||
  between(codePoint, 0x202a, 0x202e) ||
  between(codePoint, 0x2060, 0x2063) ||
  codePoint === 0xfeff ||
  codePoint === 0x00ad ||
  codePoint === 0x034f;

const FORMAT = /\p{Cf}/u;
const MARK = /\p{M}/u;

/**
 * Characters that take no room and draw nothing: format characters (joiners, marks of direction),
 * variation selectors and the combining grapheme joiner.
 */
export const isInvisible = (character: string) => {
  const codePoint = character.codePointAt(0) ?? 0;
  return (
    FORMAT.test(character) ||
    between(codePoint, 0xfe00, 0xfe0f) ||
    between(codePoint, 0xe0100, 0xe01ef) ||
    codePoint === 0x034f
  );
};

/**
 * Walks the text deciding which font draws each character, and how wide it is (px per px of font
 * size), as libass will when the text is written as `fontRuns`. A character goes to Inter if Inter
 * has it; otherwise it stays with the fallback drawing the characters before it when that font has
 * it (Chinese text is not split between the Japanese and Chinese fonts, a mark sits on its own
 * letter's design), and else goes to the first font of the chain that has it. `font` is null when no
 * font has the character: libass draws Inter's empty box for it.
 */
function placeCharacters(
  text: string,
  weight: FontWeight,
  visit: (character: string, font: number | null, width: number) => void,
): void {
  let current: number | null = null;
  for (const character of text) {
    const codePoint = character.codePointAt(0) ?? 0;
    const invisible = isInvisible(character);
    if (invisible && (current === null || libassSkips(codePoint))) {
      visit(character, current ?? 0, 0);
      continue;
    }
    const glyph = firstGlyph(codePoint, weight);
    const staysWithFallback =
      current !== null &&
      current > 0 &&
      current !== glyph?.font &&
      (glyph?.font !== 0 || invisible || MARK.test(character));
    if (staysWithFallback) {
      const advance = metricsOf(weight, current as number).advance(codePoint);
      if (advance !== undefined) {
        visit(character, current, invisible ? 0 : advance * scaleOf(weight, current as number));
        continue;
      }
    }
    if (glyph) {
      current = glyph.font;
      visit(character, glyph.font, invisible ? 0 : glyph.width);
    } else {
      visit(character, null, fontMetrics(weight).missingAdvance * scaleOf(weight, 0));
    }
  }
}

/** Width in pixels of one line of text drawn at `fontSize`, as libass lays it out. */
export function measureText(text: string, weight: FontWeight, fontSize: number): number {
  let width = 0;
  placeCharacters(arabicPresentationForms(text), weight, (_character, _font, each) => {
    width += each;
  });
  return width * fontSize;
}

/** Whether some font of the weight's chain can draw the character (its first code point). */
export function hasGlyph(character: string, weight: FontWeight): boolean {
  return firstGlyph(character.codePointAt(0) ?? 0, weight) !== null;
}

/** A stretch of text drawn with one font: `font` is its full name, or null for Inter. */
export type FontRun = { text: string; font: string | null };

/**
 * The text cut where the font that draws it changes, for writing it with explicit font switches:
 * libass's own fallback ignores weight (its fontconfig reader knows only light, medium and bold),
 * so a run names the fallback of the right weight; it then draws what `measureText` measured.
 * Devanagari's short i is moved before its consonant, which HarfBuzz would do and libass cannot.
 */
export function fontRuns(text: string, weight: FontWeight): FontRun[] {
  const chain = fontChain(weight);
  const runs: FontRun[] = [];
  placeCharacters(devanagariVisualOrder(text), weight, (character, font) => {
    const name = font ? (chain[font] as ChainFont).name : null;
    const last = runs.at(-1);
    if (last && last.font === name) last.text += character;
    else runs.push({ text: character, font: name });
  });
  return runs;
}

// --- scripts libass shapes without HarfBuzz ------------------------------------------------------

type ArabicForms = { isolated: number; final?: number; initial?: number; medial?: number };
let arabicFormTable: Map<number, ArabicForms> | null = null;

/**
 * The Arabic letters' presentation forms (U+FB50–FDFF, FE70–FEFF), from Unicode's compatibility
 * decompositions: consecutive forms of one letter come as isolated, final, initial, medial. The one
 * letter with forms in two places is alef maksura, whose initial and medial are U+FBE8–FBE9.
 */
function arabicForms(): Map<number, ArabicForms> {
  if (arabicFormTable) return arabicFormTable;
  const table = new Map<number, ArabicForms>();
  const order = ['isolated', 'final', 'initial', 'medial'] as const;
  for (const [from, to] of [
    [0xfb50, 0xfdff],
    [0xfe70, 0xfefc],
  ] as const) {
    let letter = 0;
    let position = 0;
    for (let codePoint: number = from; codePoint <= to; codePoint++) {
      const base = String.fromCodePoint(codePoint).normalize('NFKC');
      const only = base.codePointAt(0) ?? 0;
      if (base.length !== 1 || !/\p{L}/u.test(base)) {
        letter = 0;
        continue;
      }
      position = only === letter ? position + 1 : 0;
      letter = only;
      const forms = table.get(only) ?? { isolated: codePoint };
      if (codePoint === 0xfbe8) forms.initial = codePoint;
      else if (codePoint === 0xfbe9) forms.medial = codePoint;
      else forms[order[position] ?? 'medial'] = codePoint;
      table.set(only, forms);
    }
  }
  arabicFormTable = table;
  return table;
}

const ARABIC = /[\u0600-\u06FF]/u;
const TATWEEL = 0x0640;
const ZWJ = 0x200d;
const ZWNJ = 0x200c;
const LAM = 0x0644;
/** Lam followed by these alefs is one ligature, isolated or final (U+FEF5–FEFC). */
const LAM_ALEF = new Map<number, [isolated: number, final: number]>([
  [0x0622, [0xfef5, 0xfef6]],
  [0x0623, [0xfef7, 0xfef8]],
  [0x0625, [0xfef9, 0xfefa]],
  [0x0627, [0xfefb, 0xfefc]],
]);

/**
 * Arabic in the presentation forms FriBidi gives it inside libass (which has no HarfBuzz here):
 * each letter joined to its neighbours (isolated, final, initial or medial form; marks between
 * letters do not break a join) and lam-alef as one ligature. Used to measure Arabic as it is drawn,
 * since a final form can be wider than the letter's own glyph. Text without Arabic is returned as is.
 */
export function arabicPresentationForms(text: string): string {
  if (!ARABIC.test(text)) return text;
  const forms = arabicForms();
  const characters = Array.from(text);
  const codePoints = characters.map((character) => character.codePointAt(0) ?? 0);
  // Marks and format characters do not break a join; the zero-width non-joiner is there to break
  // one, and the joiner to make one.
  const transparent = characters.map(
    (character, index) =>
      /[\p{Mn}\p{Me}\p{Cf}]/u.test(character) &&
      codePoints[index] !== ZWNJ &&
      codePoints[index] !== ZWJ,
  );
  // Joins on its left (to the following letter) / on its right (to the preceding one).
  const joinsOnward = (codePoint: number) =>
    codePoint === TATWEEL || codePoint === ZWJ || forms.get(codePoint)?.initial !== undefined;
  const joinsBack = (codePoint: number) =>
    codePoint === TATWEEL || codePoint === ZWJ || forms.get(codePoint)?.final !== undefined;
  /** The nearest character that is not a mark, before or after (a mark does not break a join). */
  const neighbour = (from: number, step: 1 | -1) => {
    for (let index = from + step; index >= 0 && index < codePoints.length; index += step) {
      if (!transparent[index]) return codePoints[index] as number;
    }
    return 0;
  };

  let shaped = '';
  for (let index = 0; index < characters.length; index++) {
    const codePoint = codePoints[index] as number;
    const letter = forms.get(codePoint);
    if (!letter || transparent[index]) {
      shaped += characters[index];
      continue;
    }
    const before = joinsBack(codePoint) && joinsOnward(neighbour(index, -1));
    const ligature = codePoint === LAM ? LAM_ALEF.get(codePoints[index + 1] ?? 0) : undefined;
    if (ligature) {
      // FriBidi puts the ligature where the alef was and an invisible filler where the lam was.
      shaped += `\uFEFF${String.fromCodePoint(ligature[before ? 1 : 0])}`;
      index++;
      continue;
    }
    const after = joinsOnward(codePoint) && joinsBack(neighbour(index, 1));
    const form =
      before && after
        ? letter.medial
        : before
          ? letter.final
          : after
            ? letter.initial
            : letter.isolated;
    shaped += String.fromCodePoint(form ?? codePoint);
  }
  return shaped;
}

const DEVANAGARI_CONSONANT = '[\\u0915-\\u0939\\u0958-\\u095F\\u0978-\\u097F]\\u093C?';
/** A consonant cluster (consonants joined by virama) followed by the short i sign. */
const SHORT_I_AFTER_CLUSTER = new RegExp(
  `((?:${DEVANAGARI_CONSONANT}\\u094D)*${DEVANAGARI_CONSONANT})\\u093F`,
  'gu',
);

/**
 * Devanagari's short i (ि) is written after its consonant but drawn before it. Without a shaper
 * libass draws it where it is written, on the wrong side; moved before the cluster it reads right.
 */
export function devanagariVisualOrder(text: string): string {
  return text.replace(SHORT_I_AFTER_CLUSTER, '\u093F$1');
}
