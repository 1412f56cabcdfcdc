// Chooses a picture of each scene's subject for offline videos: the Fluent Emoji (flat) icon whose
// name and emojilib keywords best match the scene's text, and a different one for each different text.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  FALLBACK_PICTURES,
  GENERIC_WORDS,
  IRREGULAR_LEMMAS,
  STOP_WORDS,
  SUBJECT_ALIASES,
} from './aliases';

export type Picture = {
  /** The icon's name in the Fluent Emoji (flat) set, e.g. `hot-beverage`. */
  name: string;
  /** A standalone SVG document (`<svg xmlns width height viewBox>…</svg>`). */
  svg: string;
  /** The scene's words (singular, lower case) that chose it; empty for a fallback picture. */
  matched: string[];
};

/** The subject of a scene comes early; reading only this many words also bounds the work. */
const MAX_QUERY_WORDS = 40;
/** Forty words fit well inside this; a pathological 10 MB text is never split whole. */
const MAX_QUERY_CHARS = 1_000;
/** Pictures kept per scene for the assignment that keeps scenes apart. */
const CANDIDATES_PER_TEXT = 24;
/**
 * Above this many different texts in one call, the rest take their best unused picture in order
 * instead of joining the optimal assignment (whose cost grows with the cube of the count).
 */
const MAX_ASSIGNED_TEXTS = 48;

/** The icon's own name is the surest description of what it shows. */
const NAME_WEIGHT = 3;
/** emojilib's other keywords: associations as much as descriptions ("cafe" for a hot drink). */
const KEYWORD_WEIGHT = 1.5;
/** "stormy" read as "storm", "sleeping" as "sleep": a little less than the word itself. */
const STEM_WEIGHT = 0.8;
/** "fishing" in "fishing boats" still counts, less than the boats. */
const MODIFIER_WEIGHT = 0.6;
/** An alias scores like a keyword found in one icon only: 1.5 × ln(1 + N), less for later entries. */
const ALIAS_WEIGHT = 1.5;
const ALIAS_RANK_DECAY = 0.2;
/** Words later in a scene weigh up to this much less: "Fresh bread … in the bakery window". */
const POSITION_DECAY = 0.4;

/** Faces show a feeling, rarely a scene's subject: "steams" should not choose a fuming face. */
const CATEGORY_WEIGHTS: Readonly<Record<string, number>> = { 'Smileys & Emotion': 0.75 };
/** Flags and symbols (arrows, signs, zodiac, keycaps) are not pictures of a subject. */
const SKIPPED_CATEGORIES = new Set(['Flags', 'Symbols']);
/** Two-letter words are too often non-English ("la", "de"); these few name a subject. */
const TWO_LETTER_WORDS = new Set(['ai', 'tv', 'ox', 'dj', 'pc']);
const GENDERED_NAME_WORDS = new Set(['man', 'woman', 'men', 'women']);
/** Keywords that say a picture's gender, kept off its gender-neutral sibling. */
const GENDER_WORDS = new Set([
  ...GENDERED_NAME_WORDS,
  'male',
  'female',
  'boy',
  'girl',
  'lady',
  'gentleman',
  'guy',
]);

type IconifyIcon = {
  body: string;
  width?: number;
  height?: number;
  left?: number;
  top?: number;
  hFlip?: boolean;
  vFlip?: boolean;
  rotate?: number;
};
type IconifyAlias = Omit<Partial<IconifyIcon>, 'body'> & { parent: string };
type IconifySet = {
  icons: Record<string, IconifyIcon>;
  aliases?: Record<string, IconifyAlias>;
  width?: number;
  height?: number;
};
type IconSetMetadata = { categories?: Record<string, string[]> };

type Drawable = {
  body: string;
  left: number;
  top: number;
  width: number;
  height: number;
  hFlip: boolean;
  vFlip: boolean;
};

type Posting = { doc: number; weight: number };

type PictureIndex = {
  names: string[];
  /** Distinct keywords per picture: fewer means a more specific picture, preferred on a tie. */
  keywordCounts: number[];
  /** Words in the picture's name, up to "without". */
  nameLengths: number[];
  genderNeutral: boolean[];
  /** Keyword → the pictures it describes, weighted by where it came from and by its rarity. */
  postings: Map<string, Posting[]>;
  aliasDocs: Map<string, number[]>;
  aliasBonus: number;
  drawables: Map<string, Drawable>;
  svgs: Map<string, string>;
};

type Candidate = { doc: number; score: number; matched: string[] };

let cachedIndex: PictureIndex | undefined;

/**
 * Lower case, accents and apostrophes gone ("Café's" → "cafes"), split on anything that is not
 * a letter or a digit in any script.
 */
function splitWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’‘`]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/** The singular of a noun or the bare form of a verb, by a few suffix rules and exceptions. */
function lemma(word: string): string {
  const irregular = IRREGULAR_LEMMAS[word];
  if (irregular !== undefined) return irregular;
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(ches|shes|sses|xes|zzes)$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

type ContentWord = {
  word: string;
  /** An "-ing" word right before another content word modifies it: "fishing boats" are boats. */
  modifier: boolean;
};

/** The bare verb of an "-ing" word, in each spelling it may have: running → run, biking → bike. */
function ingStems(word: string): string[] {
  if (word.length < 6 || !word.endsWith('ing')) return [];
  const base = word.slice(0, -3);
  const undoubled = base.replace(/([^aeiou])\1$/, '$1');
  return [...new Set([base, undoubled, `${base}e`])];
}

/** The words of a text that may name a subject, as lemmas, in order (repeats kept). */
function contentWords(text: string): ContentWord[] {
  const words: ContentWord[] = [];
  /** The word just before, when it was kept: a modifier must touch the word it modifies. */
  let previousKept = '';
  for (const raw of splitWords(text)) {
    const base = lemma(raw);
    const kept =
      !STOP_WORDS.has(raw) &&
      !GENERIC_WORDS.has(raw) &&
      !STOP_WORDS.has(base) &&
      !GENERIC_WORDS.has(base) &&
      !/^\p{N}+$/u.test(base) &&
      (base.length > 2 || TWO_LETTER_WORDS.has(base));
    const last = words.at(-1);
    if (kept && last && last.word === previousKept && /.{3}ing$/.test(previousKept)) {
      last.modifier = true;
    }
    if (kept) words.push({ word: base, modifier: false });
    previousKept = kept ? base : '';
  }
  return words;
}

function packageFile(packageName: string, file: string): string {
  // Both packages allow the path: fluent-emoji-flat exports its JSON files, emojilib has no exports map.
  return createRequire(import.meta.url).resolve(`${packageName}/${file}`);
}

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

/** "🏙️" → "1f3d9", the key format of iconify's chars.json (no FE0F, at least four digits). */
function emojiHex(emoji: string): string {
  return [...emoji.replace(/\uFE0F/g, '')]
    .map((char) => (char.codePointAt(0) ?? 0).toString(16).padStart(4, '0'))
    .join('-');
}

const hasSkinTone = (hex: string) => /(^|-)1f3f[b-f]($|-)/.test(hex);

/** The words of an icon's name up to "without": `teacup-without-handle` → teacup. */
function nameWords(name: string): string[] {
  const words = name.split('-');
  const without = words.indexOf('without');
  return without < 0 ? words : words.slice(0, without);
}

const isGendered = (name: string) => name.split('-').some((word) => GENDERED_NAME_WORDS.has(word));

/** `man-cook` → `cook`, `woman-mountain-biking` → `person-mountain-biking`, when the set has it. */
function genderNeutralSibling(name: string, docByName: Map<string, number>): number | undefined {
  if (!isGendered(name)) return undefined;
  const words = name.split('-');
  const asPerson = words.map((word) => (GENDERED_NAME_WORDS.has(word) ? 'person' : word));
  const without = words.filter((word) => !GENDERED_NAME_WORDS.has(word));
  return docByName.get(asPerson.join('-')) ?? docByName.get(without.join('-'));
}

/** An icon or alias as a body with its box and flips, or undefined when it cannot be drawn. */
function drawable(set: IconifySet, name: string): Drawable | undefined {
  let hFlip = false;
  let vFlip = false;
  let current = name;
  // Aliases point at other icons (a right hand is a flipped left hand); a few hops at most.
  for (let hop = 0; hop < 8; hop++) {
    const icon = set.icons[current];
    if (icon) {
      if (icon.rotate) return undefined;
      return {
        body: icon.body,
        left: icon.left ?? 0,
        top: icon.top ?? 0,
        width: icon.width ?? set.width ?? 16,
        height: icon.height ?? set.height ?? 16,
        hFlip: hFlip !== Boolean(icon.hFlip),
        vFlip: vFlip !== Boolean(icon.vFlip),
      };
    }
    const alias = set.aliases?.[current];
    if (!alias || alias.rotate) return undefined;
    if (alias.hFlip) hFlip = !hFlip;
    if (alias.vFlip) vFlip = !vFlip;
    current = alias.parent;
  }
  return undefined;
}

function svgDocument(picture: Drawable): string {
  const { left, top, width, height } = picture;
  const transforms: string[] = [];
  if (picture.hFlip) transforms.push(`translate(${width + 2 * left} 0) scale(-1 1)`);
  if (picture.vFlip) transforms.push(`translate(0 ${height + 2 * top}) scale(1 -1)`);
  const body =
    transforms.length > 0
      ? `<g transform="${transforms.join(' ')}">${picture.body}</g>`
      : picture.body;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${left} ${top} ${width} ${height}">${body}</svg>`;
}

/**
 * One document per depictable emoji the icon set draws: its name's words and emojilib's keywords,
 * each weighted by source and by rarity (TF-IDF), so "espresso" outweighs "drink".
 */
function buildIndex(): PictureIndex {
  const set = readJson<IconifySet>(packageFile('@iconify-json/fluent-emoji-flat', 'icons.json'));
  const chars = readJson<Record<string, string>>(
    packageFile('@iconify-json/fluent-emoji-flat', 'chars.json'),
  );
  const metadata = readJson<IconSetMetadata>(
    packageFile('@iconify-json/fluent-emoji-flat', 'metadata.json'),
  );
  const keywordsByEmoji = readJson<Record<string, string[]>>(
    packageFile('emojilib', 'dist/emoji-en-US.json'),
  );

  const skipped = new Set<string>();
  const categoryOf = new Map<string, string>();
  for (const [category, names] of Object.entries(metadata.categories ?? {})) {
    for (const name of names) categoryOf.set(name, category);
    if (SKIPPED_CATEGORIES.has(category)) for (const name of names) skipped.add(name);
  }

  const names: string[] = [];
  const docByName = new Map<string, number>();
  const docTokens: Map<string, number>[] = [];
  const drawables = new Map<string, Drawable>();
  const addTokens = (tokens: Map<string, number>, text: string, weight: number) => {
    const add = (token: string, tokenWeight: number) => {
      tokens.set(token, Math.max(tokens.get(token) ?? 0, tokenWeight));
    };
    for (const { word } of contentWords(text)) {
      add(word, weight);
      for (const stem of ingStems(word)) add(stem, weight * STEM_WEIGHT);
    }
  };

  for (const [emoji, keywords] of Object.entries(keywordsByEmoji)) {
    const hex = emojiHex(emoji);
    // chars.json lists icons, not aliases: a mirrored icon is found by emojilib's name for it.
    const kebabName = keywords[0]?.replace(/_/g, '-') ?? '';
    const name = chars[hex] ?? (set.aliases?.[kebabName] ? kebabName : undefined);
    if (!name || hasSkinTone(hex) || skipped.has(name) || docByName.has(name)) continue;
    const picture = drawable(set, name);
    if (!picture) continue;
    const tokens = new Map<string, number>();
    const categoryWeight = CATEGORY_WEIGHTS[categoryOf.get(name) ?? ''] ?? 1;
    // What an icon is "without" is not in it: `snowman-without-snow` is no picture of snow.
    addTokens(tokens, nameWords(name).join(' '), NAME_WEIGHT * categoryWeight);
    keywords.forEach((keyword, position) => {
      // emojilib's first keyword is the emoji's own name in snake_case.
      const weight = position === 0 ? NAME_WEIGHT : KEYWORD_WEIGHT;
      addTokens(tokens, keyword.replace(/_/g, ' '), weight * categoryWeight);
    });
    docByName.set(name, names.length);
    names.push(name);
    docTokens.push(tokens);
    drawables.set(name, picture);
  }

  // A gendered variant's keywords describe its gender-neutral sibling as well ("race" is only on
  // `man-mountain-biking`), so the neutral picture wins unless the scene names a man or a woman.
  names.forEach((name, doc) => {
    const sibling = genderNeutralSibling(name, docByName);
    const neutralTokens = sibling === undefined ? undefined : docTokens[sibling];
    const gendered = docTokens[doc];
    if (!neutralTokens || !gendered) return;
    for (const [token, weight] of gendered) {
      if (GENDER_WORDS.has(token)) continue;
      neutralTokens.set(
        token,
        Math.max(neutralTokens.get(token) ?? 0, Math.min(weight, KEYWORD_WEIGHT)),
      );
    }
  });

  const documentFrequency = new Map<string, number>();
  for (const tokens of docTokens) {
    for (const token of tokens.keys()) {
      documentFrequency.set(token, (documentFrequency.get(token) ?? 0) + 1);
    }
  }
  const count = names.length;
  const postings = new Map<string, Posting[]>();
  docTokens.forEach((tokens, doc) => {
    for (const [token, weight] of tokens) {
      const inverse = Math.log(1 + count / (documentFrequency.get(token) ?? count));
      let list = postings.get(token);
      if (!list) {
        list = [];
        postings.set(token, list);
      }
      list.push({ doc, weight: weight * inverse });
    }
  });

  const aliasDocs = new Map<string, number[]>();
  for (const [word, targets] of Object.entries(SUBJECT_ALIASES)) {
    const docs = targets.flatMap((target) => docByName.get(target) ?? []);
    if (docs.length > 0) aliasDocs.set(lemma(word), docs);
  }
  for (const name of FALLBACK_PICTURES) {
    const picture = drawables.get(name) ?? drawable(set, name);
    if (picture) drawables.set(name, picture);
  }

  return {
    names,
    keywordCounts: docTokens.map((tokens) => tokens.size),
    nameLengths: names.map((name) => nameWords(name).length),
    genderNeutral: names.map((name) => !isGendered(name)),
    postings,
    aliasDocs,
    aliasBonus: ALIAS_WEIGHT * Math.log(1 + count),
    drawables,
    svgs: new Map(),
  };
}

/** The index, built on first use in each thread (worker threads do not share module state). */
function pictureIndex(): PictureIndex {
  cachedIndex ??= buildIndex();
  return cachedIndex;
}

type QueryTerm = { token: string; weight: number };

/** The scene's content words with their weights: earlier words count more; "stormy" adds "storm". */
function queryTerms(index: PictureIndex, text: string): QueryTerm[] {
  const words = contentWords(text.slice(0, MAX_QUERY_CHARS)).slice(0, MAX_QUERY_WORDS);
  const weights = new Map<string, number>();
  const add = (token: string, weight: number) => {
    weights.set(token, Math.max(weights.get(token) ?? 0, weight));
  };
  words.forEach(({ word, modifier }, position) => {
    const weight =
      (1 - (POSITION_DECAY * position) / Math.max(1, words.length - 1)) *
      (modifier ? MODIFIER_WEIGHT : 1);
    add(word, weight);
    if (index.postings.has(word)) return;
    if (word.length > 4 && word.endsWith('y')) {
      // sunny → sunn → sun, foggy → fog, stormy → storm
      const stem = word.slice(0, -1).replace(/([^aeiou])\1$/, '$1');
      add(stem, weight * STEM_WEIGHT);
    }
    for (const stem of ingStems(word)) add(stem, weight * STEM_WEIGHT);
  });
  return [...weights].map(([token, weight]) => ({ token, weight }));
}

/**
 * The order of two candidates (negative when a comes first): the higher score; on a tie, the gender-neutral one
 * (`technologist`, not `man-technologist`), the shorter name (`sun` rather than
 * `sun-behind-large-cloud`: the plainest picture of the word), fewer keywords (a more specific
 * picture), then by name so that the choice never depends on the order of the data.
 */
function ranksBefore(index: PictureIndex, a: Candidate, b: Candidate): number {
  const difference = b.score - a.score;
  if (Math.abs(difference) > 1e-9 * Math.max(1, a.score)) return difference;
  const neutral = Number(index.genderNeutral[b.doc]) - Number(index.genderNeutral[a.doc]);
  if (neutral !== 0) return neutral;
  const nameLength = (index.nameLengths[a.doc] ?? 0) - (index.nameLengths[b.doc] ?? 0);
  if (nameLength !== 0) return nameLength;
  const keywords = (index.keywordCounts[a.doc] ?? 0) - (index.keywordCounts[b.doc] ?? 0);
  if (keywords !== 0) return keywords;
  return (index.names[a.doc] ?? '').localeCompare(index.names[b.doc] ?? '');
}

/** The best pictures for one text, best first; empty when no word of it names anything we have. */
function rankCandidates(index: PictureIndex, text: string): Candidate[] {
  const found = new Map<number, Candidate>();
  const credit = (doc: number, score: number, token: string) => {
    let candidate = found.get(doc);
    if (!candidate) {
      candidate = { doc, score: 0, matched: [] };
      found.set(doc, candidate);
    }
    candidate.score += score;
    if (!candidate.matched.includes(token)) candidate.matched.push(token);
  };
  for (const { token, weight } of queryTerms(index, text)) {
    for (const posting of index.postings.get(token) ?? []) {
      credit(posting.doc, posting.weight * weight, token);
    }
    index.aliasDocs.get(token)?.forEach((doc, rank) => {
      credit(doc, index.aliasBonus * weight * Math.max(0, 1 - ALIAS_RANK_DECAY * rank), token);
    });
  }
  return [...found.values()].sort((a, b) => ranksBefore(index, a, b)).slice(0, CANDIDATES_PER_TEXT);
}

/**
 * The assignment of rows to columns with the least total cost (Hungarian method with potentials,
 * rows ≤ columns); returns the column of each row.
 */
function cheapestAssignment(cost: number[][], columns: number): number[] {
  const rows = cost.length;
  const rowPotential = new Array<number>(rows + 1).fill(0);
  const columnPotential = new Array<number>(columns + 1).fill(0);
  // rowOfColumn[j] is the 1-based row holding column j (0: free); column 0 is the search's root.
  const rowOfColumn = new Array<number>(columns + 1).fill(0);
  const previous = new Array<number>(columns + 1).fill(0);
  for (let row = 1; row <= rows; row++) {
    rowOfColumn[0] = row;
    let column = 0;
    const slack = new Array<number>(columns + 1).fill(Number.POSITIVE_INFINITY);
    const visited = new Array<boolean>(columns + 1).fill(false);
    do {
      visited[column] = true;
      const currentRow = rowOfColumn[column] ?? 0;
      let delta = Number.POSITIVE_INFINITY;
      let nextColumn = 0;
      for (let j = 1; j <= columns; j++) {
        if (visited[j]) continue;
        const reduced =
          (cost[currentRow - 1]?.[j - 1] ?? 0) -
          (rowPotential[currentRow] ?? 0) -
          (columnPotential[j] ?? 0);
        if (reduced < (slack[j] ?? 0)) {
          slack[j] = reduced;
          previous[j] = column;
        }
        if ((slack[j] ?? 0) < delta) {
          delta = slack[j] ?? 0;
          nextColumn = j;
        }
      }
      for (let j = 0; j <= columns; j++) {
        if (visited[j]) {
          const heldBy = rowOfColumn[j] ?? 0;
          rowPotential[heldBy] = (rowPotential[heldBy] ?? 0) + delta;
          columnPotential[j] = (columnPotential[j] ?? 0) - delta;
        } else {
          slack[j] = (slack[j] ?? 0) - delta;
        }
      }
      column = nextColumn;
    } while ((rowOfColumn[column] ?? 0) !== 0);
    do {
      const before = previous[column] ?? 0;
      rowOfColumn[column] = rowOfColumn[before] ?? 0;
      column = before;
    } while (column !== 0);
  }
  const columnOfRow = new Array<number>(rows).fill(-1);
  for (let j = 1; j <= columns; j++) {
    const row = rowOfColumn[j] ?? 0;
    if (row > 0) columnOfRow[row - 1] = j - 1;
  }
  return columnOfRow;
}

/**
 * Gives each text one of its candidates, no picture twice, with the highest total score: a scene
 * that can only be a boat gets the boat even when an earlier scene liked it too. Texts left
 * without one (no candidates, or all taken) are absent from the result.
 */
function assignCandidates(candidatesByText: Candidate[][]): Map<number, Candidate> {
  const docs = [...new Set(candidatesByText.flatMap((list) => list.map(({ doc }) => doc)))];
  const columnOfDoc = new Map(docs.map((doc, column) => [doc, column]));
  // Spare columns (cost 0, like a candidate the text did not score) let every text go unmatched.
  const columns = docs.length + candidatesByText.length;
  const cost = candidatesByText.map((list, text) => {
    const row = new Array<number>(columns).fill(0);
    // A hair's preference for better-ranked candidates keeps ties as ranked, and for earlier
    // scenes, so that of two scenes asking equally for a picture, the first gets it.
    const tieBreak = 1e-6 * (candidatesByText.length - text);
    list.forEach((candidate, rank) => {
      row[columnOfDoc.get(candidate.doc) ?? 0] = -(candidate.score - rank * tieBreak);
    });
    return row;
  });
  const assigned = new Map<number, Candidate>();
  cheapestAssignment(cost, columns).forEach((column, text) => {
    const doc = docs[column];
    const candidate = candidatesByText[text]?.find((c) => c.doc === doc);
    if (candidate) assigned.set(text, candidate);
  });
  return assigned;
}

/** FNV-1a of a text's start: a stable number, so a text's fallback is the same on every run. */
function textHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < Math.min(text.length, MAX_QUERY_CHARS); index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** A pleasant general picture no other scene shows, starting at a place the text chooses. */
function fallbackPicture(index: PictureIndex, text: string, used: Set<string>): string {
  const start = textHash(text);
  const fallbacks = FALLBACK_PICTURES.filter((name) => index.drawables.has(name));
  for (let step = 0; step < fallbacks.length; step++) {
    const name = fallbacks[(start + step) % fallbacks.length];
    if (name !== undefined && !used.has(name)) return name;
  }
  // More scenes than fallbacks: any picture not shown yet, then (past about 1 600) repeats.
  for (let step = 0; step < index.names.length; step++) {
    const name = index.names[(start + step) % index.names.length];
    if (name !== undefined && !used.has(name)) return name;
  }
  return fallbacks[start % fallbacks.length] ?? index.names[0] ?? 'sparkles';
}

function pictureSvg(index: PictureIndex, name: string): string {
  let svg = index.svgs.get(name);
  if (svg === undefined) {
    const picture = index.drawables.get(name);
    svg = picture
      ? svgDocument(picture)
      : '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32"></svg>';
    index.svgs.set(name, svg);
  }
  return svg;
}

/**
 * One picture per scene text, in order. Different texts get different pictures; the same text
 * gets the same picture. A text that names nothing drawable (or only pictures other scenes took)
 * gets a general picture. Never throws, whatever the strings hold.
 */
export function choosePictures(texts: string[]): Picture[] {
  const index = pictureIndex();
  const distinctTexts = [...new Set(texts)];
  const candidatesByText = distinctTexts.map((text) => rankCandidates(index, text));

  const chosen = new Map<string, { name: string; matched: string[] }>();
  const used = new Set<string>();
  const assigned = assignCandidates(candidatesByText.slice(0, MAX_ASSIGNED_TEXTS));
  for (const [text, candidate] of assigned) {
    const name = index.names[candidate.doc];
    const sceneText = distinctTexts[text];
    if (name === undefined || sceneText === undefined) continue;
    chosen.set(sceneText, { name, matched: candidate.matched });
    used.add(name);
  }
  distinctTexts.slice(MAX_ASSIGNED_TEXTS).forEach((text, offset) => {
    const candidates = candidatesByText[MAX_ASSIGNED_TEXTS + offset] ?? [];
    const best = candidates.find((candidate) => !used.has(index.names[candidate.doc] ?? ''));
    const name = best && index.names[best.doc];
    if (!best || name === undefined) return;
    chosen.set(text, { name, matched: best.matched });
    used.add(name);
  });
  for (const text of distinctTexts) {
    if (chosen.has(text)) continue;
    const name = fallbackPicture(index, text, used);
    chosen.set(text, { name, matched: [] });
    used.add(name);
  }

  return texts.map((text) => {
    const { name, matched } = chosen.get(text) ?? { name: 'sparkles', matched: [] };
    return { name, svg: pictureSvg(index, name), matched: [...matched] };
  });
}

/**
 * A picture by its icon name (`sailboat`), among those choosePictures can choose; undefined for
 * any other name.
 */
export function pictureByName(name: string): Picture | undefined {
  const index = pictureIndex();
  return index.drawables.has(name)
    ? { name, svg: pictureSvg(index, name), matched: [] }
    : undefined;
}
