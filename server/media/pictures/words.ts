// Reads a phrase's words in the member's language: which language (the voice's, or detected),
// word splitting with Intl.Segmenter (so Japanese and Chinese split too), one normal form per
// word, a light stemmer per language, and which words are function words or everyday verbs.
import { createRequire } from 'node:module';
import { ACTIVITY_ALIASES } from './activities';
import { HOME_REGION } from './aliases';
import {
  AFTER_IMPERATIVE,
  BODY_WORDS,
  CONTAINER_WORDS,
  EVERYDAY_WORDS,
  KEPT_WORDS,
  NUMBER_WORDS,
  UNIT_WORDS,
} from './everyday-words';

/** The languages the picker is tuned and tested for; others with CLDR data work less well. */
export const COVERED_LANGUAGES = [
  'en',
  'es',
  'pt',
  'fr',
  'de',
  'it',
  'nl',
  'pl',
  'tr',
  'ja',
  'zh',
  'ko',
  'hi',
  'ar',
] as const;

/** emojibase-data's locale folders (its `Locale` type). */
const EMOJIBASE_LOCALES = new Set(
  'bn da de en en-gb es es-mx et fi fr hi hu it ja ko lt ms nb nl pl pt ru sv th uk vi zh zh-hant'.split(
    ' ',
  ),
);

const require = createRequire(import.meta.url);

/** Where a language's emoji keywords come from. */
export type KeywordSource = { kind: 'emojibase' | 'cldr'; locale: string };

/**
 * The keyword data for a language code: emojibase's 28 locales first, else CLDR's own
 * annotations (Turkish, Arabic and ~150 more), else none.
 */
export function keywordSource(language: string): KeywordSource | undefined {
  if (EMOJIBASE_LOCALES.has(language)) return { kind: 'emojibase', locale: language };
  try {
    require.resolve(`cldr-annotations-full/annotations/${language}/annotations.json`);
    return { kind: 'cldr', locale: language };
  } catch {
    return undefined;
  }
}

/** A BCP 47 tag as the language code our data is keyed by: `pt-BR` → pt, `zh-TW` → zh-hant. */
export function languageCode(tag: string): string | undefined {
  const parts = tag.trim().replace(/_/g, '-').toLowerCase().split('-');
  const primary = parts[0] ?? '';
  if (!/^[a-z]{2,3}$/.test(primary)) return undefined;
  if (primary === 'zh' && parts.some((part) => ['hant', 'tw', 'hk', 'mo'].includes(part))) {
    return 'zh-hant';
  }
  // Norwegian Bokmål is `nb` in the data; `no` is what many systems say.
  if (primary === 'no') return 'nb';
  return primary;
}

/** A few very common words that tell Latin-script languages apart. */
const DETECTION_WORDS: Readonly<Record<string, ReadonlySet<string>>> = {
  en: new Set(
    'the and of to with your you is are for on in at this it an be from that then when'.split(' '),
  ),
  es: new Set(
    'el la los las y de del con en por para que una un es tu su al se lo muy cada hasta'.split(' '),
  ),
  pt: new Set(
    'o os as e do da dos das com em no na nos nas por para que um uma é ao à seu sua você'.split(
      ' ',
    ),
  ),
  fr: new Set(
    'le la les et de des du un une avec en au aux pour que est à sur dans votre vous par'.split(
      ' ',
    ),
  ),
  de: new Set(
    'der die das und mit den dem ein eine ist zu im auf für von nicht sie es wie bei'.split(' '),
  ),
  it: new Set(
    'il lo la gli le e di del della con in un una per che è al nel alla dei delle'.split(' '),
  ),
  nl: new Set('de het een en van met in op voor is je bij te zijn niet door naar'.split(' ')),
  pl: new Set('i w z na do się jak nie to że po ze od jest u'.split(' ')),
  tr: new Set('ve bir ile bu için da de çok gibi daha ne mi nasıl'.split(' ')),
};

/** Letters only one or two of those languages use. */
const DETECTION_LETTERS: readonly [RegExp, string, number][] = [
  [/[ñ¿¡]/gu, 'es', 2],
  [/[ãõ]/gu, 'pt', 2],
  [/[ıığş]/gu, 'tr', 3],
  [/[łąęśćńżź]/gu, 'pl', 3],
  [/ß/gu, 'de', 2],
  [/[äöü]/gu, 'de', 1],
  [/[œèêâîôûëç]/gu, 'fr', 1],
  [/[ìò]/gu, 'it', 1],
];

/**
 * The language of a video's words when no voice says it: the script first (kana → ja, Hangul →
 * ko, Han → zh, Arabic, Devanagari, Thai, Cyrillic), then, for Latin text, which language's
 * commonest words and letters it has most of. English when nothing tells.
 */
export function detectLanguage(texts: readonly string[]): string {
  const text = texts.join(' \n ').slice(0, 20_000);
  const count = (pattern: RegExp) => text.match(pattern)?.length ?? 0;
  const kana = count(/[\p{Script=Hiragana}\p{Script=Katakana}]/gu);
  const hangul = count(/\p{Script=Hangul}/gu);
  const han = count(/\p{Script=Han}/gu);
  const scripts: [string, number][] = [
    ['ja', kana > 0 ? kana + han : 0],
    ['ko', hangul],
    ['zh', kana > 0 ? 0 : han],
    ['ar', count(/\p{Script=Arabic}/gu)],
    ['hi', count(/\p{Script=Devanagari}/gu)],
    ['th', count(/\p{Script=Thai}/gu)],
    ['ru', count(/\p{Script=Cyrillic}/gu)],
  ];
  const latin = count(/\p{Script=Latin}/gu);
  const [script, letters] = scripts.reduce((best, next) => (next[1] > best[1] ? next : best));
  if (letters > latin) return script;

  const scores = new Map<string, number>(Object.keys(DETECTION_WORDS).map((code) => [code, 0]));
  for (const word of text.toLowerCase().split(/[^\p{L}]+/u)) {
    for (const [code, common] of Object.entries(DETECTION_WORDS)) {
      if (common.has(word)) scores.set(code, (scores.get(code) ?? 0) + 1);
    }
  }
  for (const [pattern, code, weight] of DETECTION_LETTERS) {
    scores.set(code, (scores.get(code) ?? 0) + weight * count(pattern));
  }
  // English wins a tie: it is the fallback anyway.
  let best = 'en';
  for (const [code, score] of scores) if (score > (scores.get(best) ?? 0)) best = code;
  return best;
}

/** The language code to read a video in: the voice's when we have keywords for it. */
export function resolveLanguage(tag: string | null, texts: readonly string[]): string {
  const code = tag === null ? detectLanguage(texts) : languageCode(tag);
  return code !== undefined && keywordSource(code) ? code : 'en';
}

/**
 * The region to read a language's words as: the tag's (`es-MX` → MX, `es-419` → 419), else the
 * one CLDR's data for the language speaks for (Spain's Spanish, Brazil's Portuguese).
 */
export function resolveRegion(tag: string | null, language: string): string {
  const parts = (tag ?? '').trim().replace(/_/g, '-').split('-').slice(1);
  const region = parts.find((part) => /^([a-z]{2}|\d{3})$/i.test(part));
  return region?.toUpperCase() ?? HOME_REGION[language] ?? '';
}

/** The stopwords-iso list's key for a language code. */
const stopwordKey = (language: string) => (language === 'zh-hant' ? 'zh' : language);
/** Lower-casing is language-sensitive: Turkish "I" is "ı", "İ" is "i". */
const caseLocale = (language: string) => (language === 'tr' || language === 'az' ? language : 'en');

const FRENCH_ELISIONS = new Set('l d j m n s t c qu jusqu lorsqu puisqu quoiqu'.split(' '));
const ITALIAN_ELISIONS = new Set(
  'l d un all dall dell nell sull coll c s m t v quest quell bell sant'.split(' '),
);

/** Lower case with the language's rules, compatibility forms folded, apostrophes made plain. */
function lowerCase(word: string, language: string): string {
  return word
    .normalize('NFKC')
    .toLocaleLowerCase(caseLocale(language))
    .replace(/[’‘`´ʼ]/g, "'")
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae');
}

/**
 * The form words are compared by: accents dropped in alphabetic scripts ("café" = "cafe"),
 * except German umlauts, which make other words ("Fähre" is a ferry, "fahren" to drive;
 * "Küche" a kitchen, "Kuchen" a cake); Arabic without vowel marks and with one alef, one yeh
 * and one teh marbuta. Devanagari and the CJK scripts keep their marks: they are part of the
 * letters.
 */
function comparable(word: string, language: string): string {
  if (/[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}]/u.test(word)) {
    const marks = language === 'de' ? /(?<![aou])\p{M}/gu : /\p{M}/gu;
    return word.normalize('NFD').replace(marks, '').normalize('NFC');
  }
  if (/\p{Script=Arabic}/u.test(word)) {
    return word
      .replace(/[\u064B-\u065F\u0670\u0640]/g, '')
      .replace(/[أإآٱ]/g, 'ا')
      .replace(/ى/g, 'ي')
      .replace(/ة/g, 'ه');
  }
  return word;
}

/** Ends of Korean nouns that only say their role ("커피를" is 커피), longest first. */
const KOREAN_PARTICLES = [
  '에서는',
  '에서',
  '으로',
  '에게',
  '까지',
  '부터',
  '이랑',
  '하고',
  '에는',
  '과',
  '와',
  '을',
  '를',
  '이',
  '가',
  '은',
  '는',
  '에',
  '의',
  '도',
  '로',
  '만',
  '랑',
];
/** Arabic's article and the one-letter words written onto the next ("والقبعة" is قبعه). */
const ARABIC_PREFIXES = ['وال', 'بال', 'فال', 'كال', 'لل', 'ال', 'و', 'ب', 'ف', 'ل'];
const POLISH_ENDINGS = [
  'ami',
  'ach',
  'owi',
  'ego',
  'emu',
  'ow',
  'om',
  'em',
  'ie',
  'a',
  'e',
  'i',
  'o',
  'u',
  'y',
];

const ENGLISH_IRREGULAR: Readonly<Record<string, string>> = {
  leaves: 'leaf',
  loaves: 'loaf',
  knives: 'knife',
  wolves: 'wolf',
  shelves: 'shelf',
  halves: 'half',
  calves: 'calf',
  scarves: 'scarf',
  children: 'child',
  people: 'person',
  men: 'man',
  women: 'woman',
  mice: 'mouse',
  geese: 'goose',
  feet: 'foot',
  teeth: 'tooth',
  oxen: 'ox',
  dice: 'die',
  cacti: 'cactus',
  fungi: 'mushroom',
  potatoes: 'potato',
  tomatoes: 'tomato',
  mangoes: 'mango',
  heroes: 'hero',
  volcanoes: 'volcano',
  shoes: 'shoe',
  toes: 'toe',
  buses: 'bus',
  news: 'news',
  glasses: 'glasses',
  lens: 'lens',
  gas: 'gas',
  cookies: 'cookie',
  movies: 'movie',
  pies: 'pie',
  ties: 'tie',
  christmas: 'christmas',
  canvas: 'canvas',
  lies: 'lie',
  selfies: 'selfie',
  smoothies: 'smoothie',
  brownies: 'brownie',
  hoodies: 'hoodie',
  calories: 'calorie',
};

/** English singular by a few suffix rules and exceptions (berries → berry, beaches → beach). */
function englishStem(word: string): string {
  const irregular = ENGLISH_IRREGULAR[word];
  if (irregular !== undefined) return irregular;
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(ches|shes|sses|xes|zzes)$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** Drops an ending when what is left is still long enough to mean something. */
function dropEnding(word: string, ending: string, keep = 3): string | undefined {
  return word.length - ending.length >= keep && word.endsWith(ending)
    ? word.slice(0, -ending.length)
    : undefined;
}

/**
 * A light stemmer: plural and gender endings go so that the member's "patatas" meets CLDR's
 * "patata", "Äpfel" meets "Apfel", "cebulę" meets "cebula". Applied to keywords and text alike,
 * so the stems only need to agree with each other, not to be words.
 */
export function stem(word: string, language: string): string {
  switch (language) {
    case 'en':
      return englishStem(word);
    case 'es':
    case 'pt': {
      // Number only: gender is part of the word ("puerto" is a harbour, "puerta" a door).
      let base = word;
      if (language === 'es' && /..ces$/.test(base)) return `${base.slice(0, -3)}z`;
      if (language === 'pt') {
        if (/..(oes|aes)$/.test(base)) return `${base.slice(0, -3)}ao`;
        if (/..ns$/.test(base)) return `${base.slice(0, -2)}m`;
        // "papéis" → papel, "animais" → animal
        if (/..[aeou]is$/.test(base)) return `${base.slice(0, -2)}l`;
      }
      // "flores" → flor, "ciudades" → ciudad; "tomates" → tomate (no Spanish word ends in t)
      if (/..[lrndzsyjx]es$/.test(base)) return base.slice(0, -2);
      base = /..[aeiou]s$/.test(base) ? base.slice(0, -1) : base;
      return base;
    }
    case 'it': {
      // Italian plurals change the vowel (pomodoro, pomodori; mela, mele): it goes, and so
      // does the h that keeps a c or g hard before i and e (funghi, fungo; banche, banca).
      if (/[cg]h[ie]$/.test(word) && word.length >= 5) return word.slice(0, -2);
      return /[aeiou]$/.test(word) && word.length >= 5 ? word.slice(0, -1) : word;
    }
    case 'fr': {
      let base = word;
      if (base.endsWith('eaux')) base = base.slice(0, -1);
      else if (base.length > 4 && base.endsWith('aux')) base = `${base.slice(0, -3)}al`;
      else if (/(eu|ou)x$/.test(base)) base = base.slice(0, -1);
      base = dropEnding(base, 's') ?? base;
      return dropEnding(base, 'e') ?? base;
    }
    case 'de': {
      for (const ending of ['en', 'es', 'e', 'n', 's']) {
        const base = dropEnding(word, ending);
        if (base) return base;
      }
      return word;
    }
    case 'nl': {
      if (word === 'eieren') return 'ei';
      const base = dropEnding(word, "'s") ?? dropEnding(word, 'en') ?? dropEnding(word, 's');
      return base ? base.replace(/([^aeiou])\1$/, '$1') : word;
    }
    case 'pl': {
      for (const ending of POLISH_ENDINGS) {
        const base = dropEnding(word, ending);
        if (base) return base;
      }
      return word;
    }
    case 'ar': {
      let base = word;
      for (const prefix of ARABIC_PREFIXES) {
        if (base.startsWith(prefix) && base.length - prefix.length >= 3) {
          base = base.slice(prefix.length);
          break;
        }
      }
      return dropEnding(base, 'ات') ?? base;
    }
    default:
      return word;
  }
}

/** Languages whose compound names put the thing first ("libro naranja", "feu d'artifice"). */
export function headFirst(language: string): boolean {
  return ['es', 'pt', 'fr', 'it', 'ar'].includes(language);
}

/** Chinese and Japanese counts written onto their word ("五分钟", "三分"). */
const LEADING_NUMERALS = /^[0-9０-９一二三四五六七八九十两百千万几]+/u;

/**
 * Other readings of a word the index does not know as it is: a Korean noun without its particle
 * ("커피를" → 커피), a Chinese or Japanese word without its count ("五分钟" → 分钟).
 */
export function queryAlternatives(word: Word, language: string): string[] {
  if (language === 'ko') {
    return KOREAN_PARTICLES.flatMap((particle) => dropEnding(word.form, particle, 1) ?? []);
  }
  if (language === 'zh' || language === 'zh-hant' || language === 'ja') {
    const rest = word.form.replace(LEADING_NUMERALS, '');
    return rest.length > 0 && rest !== word.form ? [rest] : [];
  }
  if (language === 'de' && /[äöü]/.test(word.form)) {
    // A plural's umlaut: "Äpfel" are CLDR's "Apfel", "Bäume" its "Baum".
    const plain = word.form.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
    return [stem(plain, language)];
  }
  return [];
}

/** How a word that is not a keyword may still meet one inside it. */
export type PartialMatch = 'none' | 'prefix' | 'suffix' | 'inside';

/**
 * Turkish (and similar) stack endings on a noun ("kahvesi" is kahve), German, Dutch and Korean
 * build compounds whose last part is the thing ("Wanderschuhe" are Schuhe), Chinese and
 * Japanese write compounds as one word ("火锅" holds 锅).
 */
export function partialMatch(language: string): PartialMatch {
  if (['tr', 'fi', 'hu', 'et', 'az'].includes(language)) return 'prefix';
  // Korean compounds end in what they are, too ("비밀번호" is a number, not a secret).
  if (['de', 'nl', 'sv', 'da', 'nb', 'ko'].includes(language)) return 'suffix';
  if (['ja', 'zh', 'zh-hant'].includes(language)) return 'inside';
  return 'none';
}

/** One word of a text: as the member wrote it, and as it is compared. */
export type Word = {
  /** As written, for a typographic shot ("Tortilla"). */
  surface: string;
  /** Lower case, comparable form (accents dropped where that is safe). */
  form: string;
  /** The form's stem: what the index is keyed by. */
  stem: string;
  /** A function word, an everyday verb or adjective, or a number: it never chooses a picture. */
  functionWord: boolean;
  /** A function word or a number (not an everyday verb): no key word of a typographic shot. */
  stopWord: boolean;
  /** What joins it to the word before: a hyphen, only spaces, or punctuation (a break). */
  joined: 'hyphen' | 'space' | 'break';
};

type LanguageWords = {
  segmenter: Intl.Segmenter;
  /** Lower-case words (accents kept) that never choose a picture. */
  stop: Set<string>;
  /** Everyday verbs and adjectives as listed (lower case), and their stems for other forms. */
  everyday: Set<string>;
  everydayStems: Set<string>;
  kept: Set<string>;
  numbers: Set<string>;
  units: Set<string>;
  afterImperative: Set<string>;
  /** Containers and measures ("cup", "taza"), by stem, and the word for "of" after them. */
  containers: Set<string>;
  of: Set<string>;
};

const languageWords = new Map<string, LanguageWords>();
let stopwordsIso: Record<string, string[]> | undefined;

function wordsOf(language: string): LanguageWords {
  let found = languageWords.get(language);
  if (found) return found;
  stopwordsIso ??= require('stopwords-iso') as Record<string, string[]>;
  const lower = (word: string) => lowerCase(word, language);
  // Doing words name an activity even where stopwords-iso lists them ("run"); the parts of a
  // pair ("thumbs_up") only together, as the matcher joins them.
  const activities = Object.keys(ACTIVITY_ALIASES[language] ?? {}).filter(
    (key) => !key.includes('_'),
  );
  const kept = new Set([...(KEPT_WORDS[language] ?? []), ...activities].map(lower));
  const listed = [...(EVERYDAY_WORDS[language] ?? []), ...(BODY_WORDS[language] ?? [])];
  // "=word" is that form only: "cozinhe" (cook!) goes, "cozinha" (kitchen) stays.
  const everyday = listed.map((word) => lower(word.replace(/^=/, '')));
  const stop = new Set(
    [...(stopwordsIso[stopwordKey(language)] ?? []), ...everyday]
      .map(lower)
      .filter((word) => !kept.has(word)),
  );
  const everydayStems = new Set(
    listed
      .filter((word) => !word.startsWith('='))
      .map(lower)
      .filter((word) => !kept.has(word))
      .map((word) => stem(comparable(word, language), language)),
  );
  let locale = language;
  try {
    new Intl.Segmenter(language);
  } catch {
    locale = 'en';
  }
  found = {
    segmenter: new Intl.Segmenter(locale, { granularity: 'word' }),
    stop,
    everyday: new Set(everyday),
    everydayStems,
    kept,
    numbers: new Set((NUMBER_WORDS[language] ?? []).map(lower)),
    units: new Set((UNIT_WORDS[language] ?? []).map(lower)),
    afterImperative: new Set((AFTER_IMPERATIVE[language] ?? []).map(lower)),
    containers: new Set(
      (CONTAINER_WORDS[language]?.containers ?? []).map((word) =>
        stem(comparable(lower(word), language), language),
      ),
    ),
    of: new Set((CONTAINER_WORDS[language]?.of ?? []).map(lower)),
  };
  languageWords.set(language, found);
  return found;
}

/**
 * Whether the word after a clause's first word shows that first word to be an imperative verb:
 * a determiner, a possessive, a particle or a number ("Book your hotel", "Save 20 %").
 */
export function followsImperative(next: Word | undefined, language: string): boolean {
  if (!next || next.joined === 'break') return false;
  return isDeterminerOrCount(next, language);
}

/**
 * Whether a word is a determiner, a possessive, a particle or a count ("the", "une", "três",
 * "5"), read with its accents: Portuguese "à" is a preposition, not the article "a"
 * ("Bacalhau à Brás").
 */
export function isDeterminerOrCount(word: Word, language: string): boolean {
  const { afterImperative, numbers } = wordsOf(language);
  const written = lowerCase(word.surface, language);
  return afterImperative.has(written) || numbers.has(written) || /^\p{N}/u.test(word.form);
}

/** Whether a word and the next are a container or a measure and "of" ("a cup of", "taza de"). */
export function isContainerOf(word: Word, next: Word, language: string): boolean {
  const { containers, of } = wordsOf(language);
  return of.has(next.form) && containers.has(word.stem);
}

/** A text in the form words are compared by (lower case, accents dropped where safe). */
export function comparableText(text: string, language: string): string {
  return comparable(lowerCase(text, language), language);
}

/**
 * Whether a comparable form is a function word or an everyday word of the language: for
 * Chinese and Japanese, read without word boundaries, a stretch of text is tested as a whole.
 */
export function isFunctionForm(form: string, language: string): boolean {
  const { stop, everydayStems, kept } = wordsOf(language);
  return !kept.has(form) && (stop.has(form) || everydayStems.has(stem(form, language)));
}

/** The part of a word with an apostrophe that names the thing: l'eau → eau, puppy's → puppy. */
function withoutElision(word: string, language: string): string {
  const parts = word.split("'").filter(Boolean);
  if (parts.length < 2) return parts[0] ?? word;
  const [first = '', ...rest] = parts;
  if (language === 'fr' && FRENCH_ELISIONS.has(first)) return rest.join("'");
  if (language === 'it' && ITALIAN_ELISIONS.has(first)) return rest.join("'");
  return first;
}

const ONLY_HIRAGANA = /^\p{Script=Hiragana}+$/u;
/** Scripts written without spaces between words: only these need ICU's dictionaries. */
const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
/** A word of a spaced script: letters with their marks and digits, apostrophes and dots inside. */
const SPACED_WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*(?:['’.][\p{L}\p{M}\p{N}]+)*/gu;

type Segment = { segment: string; isWordLike: boolean };

/**
 * A text's words and the gaps between them. Intl.Segmenter for Chinese, Japanese and Thai;
 * elsewhere a regular expression that splits as ICU does, ten times faster (the keyword index
 * reads some 40 000 keywords per language).
 */
function* segments(text: string, segmenter: Intl.Segmenter): Generator<Segment> {
  if (UNSPACED.test(text)) {
    for (const { segment, isWordLike } of segmenter.segment(text)) {
      yield { segment, isWordLike: Boolean(isWordLike) };
    }
    return;
  }
  let at = 0;
  for (const match of text.matchAll(SPACED_WORD)) {
    if (match.index > at) yield { segment: text.slice(at, match.index), isWordLike: false };
    yield { segment: match[0], isWordLike: true };
    at = match.index + match[0].length;
  }
  if (at < text.length) yield { segment: text.slice(at), isWordLike: false };
}
const HAS_LETTER = /\p{L}/u;

/**
 * The words of a text in order, each with its forms. Reads at most `maxChars` characters: a
 * shot is a phrase, and a pathological text is never split whole.
 */
export function splitWords(text: string, language: string, maxChars = 1_000): Word[] {
  const { segmenter, stop, everyday, everydayStems, kept, numbers, units } = wordsOf(language);
  const words: Word[] = [];
  let between = '';
  for (const segment of segments(text.slice(0, maxChars), segmenter)) {
    if (!segment.isWordLike) {
      between += segment.segment;
      continue;
    }
    const gap = between.trim();
    const joined = gap === '' ? 'space' : /^[-‐‑]$/.test(gap) ? 'hyphen' : 'break';
    between = '';
    const surface = segment.segment;
    const whole = lowerCase(surface, language);
    const lower = withoutElision(whole, language);
    const form = comparable(lower, language);
    const base = stem(form, language);
    const isKept = kept.has(lower);
    const stopWord =
      !isKept &&
      ((stop.has(whole) && !everyday.has(whole)) ||
        (stop.has(lower) && !everyday.has(lower)) ||
        !HAS_LETTER.test(form) ||
        // One Latin letter, or one or two kana of a verb's ending ("き", "ます").
        (form.length < 2 && /\p{Script=Latin}/u.test(form)) ||
        (ONLY_HIRAGANA.test(form) && form.length <= 2));
    const previous = words.at(-1);
    // "180 degrees", "thirty centimetres": a unit after a count measures, it names nothing.
    const measure =
      (units.has(lower) &&
        previous !== undefined &&
        (/^\p{N}/u.test(previous.form) || numbers.has(lowerCase(previous.surface, language)))) ||
      // A Korean count is written onto its counter: "5가지", "30초".
      (language === 'ko' && /^\p{N}+\p{Script=Hangul}{1,2}$/u.test(form));
    const functionWord =
      stopWord ||
      measure ||
      (!isKept && (stop.has(whole) || stop.has(lower) || everydayStems.has(base)));
    words.push({
      surface: surface.replace(/^['’]+|['’]+$/g, ''),
      form,
      stem: base,
      functionWord,
      stopWord,
      joined,
    });
  }
  return words;
}
