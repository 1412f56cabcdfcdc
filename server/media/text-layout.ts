// Turns free user text (titles, captions) into lines that fit the frame: every character some font
// of the chain (Inter, then the Noto fallbacks) can draw is kept, one none can draw becomes a visible
// box and is reported, words wrap to a pixel width, and the font shrinks before a line is added.
// Every loop here has a bound a member's text cannot stretch: these run on every render, and one
// that never ended once froze the whole service (a 100-character portrait title).
import { type FontWeight, hasGlyph, isInvisible, libassSkips, measureText } from './fonts';

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

/** Drawn instead of a character no font has (a white square), so nothing vanishes unseen. */
export const PLACEHOLDER = '\u25A1';

export type CheckedText = {
  /** The text as it will be drawn. */
  text: string;
  /** Characters no font can draw, each once, in order: each became `PLACEHOLDER` in `text`. */
  missing: string[];
};

const CONTROL = /\p{Cc}/u;
const WHITESPACE = /\s/u;

/**
 * Embeddings, overrides and isolates (LRE…RLO, LRI…PDI): cut into lines and cues they would be
 * left open and turn the rest of a caption around, so they go. The plain marks of direction (LRM,
 * RLM) stay: libass passes them to FriBidi and draws nothing for them.
 */
const isDirectionalEmbedding = (codePoint: number) =>
  (codePoint >= 0x202a && codePoint <= 0x202e) || (codePoint >= 0x2066 && codePoint <= 0x2069);

/**
 * The text as it will be drawn, and what could not be. Whitespace runs become one space, control
 * characters go (they are not text), and so do invisible characters no font has (a variation
 * selector or format character draws nothing either way). Every other character is kept if a font
 * of the chain has it, or else replaced by its compatibility form if the fonts have that; failing
 * both it becomes `PLACEHOLDER` and is listed in `missing`, so a caller can log it: no character is
 * dropped without a trace.
 */
export function checkText(text: string, weight: FontWeight): CheckedText {
  const placeholder = hasGlyph(PLACEHOLDER, weight) ? PLACEHOLDER : '?';
  const missing = new Set<string>();
  let kept = '';
  for (const character of text.normalize('NFC')) {
    const codePoint = character.codePointAt(0) ?? 0;
    if (WHITESPACE.test(character)) kept += ' ';
    else if (CONTROL.test(character) || isDirectionalEmbedding(codePoint)) continue;
    else if (libassSkips(codePoint) || hasGlyph(character, weight)) kept += character;
    else if (isInvisible(character)) continue;
    else {
      // 'Fancy' letters (𝐁𝐨𝐥𝐝, 𝓈𝒸𝓇𝒾𝓅𝓉) no font has are shown as the letters they style.
      const plain = character.normalize('NFKC');
      if (plain !== character && [...plain].every((part) => hasGlyph(part, weight))) {
        kept += plain;
        continue;
      }
      kept += placeholder;
      missing.add(character);
    }
  }
  // Only invisible characters: nothing to show, not an empty cue.
  const shown = [...kept].some((character) => character !== ' ' && !isInvisible(character));
  return { text: shown ? kept.replace(/ {2,}/g, ' ').trim() : '', missing: [...missing] };
}

/**
 * `checkText`'s text; `onMissing` hears of the characters no font has (never called when all can
 * be drawn), for the caller to log.
 */
export function drawableText(
  text: string,
  weight: FontWeight,
  onMissing?: (missing: readonly string[]) => void,
): string {
  const checked = checkText(text, weight);
  if (checked.missing.length > 0) onMissing?.(checked.missing);
  return checked.text;
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
