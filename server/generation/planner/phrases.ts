// Spoken text cut into words and phrases: where a scene or a shot may change without the voice
// stopping mid-phrase. Each word knows how strong the boundary after it is: a sentence's end, a
// clause's (; : dashes, or a comma before "then", "because"…), before a clause word, a plain
// comma (weaker: "bright, fruity flavours" is one phrase), before a preposition ("with a
// lantern"), or only between two words (shots may cut there, scenes only as a last resort).
import {
  AND_WORDS,
  CLAUSE_STARTERS,
  DANGLING_WORDS,
  listForm,
  PHRASE_STARTERS,
} from './function-words';
import { narrationWordCount } from './narration';

/** How strong the boundary after a word is; lower is stronger. */
export const BOUNDARY = {
  sentence: 0,
  /** ; : a dash, or a comma before a clause word (", then", ", because"). */
  clause: 1,
  /** Before a clause word without a comma ("…the beans then bloom them"). */
  clauseWord: 2,
  /** A plain comma: a clause's end, or a list's or adjectives' ("bright, fruity flavours"). */
  comma: 3,
  /** Before a preposition ("…the stairs | with a lantern"), after a Japanese particle. */
  phrase: 4,
  word: 5,
  /** After an article, a preposition, a conjunction: "…with the | lantern". */
  dangling: 6,
  /** Inside one word: between the characters of a very long Japanese or Chinese one. */
  inner: 7,
  /** Inside an address said as words ("ember and oak | dot example"): never a cut. */
  kept: 8,
} as const;

/** Boundaries a scene may end at in the normal course: a phrase's end or stronger. */
export const PHRASE_END = BOUNDARY.phrase;

export type Token = {
  /** The word with the text before it (first word only) and after it up to the next word. */
  text: string;
  word: string;
  /** Spoken length in words (narrationWordCount). */
  weight: number;
  /** The boundary after this word (the last word: a sentence's end). */
  after: number;
};

const segmenter = new Intl.Segmenter('en', { granularity: 'word' });
const CJK = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}]/u;
/** A Japanese or Chinese "word" longer than this is cut between its characters when it must be. */
const LONG_CJK_WORD = 8;
/**
 * Japanese particles that close a phrase (bunsetsu): "東京の夜は | 明るい". Not の (it binds two
 * nouns, like "of") nor や (also the start of verbs: "水をやります").
 */
const JAPANESE_PARTICLES = new Set('は が を に で と も へ から まで より て'.split(' '));
const SENTENCE_MARK = /[.!?…。！？]/u;
const CLAUSE_MARK = /[;:；：–—)]|\s-\s/u;
const COMMA_MARK = /[,、，]/u;

/**
 * The words of `text`, each with the boundary after it. No cut falls inside `keep` (character
 * ranges, e.g. an address said as words: "ember and oak dot example").
 */
export function tokensOf(text: string, keep: ReadonlyArray<[number, number]> = []): Token[] {
  const tokens: Token[] = [];
  const ends: number[] = [];
  let lead = '';
  for (const { segment, index: at, isWordLike } of segmenter.segment(text)) {
    if (!isWordLike) {
      const last = tokens.at(-1);
      if (last) last.text += segment;
      else lead += segment;
      continue;
    }
    const parts =
      CJK.test(segment) && [...segment].length > LONG_CJK_WORD ? [...segment] : [segment];
    let end = at;
    parts.forEach((part, index) => {
      end += part.length;
      ends.push(end);
      tokens.push({
        text: (tokens.length === 0 ? lead : '') + part,
        word: part,
        weight: narrationWordCount(part),
        after: index < parts.length - 1 ? BOUNDARY.inner : BOUNDARY.word,
      });
    });
  }
  if (tokens.length === 0) {
    return lead.trim() ? [{ text: lead, word: '', weight: 0, after: BOUNDARY.sentence }] : [];
  }
  tokens.forEach((token, index) => {
    const end = ends[index] ?? 0;
    const kept = keep.some(([from, to]) => end > from && end < to);
    if (kept) token.after = BOUNDARY.kept;
    else if (token.after !== BOUNDARY.inner) token.after = boundaryAfter(tokens, index);
  });
  return tokens;
}

function boundaryAfter(tokens: Token[], index: number): number {
  const token = tokens[index] as Token;
  const next = tokens[index + 1];
  if (!next) return BOUNDARY.sentence;
  const tail = token.text.slice(token.text.lastIndexOf(token.word) + token.word.length);
  if (SENTENCE_MARK.test(tail)) return BOUNDARY.sentence;
  if (CLAUSE_MARK.test(tail)) return BOUNDARY.clause;
  const following = listForm(next.word);
  // "and then": the clause starts at the "and".
  const clauseNext =
    CLAUSE_STARTERS.has(following) ||
    (AND_WORDS.has(following) && CLAUSE_STARTERS.has(listForm(tokens[index + 2]?.word ?? '')));
  if (COMMA_MARK.test(tail)) return clauseNext ? BOUNDARY.clause : BOUNDARY.comma;
  // "before and | after", "in and | out": a phrase never ends on "and", whatever follows it.
  if (DANGLING_WORDS.has(listForm(token.word))) return BOUNDARY.dangling;
  if (clauseNext) return BOUNDARY.clauseWord;
  if (PHRASE_STARTERS.has(following)) return BOUNDARY.phrase;
  if (JAPANESE_PARTICLES.has(token.word.at(-1) ?? '') && CJK.test(next.word)) {
    return BOUNDARY.phrase;
  }
  return BOUNDARY.word;
}

/** Tokens' text put back together, with no space at either end. */
export function joinTokens(tokens: readonly Token[]): string {
  return tokens
    .map((token) => token.text)
    .join('')
    .trim();
}

export type Phrase = { tokens: Token[]; weight: number; after: number };

/**
 * `text` cut at every boundary of strength `cutAt` or stronger; a phrase still heavier than
 * `maxWeight` is cut again at its strongest boundary that keeps the front within it (the latest
 * such), so that every phrase fits a scene.
 */
export function phrasesOf(
  text: string,
  maxWeight: number,
  keep: ReadonlyArray<[number, number]> = [],
): Phrase[] {
  const phrases: Phrase[] = [];
  let current: Token[] = [];
  for (const token of tokensOf(text, keep)) {
    current.push(token);
    if (token.after <= PHRASE_END) {
      phrases.push(...fitting(current, maxWeight));
      current = [];
    }
  }
  if (current.length > 0) phrases.push(...fitting(current, maxWeight));
  return phrases;
}

function phraseOf(tokens: Token[]): Phrase {
  return {
    tokens,
    weight: tokens.reduce((sum, token) => sum + token.weight, 0),
    after: tokens.at(-1)?.after ?? BOUNDARY.sentence,
  };
}

/** One phrase, or several when it is heavier than `maxWeight` (bounded by its tokens). */
function fitting(tokens: Token[], maxWeight: number): Phrase[] {
  const out: Phrase[] = [];
  let rest = tokens;
  while (rest.length > 0) {
    let weight = 0;
    let best = -1;
    for (let index = 0; index < rest.length - 1; index += 1) {
      weight += (rest[index] as Token).weight;
      if (weight > maxWeight && best >= 0) break;
      const after = (rest[index] as Token).after;
      if (after >= BOUNDARY.kept) continue;
      if (best < 0 || after <= (rest[best] as Token).after) best = index;
    }
    const total = rest.reduce((sum, token) => sum + token.weight, 0);
    if (total <= maxWeight || best < 0) {
      out.push(phraseOf(rest));
      break;
    }
    out.push(phraseOf(rest.slice(0, best + 1)));
    rest = rest.slice(best + 1);
  }
  return out;
}
