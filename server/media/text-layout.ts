// Turns free user text (titles, captions) into lines that fit the frame: characters Inter cannot
// draw are dropped, words wrap to a pixel width, and the font shrinks before a line is added.
// Every loop here has a bound a member's text cannot stretch: these run on every render, and one
// that never ended once froze the whole service (a 100-character portrait title).
import { type FontWeight, hasGlyph, measureText } from './fonts';

/** How many times a font size may step down while fitting; each step is at least 1 px. */
export const MAX_SHRINK_STEPS = 24;

/**
 * The next smaller size while fitting text: about 8 % smaller, at least 1 px smaller (rounding
 * must never give the same size back) and never below `floor`.
 */
export function nextSmallerSize(fontSize: number, floor: number): number {
  return Math.max(floor, Math.min(fontSize - 1, Math.round(fontSize * 0.92)));
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Keeps what Inter can draw. Emoji, their joiners and variation selectors, control characters and
 * scripts Inter lacks would show as empty boxes, so they go; runs of whitespace become one space.
 */
export function drawableText(text: string, weight: FontWeight): string {
  let kept = '';
  for (const character of text.normalize('NFC')) {
    if (/\s/u.test(character)) kept += ' ';
    else if (/\p{Cc}|\p{Cf}/u.test(character)) continue;
    else if (hasGlyph(character, weight)) kept += character;
  }
  return kept.replace(/ {2,}/g, ' ').trim();
}

/**
 * Greedy word wrap by measured width; a word wider than a whole line is split between graphemes
 * (a letter and its combining marks stay together).
 */
export function wrapText(
  text: string,
  weight: FontWeight,
  fontSize: number,
  maxWidth: number,
): string[] {
  const fits = (candidate: string) => measureText(candidate, weight, fontSize) <= maxWidth;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ').filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    for (const { segment } of graphemes.segment(word)) {
      if (line && !fits(line + segment)) {
        lines.push(line);
        line = '';
      }
      line += segment;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * Wraps into as few lines as `maxWidth` allows, but with the lines as even as possible: the
 * narrowest width that still gives that many lines, so no single word is left alone at the end.
 */
export function balancedWrap(
  text: string,
  weight: FontWeight,
  fontSize: number,
  maxWidth: number,
): string[] {
  const lines = wrapText(text, weight, fontSize, maxWidth);
  if (lines.length < 2) return lines;
  let narrow = maxWidth / 2;
  let wide = maxWidth;
  let best = lines;
  for (let step = 0; step < 12 && wide - narrow > 1; step++) {
    const middle = (narrow + wide) / 2;
    const attempt = wrapText(text, weight, fontSize, middle);
    if (attempt.length <= lines.length) {
      best = attempt;
      wide = middle;
    } else {
      narrow = middle;
    }
  }
  return best;
}

export type FittedText = { lines: string[]; fontSize: number };

/**
 * Wraps at the preferred size, stepping the size down (not below `minFontSize`) until the text
 * takes at most `maxLines`. Nothing is ever cut: text that still needs more lines at the smallest
 * size gets them (a 100-character title is at most a few lines more, well inside the frame).
 */
export function fitText(
  text: string,
  options: {
    weight: FontWeight;
    fontSize: number;
    minFontSize: number;
    maxWidth: number;
    maxLines: number;
  },
): FittedText {
  const { weight, maxWidth, maxLines } = options;
  // Whole pixels from here on: the floor rounds up, so no size below the minimum is ever used.
  const floor = Math.max(1, Math.ceil(options.minFontSize));
  let fontSize = Math.max(floor, Math.round(options.fontSize));
  let lines = wrapText(text, weight, fontSize, maxWidth);
  for (
    let step = 0;
    step < MAX_SHRINK_STEPS && lines.length > maxLines && fontSize > floor;
    step++
  ) {
    fontSize = nextSmallerSize(fontSize, floor);
    lines = wrapText(text, weight, fontSize, maxWidth);
  }
  return { lines: balancedWrap(text, weight, fontSize, maxWidth), fontSize };
}
