// fast-check arbitraries for the text members type: every script we meet (Latin, Cyrillic, CJK,
// Korean, Arabic, Hebrew, Devanagari, Thai), emoji built of several code points, combining marks,
// invisible characters and words far longer than a line, cut to the lengths the create form allows
// (title 1–100, description up to 1500 UTF-16 units, as zod counts).
import fc from 'fast-check';
import { LIMITS } from '../shared/limits';

const fromChars = (chars: string) => fc.constantFrom(...Array.from(chars));
const wordOf = (letters: fc.Arbitrary<string>, maxLength = 12) =>
  fc.array(letters, { minLength: 1, maxLength }).map((parts) => parts.join(''));

const latin = fromChars('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZéèàçñößøåœ0123456789');
const cyrillic = fromChars('абвгдежзийклмнопрстуфхцчшщыэюяЖЩЯ');
const cjk = fromChars('日本語中文字漢字한국어ひらがなカタカナ');
const arabic = fromChars('العربيةمرحبا');
const hebrew = fromChars('עבריתשלום');
const korean = fromChars('한국어안녕하세요세계가나다');
/** Consonants, vowel signs, virama and nasal signs, so words have conjuncts and the short i. */
const devanagari = fromChars('कखगचजटडतथदधनपबमयरलवशसहािीुूेैोौंँः्');
/** Consonants, vowels written before them, and marks above and below. */
const thai = fromChars('กขคงจชซดตถทนบปผพฟมยรลวสหอะัาำิีึืุูเแโใไ่้๊๋็์');
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
  { weight: 1, arbitrary: wordOf(korean, 8) },
  { weight: 1, arbitrary: wordOf(devanagari) },
  { weight: 1, arbitrary: wordOf(thai) },
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

/** Words of each script the fonts cover, and emoji, as a member writing in that language types them. */
export const SCRIPT_WORDS = {
  latin: wordOf(latin),
  cyrillic: wordOf(cyrillic),
  japanese: wordOf(fromChars('日本語のひらがなとカタカナ漢字東京'), 8),
  chinese: wordOf(fromChars('中文简体字汉语你好世界'), 8),
  korean: wordOf(korean, 8),
  arabic: wordOf(arabic),
  hebrew: wordOf(hebrew),
  devanagari: wordOf(devanagari),
  thai: wordOf(thai),
  emoji: fc.array(emoji, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('')),
};
export type Script = keyof typeof SCRIPT_WORDS;

/** Text of one script (with some punctuation), cut to `maxLength` UTF-16 units. */
export function scriptText(maxLength: number): fc.Arbitrary<{ script: Script; text: string }> {
  const scripts = Object.keys(SCRIPT_WORDS) as Script[];
  return fc.constantFrom(...scripts).chain((script) =>
    fc
      .array(fc.oneof({ weight: 8, arbitrary: SCRIPT_WORDS[script] }, fromChars('.,!?')), {
        minLength: 1,
        maxLength: Math.ceil(maxLength / 3),
      })
      .map((words) => ({ script, text: cutToLength(words.join(' '), maxLength).trim() }))
      .filter(({ text }) => text !== ''),
  );
}

/** Text with no spaces or invisible characters: what must survive layout, in order. */
export const inkOf = (text: string) => text.replace(/[\s\u200B-\u200F\u2060\uFEFF\u00AD]/gu, '');
