// shortenNarration over any text a member can type: the result fits the budget, is the text's
// beginning cut at a word boundary (plus at most a closing full stop or quote), and a Latin text
// keeps whole words in their order.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { memberDescription } from '../../../test/member-text';
import { narrationWordCount, shortenNarration } from './narration';

/** What shortenNarration may add after a cut: a full stop and the quotes the cut left open. */
const ENDING = /^[.。"”»」』)]*$/u;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const words = new Intl.Segmenter('en', { granularity: 'word' });

const tidy = (text: string) =>
  text
    .normalize('NFC')
    .replace(/[\p{Cc}\s]+/gu, ' ')
    .trim();

/** Where a word segmentation of `text` has boundaries. */
function boundaries(text: string): Set<number> {
  const found = new Set([0, text.length]);
  for (const { index, segment } of words.segment(text)) {
    found.add(index);
    found.add(index + segment.length);
  }
  return found;
}

/** The length of the longest beginning of `original` that `short` is, followed only by an ending. */
function keptLength(short: string, original: string): number | null {
  for (let length = short.length; length >= 0; length -= 1) {
    if (original.startsWith(short.slice(0, length)) && ENDING.test(short.slice(length))) {
      return length;
    }
  }
  return null;
}

const budget = fc.integer({ min: 0, max: 40 });

const latinWord = fc
  .array(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzéñø'), { minLength: 1, maxLength: 10 })
  .map((letters) => letters.join(''));
const latinText = fc
  .array(fc.tuple(latinWord, fc.constantFrom(' ', ' ', ' ', ', ', '; ', '. ', ' — ', '! ')), {
    minLength: 1,
    maxLength: 80,
  })
  .map((pairs) => pairs.map(([word, gap]) => word + gap).join(''));

describe('shortenNarration', () => {
  it('fits any text into the budget, cutting only at word boundaries', () => {
    fc.assert(
      fc.property(memberDescription, budget, (text, maxWords) => {
        const original = tidy(text);
        const short = shortenNarration(text, maxWords);
        expect(narrationWordCount(short)).toBeLessThanOrEqual(maxWords);
        if (narrationWordCount(original) <= maxWords) {
          expect(short).toBe(original);
          return;
        }
        if (maxWords >= 1) expect(narrationWordCount(short)).toBeGreaterThan(0);
        const kept = keptLength(short, original);
        expect(kept).not.toBeNull();
        const at = kept ?? 0;
        // A cut inside a segmented word only ever falls between CJK characters (a "word" of CJK
        // longer than the whole budget).
        const between = CJK.test(original.charAt(at - 1)) && CJK.test(original.charAt(at));
        expect(boundaries(original).has(at) || between).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('keeps whole words of a Latin text, in their order', () => {
    fc.assert(
      fc.property(latinText, budget, (text, maxWords) => {
        const wordsOf = (value: string) => value.match(/[\p{L}\p{M}]+/gu) ?? [];
        const kept = wordsOf(shortenNarration(text, maxWords));
        expect(kept).toEqual(wordsOf(text).slice(0, kept.length));
        expect(kept.length).toBeLessThanOrEqual(maxWords);
      }),
      { numRuns: 400 },
    );
  });
});
