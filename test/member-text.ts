// fast-check arbitraries for the text members type: every script we meet, emoji built of several
// code points, combining marks, invisible characters and words far longer than a line, cut to the
// lengths the create form allows (title 1–100, description up to 1500 UTF-16 units, as zod counts).
import fc from 'fast-check';
import { LIMITS } from '../shared/plans';

const fromChars = (chars: string) => fc.constantFrom(...Array.from(chars));
const wordOf = (letters: fc.Arbitrary<string>, maxLength = 12) =>
  fc.array(letters, { minLength: 1, maxLength }).map((parts) => parts.join(''));

const latin = fromChars('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZéèàçñößøåœ0123456789');
const cyrillic = fromChars('абвгдежзийклмнопрстуфхцчшщыэюяЖЩЯ');
const cjk = fromChars('日本語中文字漢字한국어ひらがなカタカナ');
const arabic = fromChars('العربيةمرحبا');
const hebrew = fromChars('עבריתשלום');
const wide = fromChars('WMW@%');
/** A letter followed by one to three combining marks (acute, diaeresis, ring, cedilla, tilde). */
const combining = fc
  .tuple(
    latin,
    fc.array(fromChars('\u0301\u0308\u030A\u0327\u0303'), { minLength: 1, maxLength: 3 }),
  )
  .map(([letter, marks]) => letter + marks.join(''));
/** Emoji as people type them: plain, with a skin tone, ZWJ families and flags. */
const emoji = fc.constantFrom(
  '🚀',
  '🎬',
  '👍🏽',
  '👩🏿‍💻',
  '👨‍👩‍👧‍👦',
  '🏳️‍🌈',
  '🇯🇵',
  '❤️',
  '🧑🏻‍🤝‍🧑🏾',
  '1️⃣',
);
/** Characters that take no room: zero-width space and joiners, the BOM, soft hyphen, RTL marks. */
const invisible = fromChars('\u200B\u200C\u200D\uFEFF\u00AD\u200E\u200F\u2060');
const punctuation = fromChars('.,;:!?…—–-"\'()«»“”„\\{}[]&');
const space = fc.constantFrom(' ', ' ', ' ', '  ', '\t', '\n', '\u00A0', '\u3000');

/** A word of 100 letters with no space: wider than any line at any size. */
const longWord = fc.oneof(
  wordOf(latin, 100).map((word) => word.padEnd(100, 'x')),
  fc.constant('W'.repeat(100)),
  fc.constant('ж'.repeat(100)),
  fc.constant('字'.repeat(100)),
  fc.constant('e\u0301'.repeat(50)),
);

const token = fc.oneof(
  { weight: 10, arbitrary: wordOf(latin) },
  { weight: 3, arbitrary: wordOf(cyrillic) },
  { weight: 2, arbitrary: wordOf(cjk, 8) },
  { weight: 2, arbitrary: wordOf(arabic) },
  { weight: 2, arbitrary: wordOf(hebrew) },
  { weight: 1, arbitrary: wordOf(wide, 20) },
  { weight: 2, arbitrary: wordOf(combining, 6) },
  { weight: 2, arbitrary: emoji },
  { weight: 1, arbitrary: invisible },
  { weight: 2, arbitrary: punctuation },
  { weight: 1, arbitrary: longWord },
);

/** Member text of `minLength` to `maxLength` UTF-16 units, never cut inside a code point. */
export function memberText(minLength: number, maxLength: number): fc.Arbitrary<string> {
  return fc
    .array(fc.tuple(token, space), { minLength: 1, maxLength: Math.ceil(maxLength / 2) })
    .map((pairs) => cutToLength(pairs.map(([word, gap]) => word + gap).join(''), maxLength))
    .filter((text) => text.length >= minLength);
}

function cutToLength(text: string, maxLength: number): string {
  let kept = '';
  for (const character of text) {
    if (kept.length + character.length > maxLength) break;
    kept += character;
  }
  return kept;
}

/** A title as the form allows it: 1–100 units, not only spaces. */
export const memberTitle = memberText(1, LIMITS.titleMax).filter((text) => text.trim() !== '');
/** A description as the form allows it: up to 1500 units, not only spaces. */
export const memberDescription = memberText(1, LIMITS.descriptionMax).filter(
  (text) => text.trim() !== '',
);
export const aspectRatio = fc.constantFrom('landscape' as const, 'portrait' as const);
export const sceneCount = fc.integer({ min: 1, max: 4 });

/** Text with no spaces or invisible characters: what must survive layout, in order. */
export const inkOf = (text: string) => text.replace(/[\s\u200B-\u200F\u2060\uFEFF\u00AD]/gu, '');
