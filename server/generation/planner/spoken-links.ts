// Web addresses, emails and handles as a voice says them ("emberandoak.example" → "ember and oak
// dot example", "@emberoak" → "at ember oak", or "Ember and Oak" when the member wrote the name
// so), with their written form kept for the screen: a text-to-speech voice reads "emberandoak"
// as one strange word and "@" not at all.
import { AND_WORDS } from './function-words';

/** A link the narration speaks: as written (shown on screen) and as said. */
export type SpokenLink = { written: string; spoken: string };

type Words = { dot: string; at: string; slash: string };

const WORDS: Record<string, Words> = {
  en: { dot: 'dot', at: 'at', slash: 'slash' },
  es: { dot: 'punto', at: 'arroba', slash: 'barra' },
  pt: { dot: 'ponto', at: 'arroba', slash: 'barra' },
  fr: { dot: 'point', at: 'arobase', slash: 'slash' },
  de: { dot: 'Punkt', at: 'at', slash: 'Schrägstrich' },
  it: { dot: 'punto', at: 'chiocciola', slash: 'slash' },
  nl: { dot: 'punt', at: 'apenstaartje', slash: 'slash' },
  ja: { dot: 'ドット', at: 'アット', slash: 'スラッシュ' },
};

const LABEL = String.raw`[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,62}[\p{L}\p{N}])?`;
const HOST = String.raw`(?:${LABEL}\.)+\p{L}{2,24}`;
/**
 * An email, an address (with or without its scheme; a top-level domain of letters, so "3.5" or
 * "e.g." are none) or a handle (an @ not after a letter, so an email's is not one).
 */
const LINK = new RegExp(
  [
    String.raw`(?<email>[\p{L}\p{N}._%+-]{1,64}@${HOST})(?![\p{L}\p{N}])`,
    String.raw`(?<![\p{L}\p{N}@./])(?<url>(?:https?://)?${HOST}(?::\d{1,5})?(?:/[^\s]*)?)(?![\p{L}\p{N}])`,
    String.raw`(?<![\p{L}\p{N}_.@])(?<handle>@[\p{L}\p{N}_](?:[\p{L}\p{N}_.]{0,28}[\p{L}\p{N}_])?)(?![\p{L}\p{N}])`,
  ].join('|'),
  'gu',
);
/** What a sentence ends with after an address: not part of it. */
const TRAILING = /[.,;:!?…)\]}"'»”’]+$/u;

/**
 * `text` with each link said as words, and the links as written. `language` picks the words for
 * "dot", "at" and "slash" (English when unknown); `vocabulary` is the member's own text, whose
 * words tell how a run-together name splits ("Ember & Oak" → "emberandoak" is "ember and oak").
 */
export function speakLinks(
  text: string,
  language: string | null,
  vocabulary: string,
): { spoken: string; links: SpokenLink[] } {
  const words = WORDS[language ?? 'en'] ?? (WORDS.en as Words);
  const links: SpokenLink[] = [];
  const names = nameIndex(vocabulary);
  const spoken = text.replace(LINK, (match: string, ...rest: unknown[]) => {
    const groups = rest.at(-1) as Record<string, string | undefined>;
    const trailing = TRAILING.exec(match)?.[0] ?? '';
    const written = match.slice(0, match.length - trailing.length);
    if (!written) return match;
    let said: string;
    if (groups.email) {
      const [local = '', host = ''] = written.split('@');
      said = `${splitName(local, names)} ${words.at} ${sayHost(host, names, words)}`;
    } else if (groups.handle) {
      said = `${words.at} ${sayHandle(written.slice(1), names, words)}`;
    } else {
      said = sayAddress(written, names, words);
    }
    links.push({
      written: written.replace(/^https?:\/\//iu, '').replace(/\/$/u, ''),
      spoken: said,
    });
    return said + trailing;
  });
  return { spoken, links };
}

function sayAddress(address: string, names: NameIndex, words: Words): string {
  const bare = address.replace(/^https?:\/\//iu, '').replace(/^www\./iu, '');
  const slash = bare.indexOf('/');
  const host = (slash < 0 ? bare : bare.slice(0, slash)).replace(/:\d+$/u, '');
  const path = slash < 0 ? '' : bare.slice(slash + 1).replace(/[?#].*$/u, '');
  const parts = path
    .split('/')
    .filter((part) => /[\p{L}\p{N}]/u.test(part))
    .slice(0, 6)
    .map((part) => splitName(part, names));
  return [sayHost(host, names, words), ...parts].join(` ${words.slash} `);
}

function sayHost(host: string, names: NameIndex, words: Words): string {
  return host
    .split('.')
    .filter(Boolean)
    .slice(0, 8)
    .map((label) => splitName(label, names))
    .join(` ${words.dot} `);
}

function sayHandle(handle: string, names: NameIndex, words: Words): string {
  return handle
    .split('.')
    .filter(Boolean)
    .map((part) => splitName(part, names))
    .join(` ${words.dot} `);
}

/**
 * One name of an address as words: hyphens, underscores, camel case and digits split it; a
 * run-together lower-case name is split as the member wrote it elsewhere, else at a lone "and".
 */
function splitName(name: string, names: NameIndex): string {
  const spaced = name
    .replace(/[-_+]+/gu, ' ')
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{L})(\p{N})|(\p{N})(\p{L})/gu, '$1$3 $2$4')
    .trim();
  return spaced
    .split(/\s+/u)
    .map((part) => names.get(part.toLowerCase()) ?? splitAtAnd(part))
    .join(' ');
}

/** "emberandoak" → "ember and oak" when exactly one "and" has three letters or more each side. */
function splitAtAnd(part: string): string {
  if (!/^\p{Ll}{9,}$/u.test(part)) return part;
  const found: number[] = [];
  for (let at = part.indexOf('and'); at >= 0; at = part.indexOf('and', at + 1)) {
    if (at >= 3 && part.length - at - 3 >= 3) found.push(at);
  }
  const [at] = found;
  if (found.length !== 1 || at === undefined) return part;
  // The glued "and" is the name's own English word, whatever language the voice speaks.
  return `${part.slice(0, at)} and ${part.slice(at + 3)}`;
}

type NameIndex = Map<string, string>;

/**
 * Run-together forms of the member's word sequences (two to seven words, "&" read as "and"), in
 * lower case, to the words as the member wrote them: "Ember & Oak Roasters" gives "emberandoak"
 * → "Ember and Oak", "emberoak" → "Ember Oak" and "emberandoakroasters". Bounded: a description
 * is at most 1500 characters.
 */
function nameIndex(vocabulary: string): NameIndex {
  const index: NameIndex = new Map();
  const tokens = (vocabulary.match(/[\p{L}\p{N}]+|&/gu) ?? []).slice(0, 2000);
  for (let start = 0; start < tokens.length; start += 1) {
    let joined = '';
    let joinedWithoutAnd = '';
    const said: string[] = [];
    const saidWithoutAnd: string[] = [];
    for (let length = 0; length < 7 && start + length < tokens.length; length += 1) {
      const token = tokens[start + length] ?? '';
      const word = token === '&' ? 'and' : token;
      const key = word.toLowerCase();
      joined += key;
      said.push(word);
      if (!AND_WORDS.has(key)) {
        joinedWithoutAnd += key;
        saidWithoutAnd.push(word);
      }
      if (said.length >= 2 && !index.has(joined)) index.set(joined, said.join(' '));
      if (saidWithoutAnd.length >= 2 && !index.has(joinedWithoutAnd)) {
        index.set(joinedWithoutAnd, saidWithoutAnd.join(' '));
      }
    }
  }
  return index;
}
