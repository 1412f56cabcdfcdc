// The font chain and its metrics without ffmpeg: which file draws which character, how wide libass
// will draw it, Arabic joined as FriBidi joins it, and the fontconfig folder that shows libass the
// same fonts in the same order.
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  arabicPresentationForms,
  devanagariVisualOrder,
  type FontWeight,
  fontChain,
  fontconfigFile,
  fontMetrics,
  fontRuns,
  measureText,
  parseFontMetrics,
  withLineMetrics,
} from './fonts';

const WEIGHTS: FontWeight[] = ['semiBold', 'bold', 'extraBold'];
const FAMILIES = [
  'Inter',
  'Noto Sans JP',
  'Noto Sans SC',
  'Noto Sans KR',
  'Noto Sans Arabic',
  'Noto Sans Hebrew',
  'Noto Sans Devanagari',
  'Noto Sans Thai',
  'Noto Emoji',
];

const advanceIn = (file: string, character: string) => {
  const metrics = parseFontMetrics(readFileSync(file));
  return (metrics.advance(character.codePointAt(0) ?? 0) ?? Number.NaN) / metrics.unitsPerEm;
};

describe('the font chain', () => {
  it('is Inter, then each fallback at the weight nearest to Inter’s, all installed', () => {
    for (const weight of WEIGHTS) {
      const chain = fontChain(weight);
      expect(chain.map((font) => font.family)).toEqual(FAMILIES);
      for (const font of chain) expect(existsSync(font.sourceFile)).toBe(true);
    }
    expect(fontChain('semiBold').map((font) => font.weight)).toEqual(Array(9).fill(600));
    // Noto Emoji stops at Bold.
    expect(fontChain('extraBold').map((font) => font.weight)).toEqual([...Array(8).fill(800), 700]);
    expect(fontChain('extraBold')[8]?.name).toBe('Noto Emoji Bold');
    expect(fontChain('bold')[1]?.name).toBe('Noto Sans JP Bold');
  });

  it('measures each character with the first font that has it, at the size libass draws it', () => {
    const [inter, japanese, , , , hebrew] = fontChain('semiBold');
    const ratio = fontMetrics('semiBold').lineHeightRatio;
    // Noto Sans JP keeps its own line metrics (1.448 em against Inter's 1.431): a smaller em.
    const japaneseRatio = parseFontMetrics(
      readFileSync(japanese?.sourceFile ?? ''),
    ).lineHeightRatio;
    expect(measureText('日本', 'semiBold', 100)).toBeCloseTo((200 * ratio) / japaneseRatio, 6);
    // Hebrew is drawn from a copy with Inter's metrics: its own em at the font size.
    expect(measureText('ש', 'semiBold', 100)).toBeCloseTo(
      100 * advanceIn(hebrew?.sourceFile ?? '', 'ש'),
      0,
    );
    expect(measureText('a日', 'semiBold', 100)).toBeCloseTo(
      100 * advanceIn(inter?.sourceFile ?? '', 'a') + measureText('日', 'semiBold', 100),
      6,
    );
  });

  it('gives joiners and variation selectors no width, and marks their own font’s advance', () => {
    const width = (text: string) => measureText(text, 'semiBold', 50);
    expect(width('👍\u200D👍')).toBe(width('👍👍'));
    expect(width('❤️')).toBe(width('❤'));
    expect(width('e\u0301')).toBe(width('e'));
    expect(width('\u200B\u200E\uFEFF')).toBe(0);
    expect(width('ไก่')).toBeCloseTo(width('ไก'), 6);
  });

  it('reads a fallback only when a character needs it, and only the tables it measures by', async () => {
    vi.resetModules();
    const fresh = await import('./fonts');
    fresh.measureText('Plain Latin, Кириллица, 123', 'semiBold', 40);
    expect(fresh.loadedFontFiles()).toEqual(['Inter_600SemiBold.ttf']);
    fresh.measureText('שלום', 'semiBold', 40);
    expect(fresh.loadedFontFiles()).toContain('NotoSansHebrew_600SemiBold.ttf');
    expect(fresh.loadedFontFiles()).not.toContain('NotoEmoji_600SemiBold.ttf');
  });
});

describe('Arabic as FriBidi shapes it', () => {
  it('joins letters into their initial, medial, final and isolated forms', () => {
    // مرحبا: meem initial, reh final, hah initial, beh medial, alef final.
    expect(arabicPresentationForms('مرحبا')).toBe('\uFEE3\uFEAE\uFEA3\uFE92\uFE8E');
    // A mark between two letters does not break their join.
    expect(arabicPresentationForms('بَب')).toBe('\uFE91\u064E\uFE90');
    // A space does, and so does the zero-width non-joiner (Persian کتاب‌ها).
    expect(arabicPresentationForms('ب ب')).toBe('\uFE8F \uFE8F');
    expect(arabicPresentationForms('ب\u200Cب')).toBe('\uFE8F\u200C\uFE8F');
    // Persian letters have forms too.
    expect(arabicPresentationForms('پپ')).toBe('\uFB58\uFB57');
  });

  it('draws lam-alef as one ligature, isolated or final', () => {
    expect(arabicPresentationForms('لا')).toBe('\uFEFF\uFEFB');
    expect(arabicPresentationForms('سلام')).toBe('\uFEB3\uFEFF\uFEFC\uFEE1');
  });

  it('leaves other text alone, and measures Arabic in the forms it is drawn', () => {
    expect(arabicPresentationForms('café 日本')).toBe('café 日本');
    const arabicFile = fontChain('bold')[4]?.sourceFile ?? '';
    const drawn = advanceIn(arabicFile, '\uFE91') + advanceIn(arabicFile, '\uFE90');
    expect(measureText('بب', 'bold', 100)).toBeCloseTo(100 * drawn, 0);
    expect(measureText('بب', 'bold', 100)).not.toBeCloseTo(200 * advanceIn(arabicFile, 'ب'), 0);
  });
});

describe('runs of one font', () => {
  it('names the fallback of the weight for what Inter lacks', () => {
    expect(fontRuns('café 日本語!', 'extraBold')).toEqual([
      { text: 'café ', font: null },
      { text: '日本語', font: 'Noto Sans JP ExtraBold' },
      { text: '!', font: null },
    ]);
    expect(fontRuns('שלום 👋', 'semiBold')).toEqual([
      { text: 'שלום', font: 'Noto Sans Hebrew SemiBold' },
      { text: ' ', font: null },
      { text: '👋', font: 'Noto Emoji SemiBold' },
    ]);
  });

  it('keeps Chinese in one font once a character needed Noto Sans SC', () => {
    expect(fontRuns('中文简体', 'semiBold')).toEqual([
      { text: '中文', font: 'Noto Sans JP SemiBold' },
      { text: '简体', font: 'Noto Sans SC SemiBold' },
    ]);
  });

  it('moves Devanagari’s short i before its consonant cluster, as a shaper would', () => {
    expect(devanagariVisualOrder('दुनिया')).toBe('दु\u093Fनया');
    expect(devanagariVisualOrder('स्थिति')).toBe('\u093Fस्थ\u093Fत');
    expect(devanagariVisualOrder('नमस्ते')).toBe('नमस्ते');
    expect(fontRuns('हिंदी', 'bold')).toEqual([
      { text: '\u093Fहंदी', font: 'Noto Sans Devanagari Bold' },
    ]);
  });
});

describe('the fontconfig file', () => {
  const file = fontconfigFile();
  const folder = path.join(path.dirname(file), 'fonts');
  const config = readFileSync(file, 'utf8');

  it('lists one folder, of exactly the files the chains use', () => {
    expect(config.match(/<dir>/g)).toHaveLength(1);
    expect(config).toContain(`<dir>${folder}</dir>`);
    const used = new Set(WEIGHTS.flatMap((weight) => fontChain(weight).map((f) => f.fileName)));
    expect(new Set(readdirSync(folder))).toEqual(used);
    // 3 of Inter, 3 of each Noto Sans, 2 of Noto Emoji: not every weight of the CJK packages.
    expect(used.size).toBe(26);
  });

  it('prefers the families in the chain’s order, so libass falls back as measureText measures', () => {
    const preferred = [...config.matchAll(/<family>([^<]+)<\/family>/g)].map((match) => match[1]);
    expect(preferred).toEqual(['sans-serif', ...FAMILIES]);
  });

  it('links the fonts that keep their metrics and rewrites the others to Inter’s', () => {
    for (const weight of WEIGHTS) {
      const inter = fontMetrics(weight);
      for (const font of fontChain(weight)) {
        const placed = path.join(folder, font.fileName);
        if (font.ownMetrics) {
          expect(readlinkSync(placed)).toBe(font.sourceFile);
          continue;
        }
        const copy = parseFontMetrics(readFileSync(placed));
        const original = parseFontMetrics(readFileSync(font.sourceFile));
        expect(copy.lineHeightRatio).toBeCloseTo(inter.lineHeightRatio, 2);
        expect(copy.winAscent / copy.unitsPerEm).toBeCloseTo(inter.winAscent / inter.unitsPerEm, 2);
        expect(copy.advance(0x41)).toBe(original.advance(0x41));
      }
    }
  });

  it('rewrites nothing but the two line metrics', () => {
    const source = readFileSync(fontChain('semiBold')[4]?.sourceFile ?? '');
    const copy = withLineMetrics(source, fontMetrics('semiBold'));
    expect(copy).toHaveLength(source.length);
    const changed = [...copy.keys()].filter((index) => copy[index] !== source[index]);
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.length).toBeLessThanOrEqual(4);
  });
});
