// The member's text read as lines to speak: the title as the hook, each sentence, each item of a
// numbered or bulleted list (on its own lines or inline: "1. … 2. … 3. …"), and a job's call to
// action, each with what the voice says in full (directions out, addresses as words) and its
// shortened form (asides, parentheses and examples out). Directions are kept apart for the
// pictures. Pure and bounded: a description is at most 1500 characters.
import { CLAUSE_STARTERS } from './function-words';
import { markedScenes } from './markers';
import { narrationWordCount, splitNarrationAndVisual } from './narration';
import { type SpokenLink, speakLinks } from './spoken-links';

export type PieceKind = 'hook' | 'sentence' | 'item' | 'closing';

/** One line the voice may say. */
export type Piece = {
  kind: PieceKind;
  /** As the member wrote it (what `omitted` lists and the pictures are made from). */
  source: string;
  /** What the voice says: directions left out, addresses as words. */
  full: string;
  /** Its shortened form: asides, parentheses and examples left out (`full` when none). */
  short: string;
  links: SpokenLink[];
  /** The marked scene ("Scene 2: …") it belongs to; 0 without markers. */
  group: number;
};

/** A sentence of the description in order: the piece that speaks it, or null (a direction). */
export type Line = { source: string; piece: number | null; group: number };

export type Script = {
  pieces: Piece[];
  lines: Line[];
  /** How many marked scenes the member wrote (1 without markers). */
  groups: number;
  /** Text before the first marker: sets the scene for every prompt, never spoken. */
  preamble: string;
};

export type ScriptInput = {
  /** The title as a hook, or null (a Creator Engine run: its brief opens). */
  hook: string | null;
  /** The description without its template lines (brief.ts). */
  body: string;
  /** A job's call to action, '' when none. */
  closing: string;
  /** For the words of addresses ("dot", "punto"); null: English. */
  language: string | null;
  /** The member's whole text, whose words tell how a run-together address splits. */
  vocabulary: string;
  /** What scene 1 says when nothing else is speakable (a prompt of directions only). */
  fallback: string;
};

const WORDY = /[\p{L}\p{N}]/u;
const BULLET = /^(?:[-*•·–—]+|\d{1,2}[.)]|\p{Extended_Pictographic}\uFE0F?)\s+/u;
/**
 * Sentence ends: . ! ? … (with closing quotes) before a space, or a CJK full stop. Not after a
 * common abbreviation ("e.g. cumin", "z. B. Zimt", "Dr. Ruiz").
 */
const SENTENCE_BREAK =
  /(?<![\s(](?:e\.g|i\.e|etc|vs|approx|Dr|Mr|Mrs|Ms|St|Sr|Jr|Nr|z\.\s?B|p\.\s?ej|p\.\s?ex|ex|bzw|usw|Sra|Dra|Mme|Mlle)\.)(?<=[.!?…]["'”’»)\]]?)\s+(?=\S)|(?<=[。！？])\s*/iu;
/** "1. " or "2) " inside a line, where an inline list's items start. */
const INLINE_NUMBER = /(?<=^|[\s:：])(\d{1,2})[.)]\s+(?=[\p{L}\p{N}"“'¿¡])/gu;
const TERMINAL = /[.!?…。！？]["'”’»」』)\]]*$/u;
const CJK = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}]/u;
/** An emoji or a flag: something to show even where there is nothing to say. */
const PICTOGRAPH = /[\p{Extended_Pictographic}\p{Regional_Indicator}]/u;

/** The pieces, in the order they are spoken, and the description's sentences for the pictures. */
export function readScript(input: ScriptInput): Script {
  const marked = markedScenes(input.body);
  const texts = marked ? marked.scenes : [input.body];
  const pieces: Piece[] = [];
  const lines: Line[] = [];
  const say = (text: string) => speakLinks(text, input.language, input.vocabulary);
  const add = (kind: PieceKind, source: string, sentences: string[], group: number) => {
    const spoken = sentences.map((sentence) => splitNarrationAndVisual(sentence).narration);
    const full = spoken.filter(Boolean).join(' ');
    if (narrationWordCount(full) === 0) return null;
    const short = spoken
      .filter(Boolean)
      .map((sentence) => shortenedForm(sentence))
      .join(' ');
    const fullSaid = say(withStop(full));
    pieces.push({
      kind,
      source,
      full: fullSaid.spoken,
      short: say(withStop(short)).spoken,
      links: fullSaid.links,
      group,
    });
    return pieces.length - 1;
  };

  texts.forEach((text, group) => {
    for (const unit of unitsOf(text)) {
      const piece = add(unit.item ? 'item' : 'sentence', unit.text, unit.sentences, group);
      lines.push({ source: unit.text, piece, group });
    }
  });

  const hook = input.hook ? hookOf(input.hook, pieces[0]) : '';
  if (hook) {
    const said = say(withStop(hook));
    const short = say(withStop(shortenedForm(hook))).spoken;
    pieces.unshift({
      kind: 'hook',
      source: input.hook ?? hook,
      full: said.spoken,
      short,
      links: said.links,
      group: 0,
    });
    for (const line of lines) if (line.piece !== null) line.piece += 1;
  }
  if (input.closing.trim()) {
    add('closing', input.closing.trim(), sentencesOf(input.closing), texts.length - 1);
  }
  // Scene 1 always speaks: when its text (or a marked scene 1's) holds only directions, it says
  // the fallback (the title; an emoji alone is shown, though the voice has nothing to say).
  if (!pieces.some((piece) => piece.group === 0) && holdsSomething(input.fallback)) {
    const said = say(withStop(input.fallback));
    for (const line of lines) if (line.piece !== null) line.piece += 1;
    pieces.unshift({
      kind: 'hook',
      source: input.fallback,
      full: said.spoken,
      short: said.spoken,
      links: said.links,
      group: 0,
    });
  }
  return {
    pieces,
    lines,
    groups: texts.length,
    preamble: marked?.preamble ?? '',
  };
}

/**
 * The title spoken as the hook: without a job run's number or its directions, and not when the
 * first sentence already says it ("Skater cat!" before "Skater cat in Tokyo").
 */
function hookOf(title: string, first: Piece | undefined): string {
  const name = title.replace(/\s*#\d+$/u, '').trim();
  const spoken = splitNarrationAndVisual(name).narration;
  if (narrationWordCount(spoken) === 0) return '';
  if (first) {
    // Japanese and Chinese have no spaces between words: any occurrence counts.
    const said = CJK.test(spoken)
      ? comparable(first.full).includes(comparable(spoken))
      : ` ${comparable(first.full)} `.includes(` ${comparable(spoken)} `);
    if (said) return '';
  }
  return spoken;
}

/** Whether `text` has words to say, or else an emoji or a flag to show. */
export function holdsSomething(text: string): boolean {
  return narrationWordCount(text) > 0 || PICTOGRAPH.test(text);
}

/** Lower-case letters and digits, single-spaced: for "does this text say that one". */
export function comparable(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, ' ')
    .trim();
}

/** A full stop after a line that has none, so the voice pauses before the next (。 after CJK). */
function withStop(text: string): string {
  const clean = text.trim();
  if (!clean || TERMINAL.test(clean) || !/[\p{L}\p{N}\p{M}]$/u.test(clean)) return clean;
  return clean + (CJK.test(clean.at(-1) ?? '') ? '。' : '.');
}

// --- Lines, list items and sentences ---------------------------------------------------------

type Unit = { text: string; sentences: string[]; item: boolean };

function cleanLine(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\p{Cc}\s]+/gu, ' ')
    .trim();
}

/** A marked scene's (or the whole description's) sentences and list items, in order. */
function unitsOf(text: string): Unit[] {
  const units: Unit[] = [];
  for (const raw of text.split(/\r\n|[\r\n\u2028\u2029]/u)) {
    const line = cleanLine(raw);
    if (!line) continue;
    // "1. Boots. 2. Water. 3. Weather." on one line is a whole list, not one bullet: read first.
    const inline = inlineItems(line);
    const bullet = inline ? null : BULLET.exec(line);
    if (bullet && WORDY.test(line.slice(bullet[0].length))) {
      const item = line.slice(bullet[0].length).trim();
      units.push({ text: item, sentences: sentencesOf(item), item: true });
      continue;
    }
    if (inline) {
      // A bulleted line may hold a whole list ("- My rules: 1. … 2. …"): its bullet is not said.
      for (const sentence of sentencesOf(inline.intro.replace(BULLET, ''))) {
        units.push({ text: sentence, sentences: [sentence], item: false });
      }
      inline.items.forEach((item, index) => {
        // The last item runs to the end of the line: only its first sentence is the item.
        const sentences = sentencesOf(item);
        const own = index === inline.items.length - 1 ? sentences.slice(0, 1) : sentences;
        units.push({ text: own.join(' '), sentences: own, item: true });
        if (own.length < sentences.length) {
          for (const sentence of sentences.slice(own.length)) {
            units.push({ text: sentence, sentences: [sentence], item: false });
          }
        }
      });
      continue;
    }
    for (const sentence of sentencesOf(line)) {
      units.push({ text: sentence, sentences: [sentence], item: false });
    }
  }
  return units.filter((unit) => unit.text);
}

/** "Tips: 1. Boots. 2. Layers. 3. Start early." → the intro and its items; null when no list. */
function inlineItems(line: string): { intro: string; items: string[] } | null {
  const starts: { at: number; body: number }[] = [];
  for (const match of line.matchAll(INLINE_NUMBER)) {
    if (Number(match[1]) !== starts.length + 1) continue;
    starts.push({ at: match.index ?? 0, body: (match.index ?? 0) + match[0].length });
  }
  if (starts.length < 2) return null;
  const items = starts.map((start, index) =>
    line.slice(start.body, starts[index + 1]?.at ?? line.length).trim(),
  );
  return { intro: line.slice(0, starts[0]?.at ?? 0).trim(), items };
}

/** Sentences of one line; emoji or punctuation alone stays with its neighbour. */
export function sentencesOf(text: string): string[] {
  const sentences: string[] = [];
  for (const piece of cleanLine(text).split(SENTENCE_BREAK)) {
    const sentence = piece.trim();
    if (!sentence) continue;
    const previous = sentences.at(-1);
    if (previous !== undefined && (!WORDY.test(sentence) || !WORDY.test(previous))) {
      sentences[sentences.length - 1] = `${previous} ${sentence}`;
    } else {
      sentences.push(sentence);
    }
  }
  return sentences;
}

// --- Shortened forms -------------------------------------------------------------------------

/** Example markers that start an aside anywhere after the sentence's first words. */
const EXAMPLES = [
  'such as',
  'for example',
  'for instance',
  'e\\.g\\.',
  'tales como',
  'por ejemplo',
  'tais como',
  'por exemplo',
  'par exemple',
  'tel(?:le)?s? que',
  'zum Beispiel',
  'z\\.\\s?B\\.',
  'beispielsweise',
  'ad esempio',
  'per esempio',
];
/** Example markers that are ordinary words elsewhere ("I like it"): an aside only after a comma. */
const COMMA_EXAMPLES = [
  'like',
  'including',
  'especially',
  'como',
  'incluindo',
  'especialmente',
  'comme',
  'notamment',
  'y compris',
  'etwa',
  'wie etwa',
  'insbesondere',
  'come',
  'incluso',
];
const EXAMPLE = new RegExp(
  String.raw`(?:,\s*|\s+)(?:${EXAMPLES.join('|')})(?![\p{L}])|,\s*(?:${COMMA_EXAMPLES.join('|')})(?![\p{L}])`,
  'giu',
);
const CLAUSE_AFTER_COMMA = new RegExp(
  String.raw`,\s+(?:(?:and|y|e|et|und)\s+)?(?:${[...CLAUSE_STARTERS].join('|')})(?![\p{L}])`,
  'iu',
);

/**
 * A sentence without its asides: parentheses, text between dashes (or after a last dash), and
 * examples ("…, like sea salt", "such as cumin and paprika", "por ejemplo …") up to the next
 * clause, keeping what is left in order. The sentence itself when dropping would leave fewer than
 * two words, or nothing is an aside.
 */
export function shortenedForm(sentence: string): string {
  const clean = cleanLine(sentence);
  const end = TERMINAL.exec(clean)?.[0] ?? '';
  let body = clean.slice(0, clean.length - end.length);
  body = body
    .replace(/\s*[(（[][^()（）[\]]*[)）\]]/gu, '')
    .replace(/\s+[–—-]\s+[^–—]*?\s+[–—-](?=\s)/gu, '')
    .replace(/\s*—[^—]+—\s*/gu, ' ')
    .replace(/\s+[–—]\s+[^–—]+$|\s*—[^—]+$/u, '');
  body = withoutExamples(body);
  const tidy = body
    .replace(/\s+([,;:.!?])/gu, '$1')
    .replace(/([,;:])(?:\s*[,;:])+/gu, '$1')
    .replace(/[\s,;:–—-]+$/u, '')
    .replace(/\s+/gu, ' ')
    .trim();
  const words = (text: string) => narrationWordCount(text);
  if (words(tidy) < 2 || words(tidy) >= words(clean)) return clean;
  return tidy + end;
}

/** Each example aside taken out, from its marker to the next clause (or the end). */
function withoutExamples(body: string): string {
  let text = body;
  // Bounded: each pass removes text, and a sentence holds few examples.
  for (let pass = 0; pass < 8; pass += 1) {
    EXAMPLE.lastIndex = 0;
    let match: RegExpExecArray | null = null;
    for (let found = EXAMPLE.exec(text); found; found = EXAMPLE.exec(text)) {
      // Two words at least before the aside: "For example, …" opening a sentence is its point.
      if (narrationWordCount(text.slice(0, found.index)) >= 2) {
        match = found;
        break;
      }
    }
    if (!match) break;
    const from = match.index;
    const rest = text.slice(from + match[0].length);
    const stop = rest.search(/[;:]|\s[–—-]\s|[–—]/u);
    const clause = CLAUSE_AFTER_COMMA.exec(rest);
    const ends = [stop, clause ? clause.index : -1].filter((at) => at >= 0);
    const to = ends.length > 0 ? Math.min(...ends) : rest.length;
    text = text.slice(0, from) + rest.slice(to);
  }
  return text;
}
