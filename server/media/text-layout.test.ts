import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fontFile, hasGlyph, measureText } from './fonts';
import {
  balancedWrap,
  checkText,
  drawableText,
  fitText,
  nextSmallerSize,
  PLACEHOLDER,
  wrapText,
} from './text-layout';

describe('Inter metrics', () => {
  it('ships the weights the renderer draws with', () => {
    for (const weight of ['semiBold', 'bold', 'extraBold'] as const) {
      expect(existsSync(fontFile(weight))).toBe(true);
    }
  });

  it('measures text as drawtext lays it out', () => {
    // drawtext drew 'Hello World' in Inter Bold at 60 px 341 px wide (box width, measured).
    expect(measureText('Hello World', 'bold', 60)).toBeCloseTo(341.7, 0);
    expect(measureText('', 'bold', 60)).toBe(0);
    expect(measureText('iiii', 'bold', 60)).toBeLessThan(measureText('WWWW', 'bold', 60));
  });

  it('knows which characters its fonts can draw, Inter and the fallbacks together', () => {
    for (const character of ['a', 'é', 'ß', 'Ж', '€', '“', '…', '%', '\\', '□']) {
      expect(hasGlyph(character, 'semiBold')).toBe(true);
    }
    for (const character of ['🚀', '中', '한', 'ا', 'ש', 'क', 'ก', '\u{1F469}']) {
      expect(hasGlyph(character, 'semiBold')).toBe(true);
      expect(hasGlyph(character, 'extraBold')).toBe(true);
    }
    // An Egyptian hieroglyph, an unassigned code point, half a surrogate pair.
    for (const character of ['\u{13000}', '\u0378', '\uD800']) {
      expect(hasGlyph(character, 'semiBold')).toBe(false);
    }
  });
});

describe('drawableText', () => {
  it('keeps punctuation a caption needs', () => {
    const text = `It's 100% "real": C:\\path, [done]; café & co.`;
    expect(drawableText(text, 'semiBold')).toBe(text);
  });

  it('keeps every script and emoji, drops control characters and tidies spaces', () => {
    expect(drawableText('Launch 🚀 day\tnow\n 👩‍👩‍👧 done 中文 \u0007!', 'semiBold')).toBe(
      'Launch 🚀 day now 👩‍👩‍👧 done 中文 !',
    );
    const world =
      'café, 日本語, Привет, 한국어, 中文简体, مرحبا بالعالم, שלום עולם, नमस्ते दुनिया, สวัสดีชาวโลก, 👋🎉';
    expect(checkText(world, 'extraBold')).toEqual({ text: world, missing: [] });
  });

  it('shows a box for a character no font has, and says which', () => {
    const heard: string[][] = [];
    const text = drawableText('Ankh \u{13000} and \u{13000}\u0378!', 'semiBold', (missing) =>
      heard.push([...missing]),
    );
    expect(text).toBe(`Ankh ${PLACEHOLDER} and ${PLACEHOLDER}${PLACEHOLDER}!`);
    expect(heard).toEqual([['\u{13000}', '\u0378']]);
    // Nothing to report, no call.
    drawableText('All fine', 'semiBold', (missing) => heard.push([...missing]));
    expect(heard).toHaveLength(1);
  });

  it('shows styled letters no font has as the letters they style', () => {
    expect(checkText('𝐁𝐨𝐥𝐝 𝓈𝒸𝓇𝒾𝓅𝓉', 'semiBold')).toEqual({ text: 'Bold script', missing: [] });
  });

  it('keeps joiners and marks of direction, drops embeddings that lines would leave open', () => {
    expect(drawableText('a\u200Db\u200Fc \u202Ed\u202C \u2067e\u2069', 'semiBold')).toBe(
      'a\u200Db\u200Fc d e',
    );
    // A variation selector stays where a font has it (emoji presentation) and draws nothing.
    expect(drawableText('❤️', 'semiBold')).toBe('❤️');
  });

  it('has nothing to show when nothing visible is left', () => {
    expect(drawableText('\u200B \u200D\u0007', 'semiBold')).toBe('');
    expect(checkText('', 'semiBold')).toEqual({ text: '', missing: [] });
  });
});

describe('wrapping', () => {
  const text = 'Rain-soaked streets, glowing signs and a lone rider in a cyberpunk skyline.';

  it('keeps every line within the width', () => {
    const lines = wrapText(text, 'semiBold', 38, 500);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join(' ')).toBe(text);
    for (const line of lines) expect(measureText(line, 'semiBold', 38)).toBeLessThanOrEqual(500);
  });

  it('splits a word longer than a line', () => {
    const lines = wrapText('A'.repeat(60), 'bold', 40, 300);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join('')).toBe('A'.repeat(60));
    for (const line of lines) expect(measureText(line, 'bold', 40)).toBeLessThanOrEqual(300);
  });

  it('balances lines instead of leaving one word alone', () => {
    const caption = 'Bold type, hard cuts and a countdown for a limited release today';
    const width =
      measureText('Bold type, hard cuts and a countdown for a limited release', 'semiBold', 38) + 1;
    const greedy = wrapText(caption, 'semiBold', 38, width);
    expect(greedy.at(-1)).toBe('today');
    const balanced = balancedWrap(caption, 'semiBold', 38, width);
    expect(balanced).toHaveLength(greedy.length);
    const widths = balanced.map((line) => measureText(line, 'semiBold', 38));
    expect(Math.min(...widths) / Math.max(...widths)).toBeGreaterThan(0.6);
  });

  it('shrinks the font first, then takes more lines rather than cutting a word', () => {
    const short = fitText(text, {
      weight: 'semiBold',
      fontSize: 40,
      minFontSize: 28,
      maxWidth: 600,
      maxLines: 2,
    });
    expect(short.lines).toHaveLength(2);
    expect(short.fontSize).toBeLessThan(40);
    expect(short.lines.join(' ')).toBe(text);

    const long = fitText(text.repeat(4), {
      weight: 'semiBold',
      fontSize: 40,
      minFontSize: 28,
      maxWidth: 600,
      maxLines: 2,
    });
    expect(long.fontSize).toBe(28);
    expect(long.lines.length).toBeGreaterThan(2);
    expect(long.lines.join(' ')).toBe(text.repeat(4));
    for (const line of long.lines)
      expect(measureText(line, 'semiBold', 28)).toBeLessThanOrEqual(600);
  });

  it('wraps right-to-left text by measured width, words in their written order', () => {
    const arabic = 'مرحبا بالعالم هذا نص طويل باللغة العربية يجب أن يلتف على عدة أسطر';
    const lines = wrapText(arabic, 'semiBold', 40, 420);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join(' ')).toBe(arabic);
    for (const line of lines) expect(measureText(line, 'semiBold', 40)).toBeLessThanOrEqual(420);
    const hebrew = 'שלום עולם זהו טקסט ארוך בעברית שצריך להתפרס על כמה שורות';
    expect(wrapText(hebrew, 'semiBold', 40, 420).join(' ')).toBe(hebrew);
  });

  it('splits a long word of any script between graphemes, never inside one', () => {
    for (const word of ['字'.repeat(60), 'स्ते'.repeat(20), 'กี่'.repeat(30), '👩🏽‍💻'.repeat(20)]) {
      const lines = wrapText(word, 'bold', 40, 300);
      expect(lines.length).toBeGreaterThan(1);
      expect(lines.join('')).toBe(word);
      for (const line of lines) expect(measureText(line, 'bold', 40)).toBeLessThanOrEqual(300);
    }
  });

  it('ends when the minimum size rounds up (47 px for a minimum of 46.8)', () => {
    const fitted = fitText('W'.repeat(100), {
      weight: 'extraBold',
      fontSize: 72,
      minFontSize: 46.8,
      maxWidth: 626,
      maxLines: 4,
    });
    expect(fitted.fontSize).toBe(47);
    expect(fitted.lines.join('')).toBe('W'.repeat(100));
  });

  it('steps a size down by at least a pixel and never below the floor', () => {
    expect(nextSmallerSize(47, 47)).toBe(47);
    expect(nextSmallerSize(12, 1)).toBe(11);
    expect(nextSmallerSize(5, 1)).toBe(4);
    expect(nextSmallerSize(72, 47)).toBe(66);
  });
});
