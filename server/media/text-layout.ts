// Turns free user text (titles, captions) into lines that fit the frame: characters Inter cannot
// draw are dropped, words wrap to a pixel width, and the font shrinks before anything is cut.
import { type FontWeight, hasGlyph, measureText } from './fonts';

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

/** Greedy word wrap by measured width; a word wider than a whole line is split by characters. */
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
    for (const character of word) {
      if (line && !fits(line + character)) {
        lines.push(line);
        line = '';
      }
      line += character;
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
 * takes at most `maxLines`; if it still does not fit, the last line ends with an ellipsis.
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
  const { weight, maxWidth, maxLines, minFontSize } = options;
  let fontSize = Math.round(options.fontSize);
  let lines = wrapText(text, weight, fontSize, maxWidth);
  while (lines.length > maxLines && fontSize > minFontSize) {
    fontSize = Math.max(Math.round(minFontSize), Math.round(fontSize * 0.92));
    lines = wrapText(text, weight, fontSize, maxWidth);
  }
  if (lines.length <= maxLines)
    return { lines: balancedWrap(text, weight, fontSize, maxWidth), fontSize };

  const kept = lines.slice(0, maxLines);
  const lastCharacters = Array.from(kept[maxLines - 1] ?? '');
  const withEllipsis = () => `${lastCharacters.join('').trimEnd()}…`;
  while (lastCharacters.length > 0 && measureText(withEllipsis(), weight, fontSize) > maxWidth) {
    lastCharacters.pop();
  }
  kept[maxLines - 1] = withEllipsis();
  return { lines: kept, fontSize };
}
