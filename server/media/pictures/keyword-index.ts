// Finds the pictures a phrase names, in the member's language: an index per language of CLDR's
// emoji labels and keywords (emojibase-data, or CLDR's own annotations), built lazily, scored by
// TF-IDF so that "espresso" outweighs "drink".
import { ACTIVITY_ALIASES } from './activities';
import { regionalAliases, SETTING_WORDS, SUBJECT_ALIASES, WEAK_ALIASES } from './aliases';
import { CLAUSE_PUNCTUATION, comparedWords, scanMarkers } from './comparisons';
import {
  type EmojibaseEntry,
  emojiHexKey,
  hexKey,
  isExpressive,
  isGenderedName,
  type PictureSet,
  packageFile,
  pictureSet,
  readJson,
} from './picture-set';
import {
  comparableText,
  followsImperative,
  headFirst,
  isContainerOf,
  isDeterminerOrCount,
  isFunctionForm,
  keywordSource,
  type PartialMatch,
  partialMatch,
  queryAlternatives,
  splitWords,
  type Word,
} from './words';

/**
 * A CLDR label's head word ("beverage" in "hot beverage", "libro" in "libro naranja") is the
 * surest description of what an emoji shows; its other words only qualify it.
 */
const LABEL_WEIGHT = 3;
/** A label of one word ("fuego", "feu") is the thing itself: above a compound's head. */
const SOLE_LABEL_WEIGHT = 3.6;
/** CLDR keywords and emojilib's: associations as much as descriptions ("cafe" for ☕). */
const KEYWORD_WEIGHT = 1.5;
/** "stormy" read as "storm", "sleeping" as "sleep": a little less than the word itself. */
const STEM_WEIGHT = 0.8;
/** A keyword found inside a word ("kahvesi", "Wanderschuhe", "火锅") counts a little less. */
const PARTIAL_WEIGHT = 0.75;
/** One character of a CJK word ("中火" → 火) is a weaker clue. */
const SINGLE_CHARACTER_WEIGHT = 0.6;
/** "fishing" in "fishing boats", "sea" in "sea salt": a modifier counts less than its head. */
const MODIFIER_WEIGHT = 0.6;
/** An alias scores above a label found in one picture only, less for its later pictures. */
const ALIAS_WEIGHT = 1;
const ALIAS_RANK_DECAY = 0.2;
/** A weak alias (a day of the week) scores like a keyword found in one picture only. */
const WEAK_ALIAS_WEIGHT = 0.5;
/** Words later in a phrase weigh up to this much less: its subject usually comes first. */
const POSITION_DECAY = 0.3;
/** A phrase's subject comes early; reading only this many words also bounds the work. */
const MAX_QUERY_WORDS = 40;
/** A shot is a phrase: a pathological text is never read whole. */
const MAX_QUERY_CHARS = 1_000;
/** Pictures kept per phrase for the assignment that keeps shots apart. */
export const CANDIDATES_PER_PHRASE = 24;
/**
 * A face's or a gesture's label word other than its head ("hot" in "hot face") is an adjective
 * a phrase uses of other things ("Hot new sneakers"): it counts half.
 */
const EXPRESSIVE_QUALIFIER_WEIGHT = 0.5;
/** Faces show a feeling, rarely a phrase's subject. */
const CATEGORY_WEIGHTS: Readonly<Record<string, number>> = { 'Smileys & Emotion': 0.75 };
/** Keywords that say a picture's gender, kept off its gender-neutral sibling. */
const ENGLISH_GENDER_WORDS = new Set([
  'man',
  'woman',
  'men',
  'women',
  'male',
  'female',
  'boy',
  'girl',
  'lady',
  'gentleman',
  'guy',
]);

type Posting = { doc: number; weight: number };

export type KeywordIndex = {
  language: string;
  set: PictureSet;
  /** Stem → the pictures it describes, weighted by where it came from and by its rarity. */
  postings: Map<string, Posting[]>;
  /** Alias key → its pictures, and the score of its first picture. */
  aliasDocs: Map<string, { docs: number[]; bonus: number; weak?: boolean }>;
  /**
   * Doing words ("run", "corre", "wave hello") → someone doing it: weak, and added to what the
   * keywords find, so that a named thing still wins ("running shoes", "laptop running slow").
   */
  activityDocs: Map<string, { docs: number[]; bonus: number }>;
  partial: PartialMatch;
  /** Keys found in some picture's label, or aliases: the thing itself. */
  namedKeys: Set<string>;
  /** Keys CLDR gives some picture (label or keyword), or aliases: not only an association. */
  describedKeys: Set<string>;
  /**
   * Keys that head some picture's label, or aliases and doing words: nouns that name a thing.
   * A key outside it is only ever a keyword or a label's qualifier ("caliente", "aide",
   * "fahren", "hot"), as often a verb or an adjective as a thing.
   */
  headKeys: Set<string>;
  /** Times of day and week ("night", "morning"): the setting, not the subject, of a pair. */
  settingKeys: Set<string>;
  /** Chinese and Japanese: keywords kept whole and found in the phrase by scanning. */
  scanned: boolean;
  /**
   * Italian: the last vowels of the keyword forms behind each stem, per picture. Plurals change
   * the vowel (pomodoro, pomodori), gender does not make the same word ("porto" is no "porta",
   * "pesce" no "pesca").
   */
  vowelsByStem: Map<string, Map<number, Set<string>>>;
  /** How many pictures have keywords in this language (for an alias's score). */
  documentCount: number;
  /** The longest key, in characters: how far a scan looks ahead. */
  longestKey: number;
};

export type Candidate = {
  doc: number;
  score: number;
  matched: string[];
  /** Whether a head word chose it, not only a modifier ("sea" in "sea salt"). */
  head: boolean;
  /** Whether CLDR's words or an alias chose it, not only emojilib's associations. */
  named: boolean;
  /**
   * Whether a word that names a thing chose it (a label's head, an alias, a doing word), not
   * only keywords that may be verbs or adjectives.
   */
  strong: boolean;
};

/** Languages written without spaces, whose keywords are matched whole inside the phrase. */
const SCANNED_LANGUAGES = new Set(['zh', 'zh-hant', 'ja']);
/** A scan never looks further ahead than this many characters. */
const MAX_SCANNED_KEY = 12;

type CldrAnnotations = {
  annotations: { annotations: Record<string, { default?: string[]; tts?: string[] }> };
};

/** The words of an icon's name up to "without": `teacup-without-handle` → teacup. */
function nameWords(name: string): string[] {
  const words = name.split('-');
  const without = words.indexOf('without');
  return without < 0 ? words : words.slice(0, without);
}

/**
 * Which of a label's content words is its head: the first in head-first languages ("libro
 * naranja"), else the last before any linking word ("sun behind cloud" → sun, "orange book" →
 * book). -1 when the label has no content word.
 */
function headWord(label: string, language: string): number {
  const words = splitWords(label, language);
  let content = -1;
  let head = -1;
  for (const word of words) {
    if (word.functionWord) {
      // A linking word after the first content words ends the head's phrase.
      if (head >= 0 && word.stopWord) break;
      continue;
    }
    content++;
    head = content;
    if (headFirst(language)) break;
  }
  return head;
}

/** Most words a name said whole may have ("mot de passe", "bonde elétrico", "hot dog"). */
const MAX_UNIT_WORDS = 4;

/**
 * A label's or keyword's key as one name of several words (its words, as split): their stems
 * in order, function words included ("mot de pass"); undefined for one word, or words that
 * name nothing.
 */
function unitKey(words: readonly Word[], language: string): string | undefined {
  if (words.length < 2 || words.length > MAX_UNIT_WORDS) return undefined;
  const [first] = words;
  const last = words.at(-1);
  // "une heure" is an hour before it is one o'clock: a name neither opens nor ends on a
  // determiner or a count.
  if (
    !first ||
    !last ||
    words.some((word) => word.joined === 'break') ||
    isDeterminerOrCount(first, language) ||
    isDeterminerOrCount(last, language) ||
    words.every((word) => word.functionWord)
  ) {
    return undefined;
  }
  return words.map((word) => word.stem).join(' ');
}

const isUnitKey = (key: string) => key.includes(' ');

/** Whether a label's head place (its last word, or first in head-first languages) is a
 * function word: then none of its content words is its head ("hot face", "thumbs up"). */
function endsInFunctionWord(label: string, language: string): boolean {
  const words = splitWords(label, language);
  const place = headFirst(language) ? words[0] : words.at(-1);
  return place?.functionWord ?? false;
}

/** The bare verb of an "-ing" word, in each spelling it may have: running → run, biking → bike. */
function ingStems(word: string): string[] {
  if (word.length < 6 || !word.endsWith('ing')) return [];
  const base = word.slice(0, -3);
  const undoubled = base.replace(/([^aeiou])\1$/, '$1');
  return [...new Set([base, undoubled, `${base}e`])];
}

/** `man-cook` → `cook`, `woman-mountain-biking` → `person-mountain-biking`, when the set has it. */
function genderNeutralSibling(name: string, docByName: Map<string, number>): number | undefined {
  if (!isGenderedName(name)) return undefined;
  const words = name.split('-');
  const gendered = (word: string) => ['man', 'woman', 'men', 'women'].includes(word);
  const asPerson = words.map((word) => (gendered(word) ? 'person' : word));
  const without = words.filter((word) => !gendered(word));
  return docByName.get(asPerson.join('-')) ?? docByName.get(without.join('-'));
}

/**
 * A keyword text of a picture: a label (read for its head word), a CLDR keyword, or one of
 * emojilib's associations ("power" for ✊ and 🫅, "cool" for 🫎).
 */
type KeywordText = [text: string, kind: 'label' | 'keyword' | 'association'];

/** Each picture's labels and keywords in one language. */
function keywordTexts(set: PictureSet, language: string): Map<number, KeywordText[]> {
  const texts = new Map<number, KeywordText[]>();
  const add = (doc: number | undefined, text: string, weight: KeywordText[1]) => {
    if (doc === undefined) return;
    if (weight !== 'label' && isExpressive(set.docs[doc])) return;
    let list = texts.get(doc);
    if (!list) {
      list = [];
      texts.set(doc, list);
    }
    list.push([text, weight]);
  };
  const source = keywordSource(language);
  if (source?.kind === 'emojibase') {
    const entries = readJson<EmojibaseEntry[]>(
      packageFile('emojibase-data', `${source.locale}/data.json`),
    );
    for (const entry of entries) {
      const doc = set.docByHex.get(hexKey(entry.hexcode));
      add(doc, entry.label, 'label');
      for (const tag of entry.tags ?? []) add(doc, tag, 'keyword');
    }
  } else if (source?.kind === 'cldr') {
    const file = packageFile(
      'cldr-annotations-full',
      `annotations/${source.locale}/annotations.json`,
    );
    const annotations = readJson<CldrAnnotations>(file).annotations.annotations;
    for (const [emoji, { default: tags = [], tts = [] }] of Object.entries(annotations)) {
      const doc = set.docByHex.get(emojiHexKey(emoji));
      for (const label of tts) add(doc, label, 'label');
      for (const tag of tags) add(doc, tag, 'keyword');
    }
  }
  if (language === 'en') {
    // The icon's own name, and emojilib's keywords: English associations CLDR lacks.
    set.docs.forEach((picture, doc) => {
      add(doc, nameWords(picture.name).join(' '), 'label');
    });
    const emojilib = readJson<Record<string, string[]>>(
      packageFile('emojilib', 'dist/emoji-en-US.json'),
    );
    for (const [emoji, keywords] of Object.entries(emojilib)) {
      const doc = set.docByHex.get(emojiHexKey(emoji));
      keywords.forEach((keyword, position) => {
        // emojilib's first keyword is the emoji's own name in snake_case.
        add(doc, keyword.replace(/_/g, ' '), position === 0 ? 'label' : 'association');
      });
    }
  }
  return texts;
}

/** A Chinese or Japanese keyword's index keys: itself whole, and its longer parts. */
function scannedKeys(text: string, language: string): [key: string, whole: boolean][] {
  const keys: [string, boolean][] = [];
  const whole = comparableText(text, language).replace(/\s+/g, '');
  if (whole.length > 0 && !isFunctionForm(whole, language)) keys.push([whole, true]);
  for (const word of splitWords(text, language)) {
    if (!word.functionWord && [...word.form].length >= 2 && word.form !== whole) {
      keys.push([word.form, false]);
    }
  }
  return keys;
}

/**
 * The index keys of an alias: its words' stems ("pequeno-almoço" also as one word, as readPhrase
 * joins it), or for Chinese and Japanese the whole and its longer parts.
 */
function aliasKeys(word: string, language: string, scanned: boolean): string[] {
  if (scanned) return scannedKeys(word, language).map(([key]) => key);
  const keys = splitWords(word, language).flatMap((read) => (read.functionWord ? [] : [read.stem]));
  if (word.includes('-')) {
    const [joined] = splitWords(word.replace(/-/g, ''), language);
    if (joined) keys.push(joined.stem);
  }
  return keys;
}

/** One language's index over the picture set. */
function buildIndex(language: string): KeywordIndex {
  const set = pictureSet();
  const scanned = SCANNED_LANGUAGES.has(language);
  const docTokens = new Map<number, Map<string, number>>();
  const headKeys = new Set<string>();
  const namedKeys = new Set<string>();
  const describedKeys = new Set<string>();
  const vowelsByStem = new Map<string, Map<number, Set<string>>>();
  // The same keywords recur across pictures ("face", "food"): each is read once. An Italian
  // key also carries the vowel its form ended in, when the stem dropped one.
  const read = new Map<string, [string, number, string?][]>();
  const keysOf = (text: string, kind: KeywordText[1]): [string, number, string?][] => {
    const memo = `${kind}\u0000${text}`;
    let keys = read.get(memo);
    if (keys) return keys;
    keys = [];
    if (scanned) {
      // Whole keywords ("西红柿", "火"), and their parts of two characters or more: ICU's
      // single characters ("出" of 日出) would match nearly any phrase.
      for (const [key, whole] of scannedKeys(text, language)) {
        keys.push([key, whole && kind === 'label' ? LABEL_WEIGHT : KEYWORD_WEIGHT]);
      }
    } else {
      const all = splitWords(text, language);
      const words = all.filter((word) => !word.functionWord);
      const head = kind === 'label' ? headWord(text, language) : -1;
      words.forEach((word, position) => {
        const vowel =
          language === 'it' && word.stem !== word.form ? italianVowel(word.form) : undefined;
        const weight =
          position !== head
            ? KEYWORD_WEIGHT
            : words.length === 1
              ? SOLE_LABEL_WEIGHT
              : LABEL_WEIGHT;
        keys.push([word.stem, weight, vowel]);
        if (language === 'en') {
          for (const base of ingStems(word.form)) keys.push([base, weight * STEM_WEIGHT]);
        }
      });
      const unit = unitKey(all, language);
      if (unit !== undefined && kind !== 'association') keys.push([unit, SOLE_LABEL_WEIGHT]);
    }
    read.set(memo, keys);
    return keys;
  };
  for (const [doc, texts] of keywordTexts(set, language)) {
    for (const [text, kind] of texts) {
      if (kind === 'association') continue;
      for (const [key] of keysOf(text, kind)) {
        describedKeys.add(key);
        if (kind === 'label') namedKeys.add(key);
      }
    }
    const tokens = new Map<string, number>();
    const picture = set.docs[doc];
    const categoryWeight = CATEGORY_WEIGHTS[picture?.category ?? ''] ?? 1;
    const expressive = isExpressive(picture);
    const add = (token: string, weight: number) => {
      const qualifier = expressive && weight < LABEL_WEIGHT ? EXPRESSIVE_QUALIFIER_WEIGHT : 1;
      tokens.set(token, Math.max(tokens.get(token) ?? 0, weight * categoryWeight * qualifier));
    };
    for (const [text, kind] of texts) {
      // "hot face": stopwords-iso lists "face", so "hot" would pass for its head.
      const headless = expressive && kind === 'label' && endsInFunctionWord(text, language);
      for (const [key, weight, vowel] of keysOf(text, kind)) {
        add(key, headless ? KEYWORD_WEIGHT : weight);
        // A name of several words said whole ("mot de passe", "chorro de agua") is the thing.
        if (isUnitKey(key)) headKeys.add(key);
        if (vowel !== undefined) {
          const byDoc = vowelsByStem.get(key) ?? new Map<number, Set<string>>();
          byDoc.set(doc, (byDoc.get(doc) ?? new Set<string>()).add(vowel));
          vowelsByStem.set(key, byDoc);
        }
        if (kind === 'label' && !headless && weight >= LABEL_WEIGHT) headKeys.add(key);
      }
    }
    docTokens.set(doc, tokens);
  }

  if (language === 'en') {
    // A gendered variant's keywords describe its gender-neutral sibling as well ("race" is only
    // on `man-mountain-biking`), so the neutral picture wins unless the phrase names a gender.
    for (const [doc, gendered] of docTokens) {
      const sibling = genderNeutralSibling(set.docs[doc]?.name ?? '', set.docByName);
      const neutral = sibling === undefined ? undefined : docTokens.get(sibling);
      if (!neutral) continue;
      for (const [token, weight] of gendered) {
        if (ENGLISH_GENDER_WORDS.has(token)) continue;
        // As much as the gendered one has: "run" must not rank 🏃‍♂️ above 🏃.
        neutral.set(token, Math.max(neutral.get(token) ?? 0, weight));
      }
    }
  }

  const documentFrequency = new Map<string, number>();
  for (const tokens of docTokens.values()) {
    for (const token of tokens.keys()) {
      documentFrequency.set(token, (documentFrequency.get(token) ?? 0) + 1);
    }
  }
  const count = Math.max(1, docTokens.size);
  const postings = new Map<string, Posting[]>();
  // Docs in order, so that postings (and so every tie) never depend on the data's order.
  for (const doc of [...docTokens.keys()].sort((a, b) => a - b)) {
    const tokens = docTokens.get(doc) ?? new Map<string, number>();
    for (const [token, weight] of tokens) {
      const inverse = Math.log(1 + count / (documentFrequency.get(token) ?? count));
      let list = postings.get(token);
      if (!list) {
        list = [];
        postings.set(token, list);
      }
      list.push({ doc, weight: weight * inverse });
    }
  }

  const aliasDocs = new Map<string, { docs: number[]; bonus: number; weak?: boolean }>();
  const labelInOne = LABEL_WEIGHT * Math.log(1 + count);
  const addAliases = (
    aliases: Readonly<Record<string, readonly string[]>>,
    bonus: number,
    weak: boolean,
  ) => {
    for (const [word, targets] of Object.entries(aliases)) {
      const docs = targets.flatMap((target) => set.docByName.get(target) ?? []);
      if (docs.length === 0) continue;
      for (const key of aliasKeys(word, language, scanned)) {
        aliasDocs.set(key, { docs, bonus, weak });
        namedKeys.add(key);
        describedKeys.add(key);
        headKeys.add(key);
      }
    }
  };
  addAliases(WEAK_ALIASES[language] ?? {}, WEAK_ALIAS_WEIGHT * labelInOne, true);
  addAliases(SUBJECT_ALIASES[language] ?? {}, ALIAS_WEIGHT * labelInOne, false);

  const activityDocs = new Map<string, { docs: number[]; bonus: number }>();
  for (const [word, targets] of Object.entries(ACTIVITY_ALIASES[language] ?? {})) {
    const docs = targets.flatMap((target) => set.docByName.get(target) ?? []);
    if (docs.length === 0) continue;
    // A word alone is weak ("laptop running slow" is a laptop); two that go together are sure.
    const bonus = (word.includes('_') ? ALIAS_WEIGHT : WEAK_ALIAS_WEIGHT) * labelInOne;
    if (scanned) {
      for (const [key] of scannedKeys(word, language)) activityDocs.set(key, { docs, bonus });
      continue;
    }
    // "wave_hello": the two words' stems together, as readPhrase joins them; "push-ups" as one.
    const keys = word
      .split('_')
      .map((part) => splitWords(part.replace(/-/g, ''), language)[0]?.stem ?? part);
    activityDocs.set(keys.join(' '), { docs, bonus });
  }

  return {
    language,
    set,
    postings,
    aliasDocs,
    activityDocs,
    namedKeys,
    describedKeys,
    headKeys,
    // As the phrase reads them: "week-end" and "après-midi" joined, as readPhrase joins them.
    settingKeys: new Set(
      (SETTING_WORDS[language] ?? []).flatMap((word) =>
        scanned ? [comparableText(word, language)] : aliasKeys(word, language, false),
      ),
    ),
    partial: partialMatch(language),
    scanned,
    vowelsByStem,
    documentCount: count,
    longestKey: Math.min(
      MAX_SCANNED_KEY,
      Math.max(
        1,
        ...[...postings.keys(), ...aliasDocs.keys(), ...activityDocs.keys()].map(
          (key) => [...key].length,
        ),
      ),
    ),
  };
}

const indexes = new Map<string, KeywordIndex>();

/**
 * A language's index, built on its first use in each thread and kept; for a region that reads
 * some words its own way (es-MX's "tortilla"), the same index with those aliases over it.
 */
export function keywordIndex(language: string, region = ''): KeywordIndex {
  let index = indexes.get(language);
  if (!index) {
    index = buildIndex(language);
    indexes.set(language, index);
  }
  const regional = regionalAliases(language, region);
  if (regional.key === '') return index;
  const cacheKey = `${language}#${regional.key}`;
  let variant = indexes.get(cacheKey);
  if (!variant) {
    const aliasDocs = new Map(index.aliasDocs);
    const namedKeys = new Set(index.namedKeys);
    const describedKeys = new Set(index.describedKeys);
    const headKeys = new Set(index.headKeys);
    const bonus = ALIAS_WEIGHT * LABEL_WEIGHT * Math.log(1 + index.documentCount);
    for (const [word, targets] of Object.entries(regional.words)) {
      const docs = targets.flatMap((target) => index?.set.docByName.get(target) ?? []);
      if (docs.length === 0) continue;
      for (const key of aliasKeys(word, language, index.scanned)) {
        aliasDocs.set(key, { docs, bonus });
        namedKeys.add(key);
        describedKeys.add(key);
        headKeys.add(key);
      }
    }
    variant = { ...index, aliasDocs, namedKeys, describedKeys, headKeys };
    indexes.set(cacheKey, variant);
  }
  return variant;
}

/** Whether a key chooses any picture: a keyword, an alias or a doing word. */
function knownKey(index: KeywordIndex, key: string): boolean {
  return index.postings.has(key) || index.aliasDocs.has(key) || index.activityDocs.has(key);
}

/** A compound's first part is read only when it is at least this long ("Apfel", not "Ei"). */
const MIN_COMPOUND_PART = 4;

const SINGLE_LETTER_WORDS = /^\p{Script=Han}$/u;
/** Turkish softens a final consonant before a vowel ending: "kaşığı" is kaşık, "kitabı" kitap. */
const TURKISH_SOFTENING: Readonly<Record<string, string>> = { g: 'k', b: 'p', d: 't', c: 'c' };

/**
 * The longest keyword inside a word the index does not know whole: at its start (Turkish
 * endings, and a plural's stem), at its end (German, Dutch and Korean compounds; else a German
 * one's named first part) or anywhere (Chinese and Japanese compounds; one character only as
 * the last, which names the thing: "中火" holds 火, "小块" is no 块-anything).
 */
function partialKey(index: KeywordIndex, word: string): string | undefined {
  const { partial } = index;
  const known = (key: string) => knownKey(index, key);
  if (partial === 'prefix') {
    // A plural's stem, however many endings follow it ("soğanları" is soğan).
    const plural = word.search(/l[ae]r/u);
    if (plural >= 3 && known(word.slice(0, plural))) return word.slice(0, plural);
    for (let length = word.length - 1; length >= Math.max(3, 0.6 * word.length); length--) {
      const key = word.slice(0, length);
      if (known(key)) return key;
      const softened = TURKISH_SOFTENING[key.slice(-1)];
      if (softened && known(key.slice(0, -1) + softened)) return key.slice(0, -1) + softened;
    }
  } else if (partial === 'suffix') {
    // A Korean syllable is a word's worth of letters: "소금빵" ends in 빵.
    const syllables = /\p{Script=Hangul}/u.test(word);
    const chars = [...word];
    // A three-letter last part only when it names a picture ("Nachtzug" is a Zug).
    const [minStart, minKey] = syllables ? [1, 2] : [3, 3];
    for (let start = minStart; start <= chars.length - minKey; start++) {
      const key = chars.slice(start).join('');
      if (known(key) && (syllables || key.length > 3 || index.namedKeys.has(key))) return key;
    }
    // No known last part: the first part still says what it is made of ("Apfelstrudel").
    for (let end = word.length - 3; !syllables && end >= MIN_COMPOUND_PART; end--) {
      const key = word.slice(0, end);
      if (known(key) && index.namedKeys.has(key)) return key;
    }
  } else if (partial === 'inside') {
    const chars = [...word];
    for (let length = chars.length - 1; length >= 1; length--) {
      for (let start = chars.length - length; start >= 0; start--) {
        if (length === 1 && start !== chars.length - 1) continue;
        const key = chars.slice(start, start + length).join('');
        if (length === 1 && !SINGLE_LETTER_WORDS.test(key)) continue;
        if (known(key)) return key;
      }
    }
  }
  return undefined;
}

type QueryTerm = {
  key: string;
  weight: number;
  surface: string;
  /** Italian: the last vowels the word's keyword forms may have (agreeingVowels). */
  vowels?: string;
  alias: boolean;
  modifier: boolean;
  /** An imperative ("Cook the pasta"): only its activity counts, not a noun spelt like it. */
  verb?: boolean;
  /** A word that cannot be a noun here (German in lower case): its keywords only guess. */
  weak?: boolean;
};

/**
 * A Chinese or Japanese phrase's keywords, found by scanning it: at each place the longest
 * keyword that starts there; else the longest function or everyday word, skipped; else one
 * character on. "中火把鸡蛋" is 中 (skipped), 火, 把 (skipped), 鸡蛋. A comparison's keywords
 * are dropped: after "像", "比如" up to "一样" or the clause's end; before "のように", "より".
 */
function scanTerms(index: KeywordIndex, text: string): QueryTerm[] {
  const chars = [...comparableText(text.slice(0, MAX_QUERY_CHARS), index.language)];
  const known = (key: string) => knownKey(index, key);
  const markers = scanMarkers(index.language);
  const markerAt = (at: number, list: readonly string[]) =>
    list.find((marker) => chars.slice(at, at + [...marker].length).join('') === marker);
  const found: string[] = [];
  // The clause of the last keyword found: a postposition ("のように") takes it back only there.
  let lastClause = -1;
  let clause = 0;
  // Inside "比如…", "像…一样": keywords found here are compared, not the subject.
  let comparing = false;
  let at = 0;
  while (at < chars.length && found.length < MAX_QUERY_WORDS) {
    const char = chars[at] ?? '';
    if (CLAUSE_PUNCTUATION.test(char)) {
      clause++;
      comparing = false;
    }
    if (!/\p{L}/u.test(char)) {
      at++;
      continue;
    }
    let step = 0;
    let key: string | undefined;
    for (let length = Math.min(index.longestKey, chars.length - at); length >= 1; length--) {
      const candidate = chars.slice(at, at + length).join('');
      if (known(candidate)) {
        key = candidate;
        step = length;
        break;
      }
    }
    // A marker counts unless a longer keyword starts here ("比萨" is pizza, not "than 萨").
    const until = markers && markerAt(at, markers.until);
    const before = markers && markerAt(at, markers.before);
    const after = markers && markerAt(at, markers.after);
    const marker = until ?? before ?? after;
    if (marker !== undefined && [...marker].length >= step) {
      if (until !== undefined) comparing = false;
      else if (before !== undefined) comparing = true;
      else if (lastClause === clause) found.pop();
      lastClause = -1;
      at += [...marker].length;
      continue;
    }
    if (key !== undefined) {
      if (!comparing) {
        found.push(key);
        lastClause = clause;
      }
    } else {
      for (let length = Math.min(MAX_SCANNED_KEY, chars.length - at); length >= 1; length--) {
        if (isFunctionForm(chars.slice(at, at + length).join(''), index.language)) {
          step = length;
          break;
        }
      }
    }
    at += Math.max(1, step);
  }
  return found.map((key, position) => ({
    key,
    weight:
      (1 - (POSITION_DECAY * position) / Math.max(1, found.length - 1)) *
      ([...key].length === 1 ? SINGLE_CHARACTER_WEIGHT : 1),
    surface: key,
    alias: index.aliasDocs.has(key),
    modifier: false,
  }));
}

/**
 * Joins words written with a hyphen when the index knows them joined ("week-end" is weekend,
 * "petit-déjeuner" one word), and marks which words modify the next: in a run of content words
 * ("sea salt", "Electric cars", "neighbourhood bakery"), all but the head, which is the last
 * (first in head-first languages: "sal marina").
 */
type ReadWord = { word: Word; modifier: boolean; verb?: boolean };

/**
 * Joins, in place, the words of a name that a label or keyword has whole ("mots de passe",
 * "chorro de agua", "hot dog"): the name is read as one word, before its parts.
 */
function joinUnits(index: KeywordIndex, words: Word[]): void {
  for (let start = 0; start < words.length - 1; start++) {
    for (let length = Math.min(MAX_UNIT_WORDS, words.length - start); length >= 2; length--) {
      const run = words.slice(start, start + length);
      if (run.slice(1).some((word) => word.joined === 'break')) continue;
      const key = run.map((word) => word.stem).join(' ');
      if (!index.postings.has(key)) continue;
      const [first] = run;
      if (!first) break;
      words.splice(start, length, {
        surface: run.map((word) => word.surface).join(' '),
        form: key,
        stem: key,
        functionWord: false,
        stopWord: false,
        joined: first.joined,
      });
      break;
    }
  }
}

/**
 * Words that open a title's complement ("… at home", "… for students", "… en casa", "… pour
 * les enfants"): what follows qualifies the subject named before it.
 */
const COMPLEMENT_WORDS: Readonly<Record<string, ReadonlySet<string>>> = {
  en: new Set(['at', 'in', 'on', 'for', 'with', 'from']),
  es: new Set(['en', 'para', 'con']),
  pt: new Set(['em', 'no', 'na', 'para', 'com']),
  fr: new Set(['à', 'au', 'en', 'pour', 'avec', 'chez']),
  de: new Set(['in', 'im', 'am', 'an', 'auf', 'für', 'mit', 'bei', 'zu', 'zum', 'zur']),
  it: new Set(['a', 'al', 'in', 'per', 'con', 'da']),
  nl: new Set(['in', 'op', 'voor', 'met', 'bij', 'aan']),
  pl: new Set(['w', 'we', 'na', 'dla', 'z', 'ze']),
};

function readPhrase(index: KeywordIndex, text: string, title = false): ReadWord[] {
  const known = (key: string) => knownKey(index, key);
  const words: Word[] = [];
  for (const word of splitWords(text, index.language)) {
    const previous = words.at(-1);
    if (previous && word.joined === 'hyphen') {
      const [joined] = splitWords(`${previous.surface}${word.surface}`, index.language);
      if (joined && known(joined.stem)) {
        words[words.length - 1] = { ...joined, surface: `${previous.surface}-${word.surface}` };
        continue;
      }
    }
    const pair = previous && `${previous.stem} ${word.stem}`;
    if (previous && pair && word.joined === 'space' && index.activityDocs.has(pair)) {
      // "wave hello" is a gesture; a wave alone is the sea's.
      words[words.length - 1] = {
        ...word,
        surface: `${previous.surface} ${word.surface}`,
        form: pair,
        stem: pair,
        functionWord: false,
        stopWord: false,
        joined: previous.joined,
      };
      continue;
    }
    words.push(word);
  }
  joinUnits(index, words);
  // "like sea salt", "such as rice": what a comparison or an example names is not the subject.
  const compared = comparedWords(words, index.language);
  // "Book your hotel", "Reserva tu vuelo": a clause's first word before a determiner is a verb.
  // A doing word stays, weak as ever ("Cook the pasta" is pasta, "Swim two laps" swimming).
  const imperative = new Set<Word>();
  words.forEach((word, position) => {
    const opens = position === 0 || word.joined === 'break';
    if (opens && !word.functionWord && followsImperative(words[position + 1], index.language)) {
      imperative.add(word);
    }
  });
  const content = words
    .filter(
      (word, position) =>
        !word.functionWord &&
        !compared.has(position) &&
        (!imperative.has(word) || index.activityDocs.has(word.stem)),
    )
    .slice(0, MAX_QUERY_WORDS);
  const first = headFirst(index.language);
  // Runs of content words with nothing between them but spaces or hyphens.
  const runOf = new Map<Word, Word[]>();
  let run: Word[] = [];
  for (const word of words) {
    if (word.functionWord || word.joined === 'break') run = [];
    if (word.functionWord) continue;
    run.push(word);
    runOf.set(word, run);
  }
  const setting = (word: Word) => index.settingKeys.has(word.stem);
  // "a cup of milk", "una taza de café": the container measures what it holds, which is shown.
  const measures = new Set<Word>();
  words.forEach((word, position) => {
    const of = words[position + 1];
    const held = words[position + 2];
    if (
      !word.functionWord &&
      of?.joined === 'space' &&
      isContainerOf(word, of, index.language) &&
      held !== undefined &&
      held.joined === 'space' &&
      !held.functionWord &&
      known(held.stem)
    ) {
      measures.add(word);
    }
  });
  // A title's subject comes before its complement: "Puppy's first week at home" is about the
  // puppy, "Paella de marisco en casa" the paella; only when something before it is named.
  const complement = new Set<Word>();
  const opens = COMPLEMENT_WORDS[index.language];
  const at = title && opens ? words.findIndex((word) => opens.has(word.surface.toLowerCase())) : -1;
  if (
    at > 0 &&
    words
      .slice(0, at)
      .some((word) => !word.functionWord && !setting(word) && index.namedKeys.has(word.stem))
  ) {
    for (const word of words.slice(at + 1)) complement.add(word);
  }
  return content.map((word): ReadWord => {
    if (imperative.has(word)) return { word, modifier: false, verb: true };
    if (measures.has(word) || complement.has(word)) return { word, modifier: true };
    const along = runOf.get(word) ?? [word];
    const head = first ? along[0] : along.at(-1);
    // Only a pair reads as a compound: three in a row is more often "developer writes code". A
    // head we cannot draw ("Morning routine"), or that names a thing only by association ("sunny
    // spot": a giraffe's spots), leaves its modifier as the best clue, and a doing word is no
    // compound's head ("laptop running slow").
    if (along.length !== 2 || head === undefined || head === word) return { word, modifier: false };
    const modifier =
      !setting(head) &&
      !index.activityDocs.has(head.stem) &&
      known(head.stem) &&
      index.namedKeys.has(head.stem);
    return { word, modifier };
  });
}

/** A phrase's content words as index keys with weights: earlier words count more. */
function queryTerms(index: KeywordIndex, text: string, title = false): QueryTerm[] {
  return asSettings(index, index.scanned ? scanTerms(index, text) : wordTerms(index, text, title));
}

/**
 * A time is the setting of whatever else the phrase names as a thing: "A rainy night" shows the
 * rain, "Sunday morning pancakes" the pancakes, "毎朝走ります" the running.
 */
function asSettings(index: KeywordIndex, terms: QueryTerm[]): QueryTerm[] {
  const setting = (term: QueryTerm) => index.settingKeys.has(term.key);
  const named = terms.some(
    (term) => !setting(term) && (index.namedKeys.has(term.key) || index.activityDocs.has(term.key)),
  );
  if (!named) return terms;
  return terms.map((term) =>
    setting(term) && !term.modifier
      ? { ...term, weight: term.weight * MODIFIER_WEIGHT, modifier: true }
      : term,
  );
}

/**
 * The vowel an Italian keyword form is filed under: its last, or its singular's after a hard c
 * or g ("pesche" under a, as pesca; "funghi" under o, as fungo).
 */
function italianVowel(form: string): string {
  return /[cg]he$/.test(form) ? 'a' : /[cg]hi$/.test(form) ? 'o' : form.slice(-1);
}

/**
 * The vowels an Italian word ending in c or g and a vowel may have in its keyword forms: its
 * own, and its singular's when a soft c or g made the plural (pesce, pesci; amico, amici).
 */
const ITALIAN_HARD_VOWELS: Readonly<Record<string, string>> = {
  ca: 'a',
  ga: 'a',
  co: 'oi',
  go: 'o',
  ce: 'ei',
  ge: 'ei',
  ci: 'eio',
  gi: 'eio',
};

/** Italian plurals' vowels: o–i, a–e, e–i ("porte" are doors, "porto" is a harbour). */
const ITALIAN_NUMBER_VOWELS: Readonly<Record<string, string>> = {
  o: 'oi',
  i: 'ioe',
  a: 'ae',
  e: 'eai',
};

/**
 * The last vowels an Italian word's singular or plural may end in, when its stem dropped one:
 * a picture whose keyword met the stem with another vowel is another word ("porto" is no
 * "porta"). Undefined when any picture of the stem may do.
 */
function agreeingVowels(index: KeywordIndex, word: Word): string | undefined {
  if (index.vowelsByStem.size === 0 || word.form === word.stem) return undefined;
  // A c or g keeps its sound in the plural, so its vowels tell the gender: "pesche" are
  // peaches (pesca), "pesce" a fish, "funghi" mushrooms (fungo).
  const own = /[cg]h?[aeio]$/.test(word.form)
    ? (ITALIAN_HARD_VOWELS[word.form.slice(-2)] ?? italianVowel(word.form))
    : ITALIAN_NUMBER_VOWELS[word.form.slice(-1)];
  return own;
}

/** Whether a picture's keyword met the stem as the same word (agreeingVowels). */
function vowelsAgree(index: KeywordIndex, key: string, doc: number, own: string): boolean {
  const vowels = index.vowelsByStem.get(key)?.get(doc);
  return !vowels || [...vowels].some((vowel) => own.includes(vowel));
}

/**
 * Whether a German phrase capitalises its nouns (a word other than a clause's first starts
 * with a capital): then a word in lower case is a verb or an adjective ("Wir fahren am See").
 */
function capitalisedNouns(language: string, text: string): boolean {
  if (language !== 'de') return false;
  return splitWords(text, language).some(
    (word, position) => position > 0 && word.joined !== 'break' && /^\p{Lu}/u.test(word.surface),
  );
}

/** The terms of a phrase written with spaces, from its content words. */
function wordTerms(index: KeywordIndex, text: string, title = false): QueryTerm[] {
  const terms: QueryTerm[] = [];
  const read = readPhrase(index, text, title);
  const known = (key: string) => knownKey(index, key);
  const nouns = capitalisedNouns(index.language, text);
  read.forEach(({ word, modifier, verb }, position) => {
    const weak = nouns && !/^\p{Lu}/u.test(word.surface);
    const weight =
      (1 - (POSITION_DECAY * position) / Math.max(1, read.length - 1)) *
      (modifier ? MODIFIER_WEIGHT : 1);
    const { surface } = word;
    const add = (key: string, factor: number, vowels?: string) => {
      terms.push({
        key,
        weight: weight * factor,
        surface,
        vowels,
        alias: index.aliasDocs.has(key),
        modifier,
        verb,
        weak,
      });
    };
    const vowels = agreeingVowels(index, word);
    const agrees =
      vowels === undefined ||
      !index.postings.has(word.stem) ||
      (index.postings.get(word.stem) ?? []).some(({ doc }) =>
        vowelsAgree(index, word.stem, doc, vowels),
      );
    if (known(word.stem) && agrees) {
      add(word.stem, 1, vowels);
      return;
    }
    if (index.language === 'en') {
      if (word.form.length > 4 && word.form.endsWith('y')) {
        // sunny → sun, foggy → fog, stormy → storm
        add(word.form.slice(0, -1).replace(/([^aeiou])\1$/, '$1'), STEM_WEIGHT);
      }
      for (const base of ingStems(word.form)) add(base, STEM_WEIGHT);
      return;
    }
    const alternative = queryAlternatives(word, index.language).find(known);
    if (alternative !== undefined) {
      add(alternative, 1);
      return;
    }
    for (const reading of [word.stem, ...queryAlternatives(word, index.language)]) {
      const key = partialKey(index, reading);
      if (key === undefined) continue;
      add(key, [...key].length === 1 ? SINGLE_CHARACTER_WEIGHT : PARTIAL_WEIGHT);
      return;
    }
  });
  return terms;
}

/**
 * The order of two candidates (negative when a comes first): the higher score; on a tie, the
 * gender-neutral one (`technologist`, not `man-technologist`), then the one CLDR lists first
 * (its plainest of a kind: `sun` before `sun-behind-large-cloud`, 🙂 before 👹), then by name,
 * so that the choice never depends on the order of the data.
 */
function ranksBefore(index: KeywordIndex, a: Candidate, b: Candidate): number {
  const difference = b.score - a.score;
  if (Math.abs(difference) > 1e-9 * Math.max(1, a.score)) return difference;
  const docA = index.set.docs[a.doc];
  const docB = index.set.docs[b.doc];
  const neutral = Number(docB?.genderNeutral) - Number(docA?.genderNeutral);
  if (neutral !== 0) return neutral;
  const order = (docA?.order ?? 0) - (docB?.order ?? 0);
  if (order !== 0) return order;
  return (docA?.name ?? '').localeCompare(docB?.name ?? '');
}

/**
 * Words that say where, before a place's name ("48 hours in Lisbon", "Um dia em Lisboa", "Una
 * giornata a Venezia"); Turkish says it with an ending after an apostrophe ("İstanbul'da").
 */
const PLACE_PREPOSITIONS: Readonly<Record<string, ReadonlySet<string>>> = {
  en: new Set(['in', 'to', 'around', 'across']),
  es: new Set(['en', 'a', 'por']),
  pt: new Set(['em', 'no', 'na', 'a', 'ao', 'para', 'por', 'pelo', 'pela']),
  fr: new Set(['à', 'en', 'au', 'aux']),
  de: new Set(['in', 'nach']),
  it: new Set(['a', 'in']),
  nl: new Set(['in', 'naar']),
  pl: new Set(['w', 'we', 'do']),
};
const TURKISH_PLACE_ENDING = /^['’](da|de|ta|te|ya|ye|a|e|dan|den|tan|ten|nda|nde)$/u;

/**
 * The name of a place a text speaks of, as written: a capitalised word the index does not know,
 * after a word that says where ("in Lisbon", "em Lisboa", "İstanbul'da"). A place stands for a
 * city when nothing else is named.
 */
export function placeName(index: KeywordIndex, text: string): string | undefined {
  const prepositions = PLACE_PREPOSITIONS[index.language];
  if (!prepositions && index.language !== 'tr') return undefined;
  const written = text.slice(0, MAX_QUERY_CHARS);
  for (const match of written.matchAll(
    /(\p{L}+)\s+(\p{Lu}\p{Ll}+)|(\p{Lu}\p{Ll}+)(['’]\p{Ll}+)/gu,
  )) {
    const [, before, after, name, ending] = match;
    const place = after ?? name ?? '';
    const says =
      before !== undefined
        ? (prepositions?.has(before.toLocaleLowerCase(index.language)) ?? false)
        : index.language === 'tr' && TURKISH_PLACE_ENDING.test(ending ?? '');
    if (!says) continue;
    const [word] = splitWords(place, index.language);
    if (word && !word.functionWord && !knownKey(index, word.stem)) return place;
  }
  return undefined;
}

/**
 * The best pictures for one phrase, best first; empty when it names nothing we can draw. A
 * title's complement ("at home", "for students") only qualifies its subject.
 */
export function rankCandidates(index: KeywordIndex, text: string, title = false): Candidate[] {
  const found = new Map<number, Candidate>();
  const credited = new Map<number, Map<string, number>>();
  const credit = (
    doc: number,
    score: number,
    surface: string,
    head: boolean,
    named: boolean,
    strong: boolean,
  ) => {
    let candidate = found.get(doc);
    if (!candidate) {
      candidate = { doc, score: 0, matched: [], head: false, named: false, strong: false };
      found.set(doc, candidate);
      credited.set(doc, new Map());
    }
    // A word counts once per picture, by its best reading (itself, its stem, a part of it).
    if (head) candidate.head = true;
    if (named) candidate.named = true;
    if (strong) candidate.strong = true;
    const byWord = credited.get(doc) ?? new Map<string, number>();
    const before = byWord.get(surface) ?? 0;
    if (score <= before) return;
    candidate.score += score - before;
    byWord.set(surface, score);
    if (!candidate.matched.includes(surface)) candidate.matched.push(surface);
  };
  for (const term of queryTerms(index, text, title)) {
    const { key, weight, surface, alias, modifier, verb, weak, vowels } = term;
    const activity = index.activityDocs.get(key);
    activity?.docs.forEach((doc, rank) => {
      const score = activity.bonus * weight * Math.max(0, 1 - ALIAS_RANK_DECAY * rank);
      credit(doc, score, surface, !modifier, true, true);
    });
    if (verb) continue;
    // An alias says which pictures a word means, in order: the keywords do not add to it.
    const aliased = alias ? index.aliasDocs.get(key) : undefined;
    if (aliased) {
      aliased.docs.forEach((doc, rank) => {
        const score = aliased.bonus * weight * Math.max(0, 1 - ALIAS_RANK_DECAY * rank);
        // A day of the week is a setting more than a subject: it does not make a match sure.
        credit(doc, score, surface, !modifier, true, !aliased.weak);
      });
      continue;
    }
    // A time names a picture only through its alias ("morning" is a sunrise): CLDR's keywords
    // for it are other things' ("dia" is a vampire's, of Halloween; "Nachmittag" noon's).
    if (index.settingKeys.has(key) && !index.headKeys.has(key)) continue;
    const named = index.describedKeys.has(key);
    // Sure only through a word that heads some label (a noun that names a thing), never
    // through one CLDR uses only as a keyword or a label's qualifier: "caliente" (the hot
    // dog's), "aide" (the service dog's), "rápido" (the bullet train's), "tastes" (salt's).
    const sure = !weak && index.headKeys.has(key);
    for (const posting of index.postings.get(key) ?? []) {
      if (vowels !== undefined && !vowelsAgree(index, key, posting.doc, vowels)) continue;
      credit(posting.doc, posting.weight * weight, surface, !modifier, named, sure);
    }
  }
  // Two of the phrase's words that agree on a picture make it more than a guess, even when
  // each is only one of its keywords: "chocolate chips" is a cookie.
  for (const candidate of found.values()) {
    if (candidate.matched.length >= 2 && candidate.named && candidate.head) candidate.strong = true;
  }
  return [...found.values()]
    .sort((a, b) => ranksBefore(index, a, b))
    .slice(0, CANDIDATES_PER_PHRASE);
}
