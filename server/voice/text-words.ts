// The words of a narration as captions show them: each with its place in the text (in code
// points, the unit espeak-ng counts in), so an engine's word events and character timings can be
// mapped back to the member's own words, punctuation included. Pure: no I/O.

/** One word of the text: `from` and `to` are 0-based code-point offsets, `to` excluded. */
export type TextWord = { text: string; from: number; to: number };

/** Scripts written without spaces between words: they are split by the word segmenter. */
const UNSPACED_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
/** What makes a piece a word of its own: a letter, a digit or a mark. Anything else leans on one. */
const SPOKEN = /[\p{L}\p{N}\p{M}]/u;
const SPACE = /\s/u;

const segmenters = new Map<string, Intl.Segmenter>();
function segmenterFor(locale: string | undefined): Intl.Segmenter {
  const key = locale ?? '';
  let segmenter = segmenters.get(key);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(locale, { granularity: 'word' });
    segmenters.set(key, segmenter);
  }
  return segmenter;
}

/**
 * The text's words, in order, each once. Words are what whitespace separates; a run in a script
 * without spaces (Chinese, Japanese, Thai) is split by Intl.Segmenter for `locale`, its punctuation
 * kept on the word before it. A piece with nothing spoken in it (a lone dash, an emoji) joins the
 * word before it (or after, at the start), so a caption never shows punctuation as a word; a
 * text with no spoken piece at all keeps its pieces as they are.
 */
export function wordsOf(text: string, locale?: string): TextWord[] {
  const points = Array.from(text);
  const pieces: TextWord[] = [];
  let index = 0;
  while (index < points.length) {
    if (SPACE.test(points[index] as string)) {
      index++;
      continue;
    }
    const from = index;
    while (index < points.length && !SPACE.test(points[index] as string)) index++;
    const chunk = points.slice(from, index).join('');
    if (UNSPACED_SCRIPT.test(chunk)) pieces.push(...segmentChunk(chunk, from, locale));
    else pieces.push({ text: chunk, from, to: index });
  }
  if (!pieces.some((piece) => SPOKEN.test(piece.text))) return pieces;

  const words: TextWord[] = [];
  let leading: TextWord | null = null;
  for (const piece of pieces) {
    const last = words.at(-1);
    if (SPOKEN.test(piece.text)) {
      words.push(leading ? join(leading, piece) : piece);
      leading = null;
    } else if (last) {
      words[words.length - 1] = join(last, piece);
    } else {
      leading = leading ? join(leading, piece) : piece;
    }
  }
  return words;
}

/** Two pieces as one word: a space between them when the text had one. */
function join(first: TextWord, second: TextWord): TextWord {
  const separator = second.from > first.to ? ' ' : '';
  return { text: `${first.text}${separator}${second.text}`, from: first.from, to: second.to };
}

/** A run without spaces cut into words; punctuation stays on the word before it. */
function segmentChunk(chunk: string, offset: number, locale: string | undefined): TextWord[] {
  const words: TextWord[] = [];
  let at = offset;
  let pending = '';
  let pendingFrom = offset;
  for (const { segment, isWordLike } of segmenterFor(locale).segment(chunk)) {
    const length = Array.from(segment).length;
    const last = words.at(-1);
    if (isWordLike || SPOKEN.test(segment)) {
      words.push({ text: pending + segment, from: pending ? pendingFrom : at, to: at + length });
      pending = '';
    } else if (last) {
      last.text += segment;
      last.to = at + length;
    } else {
      if (!pending) pendingFrom = at;
      pending += segment;
    }
    at += length;
  }
  if (pending) words.push({ text: pending, from: pendingFrom, to: at });
  return words;
}

/**
 * The index of the word at code point `position`, or of the next word when it falls between
 * words; the last word past the end. Binary search: words are in order and do not overlap.
 */
export function wordIndexAt(words: readonly TextWord[], position: number): number {
  let low = 0;
  let high = words.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((words[middle] as TextWord).to <= position) low = middle + 1;
    else high = middle;
  }
  return low;
}
