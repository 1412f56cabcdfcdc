// Captions that follow the voice word by word: groups a scene's spoken words into cues that fit the
// frame (breaking at sentences, clauses and pauses), times each cue to its words, and writes the
// cues as ASS events in one of three styles (karaoke highlight, bold pop-in words, a minimal lower
// line). Pure: no I/O. Every loop has a bound a member's 1500-character narration cannot stretch.
// The WebVTT track of the same cues is written by webvtt.ts, re-exported here.
import type { CaptionStyle, SpokenWord } from '../../shared/schemas/voices';
import { type AssEvent, assAlpha, assColour, assText, fontTags } from './captions';
import { type FontWeight, measureText } from './fonts';
import type { Frame } from './scene-layout';
import { contrastRatio, type Rgb } from './scene-style';
import { drawableText, MAX_SHRINK_STEPS, nextSmallerSize } from './text-layout';
import { wordSeparator } from './webvtt';

export {
  type ParsedVttCue,
  parseWebVtt,
  shiftCues,
  type VttCue,
  vttTime,
  webVttFile,
  wordSeparator,
} from './webvtt';

export type TimedWord = SpokenWord & {
  /** The cue line the word starts on (a word too wide for a line continues on the next). */
  line: number;
};

export type WordCue = {
  /** Seconds from the start of the scene. */
  start: number;
  end: number;
  /** The words as drawn (only what the font can draw; upper case in the pop style). */
  lines: string[];
  /** Every spoken word of the cue, in order, with the text and times the voice gave. */
  words: TimedWord[];
};

export type WordGroupOptions = {
  weight: FontWeight;
  fontSize: number;
  minFontSize: number;
  maxWidth: number;
  maxLines: number;
  maxWordsPerCue?: number;
  /** Where cues may be shown; by default anywhere from 0 on. */
  window?: { from: number; to: number };
  /** Latin words in capitals (the pop style); other scripts are left as they are. */
  uppercase?: boolean;
};

export type WordGrouping = { fontSize: number; cues: WordCue[] };

/** A cue appears this much before its first word, so the eye is there when the voice is. */
export const LEAD_SECONDS = 0.1;
/** The last cue stays this long after its last word. */
export const HOLD_SECONDS = 0.4;
/** A cue never lingers longer than this after its last word, however long the silence after. */
export const MAX_LINGER_SECONDS = 1.5;
/** Silence between two words longer than this is a natural place to start a new cue. */
export const PAUSE_SECONDS = 0.35;
/** Silence this long always starts a new cue: the next words belong to a new thought. */
const LONG_PAUSE_SECONDS = 1;
/** A cue cut short by the width that is spoken faster than this makes the font shrink first. */
const MIN_READ_SECONDS = 1;

/** Inter's cap height and descender (hhea) as fractions of the em: where libass puts the ink. */
const CAP_HEIGHT = 0.727;
const DESCENT = 0.241;
const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * A word as drawn: only what the font can draw, spaces inside it kept from breaking (a voice may
 * time "New York" as one word), Latin in capitals when asked. Other scripts keep their case.
 */
export function shownWord(text: string, weight: FontWeight, uppercase = false): string {
  const drawable = drawableText(text, weight).replace(/ /g, '\u00A0');
  if (!uppercase || !/^[\p{Script=Latin}\P{L}]*$/u.test(drawable)) return drawable;
  return drawable.toLocaleUpperCase('en');
}

// --- Grouping ------------------------------------------------------------------------------------

type Piece = { word: number; text: string };

/**
 * Greedy wrap, one word at a time, so a cue can grow word by word without wrapping again. A word
 * wider than a line is split between graphemes (a letter and its marks stay together).
 */
class LineBuilder {
  readonly lines: Piece[][] = [];
  private last = '';

  constructor(
    private readonly weight: FontWeight,
    private readonly fontSize: number,
    private readonly maxWidth: number,
  ) {}

  private fits(text: string): boolean {
    return measureText(text, this.weight, this.fontSize) <= this.maxWidth;
  }

  add(word: number, shown: string): void {
    if (!shown) return;
    const line = this.lines.at(-1);
    const previous = line?.at(-1);
    if (line && previous) {
      const candidate = this.last + wordSeparator(previous.text, shown) + shown;
      if (this.fits(candidate)) {
        line.push({ word, text: shown });
        this.last = candidate;
        return;
      }
    }
    if (this.fits(shown)) {
      this.lines.push([{ word, text: shown }]);
      this.last = shown;
      return;
    }
    let piece = '';
    for (const { segment } of graphemes.segment(shown)) {
      if (piece && !this.fits(piece + segment)) {
        this.lines.push([{ word, text: piece }]);
        piece = '';
      }
      piece += segment;
    }
    this.lines.push([{ word, text: piece }]);
    this.last = piece;
  }
}

const lineText = (pieces: readonly Piece[]) =>
  pieces.reduce(
    (text, piece, index) =>
      index === 0
        ? piece.text
        : text + wordSeparator(pieces[index - 1]?.text ?? '', piece.text) + piece.text,
    '',
  );

type Group = { from: number; to: number; cutByWidth: boolean };

const STRONG_END = /[.!?…。！？‼⁇؟]["'”’»)\]」』]*$/u;
const CLAUSE_END = /[,;:—–、，；：،]["'”’»)\]」』]*$/u;

/** English words a cue should not end on: they lean on the word after them. */
const LEANING = new Set(
  'a an the of to in on at by for from with into onto over under about and or but nor so as than that this these those my your his her its our their is are was were be been not no very'.split(
    ' ',
  ),
);

/**
 * Splits the words into runs that each fit `maxLines`, choosing the split with the least cost over
 * the whole text (dynamic programming, so no short orphan is left at the end): every cue costs 1,
 * a cue that uses little of the room it has costs more, and breaking anywhere but a sentence end
 * or a pause costs more again (a clause break less, a break after "the" or "of" most).
 */
function partition(
  words: readonly SpokenWord[],
  shown: readonly string[],
  options: WordGroupOptions,
  fontSize: number,
): Group[] {
  const count = words.length;
  const maxWords = Math.max(1, Math.floor(options.maxWordsPerCue ?? Number.POSITIVE_INFINITY));
  const maxLines = Math.max(1, Math.floor(options.maxLines));
  const gapAfter = (index: number) =>
    (words[index + 1]?.start ?? Number.POSITIVE_INFINITY) - (words[index]?.end ?? 0);
  const breakCost = (index: number) => {
    const text = words[index]?.text.trim() ?? '';
    if (STRONG_END.test(text) || gapAfter(index) > PAUSE_SECONDS) return 0;
    if (CLAUSE_END.test(text)) return 0.35;
    return LEANING.has(text.toLowerCase()) ? 2.5 : 1;
  };

  const cost: number[] = new Array(count + 1).fill(0);
  const choice: number[] = new Array(count).fill(0);
  const widthCut: boolean[] = new Array(count).fill(false);
  // From the end back: the best split of words[from..] given the best splits after it.
  for (let from = count - 1; from >= 0; from--) {
    const builder = new LineBuilder(options.weight, fontSize, options.maxWidth);
    builder.add(from, shown[from] ?? '');
    const alone = builder.lines.length;
    let last = from;
    let stop: 'end' | 'pause' | 'width' | 'count' = 'end';
    // Grows the cue word by word while it fits: at most `count` turns.
    for (let next = from + 1; next < count; next++) {
      if (next - from >= maxWords) {
        stop = 'count';
        break;
      }
      if (gapAfter(next - 1) >= LONG_PAUSE_SECONDS) {
        stop = 'pause';
        break;
      }
      builder.add(next, shown[next] ?? '');
      if (builder.lines.length > maxLines) {
        stop = 'width';
        break;
      }
      last = next;
    }
    widthCut[from] = stop === 'width' || alone > maxLines;
    let best = Number.POSITIVE_INFINITY;
    for (let to = from; to <= last; to++) {
      const unused = 1 - (to - from + 1) / (last - from + 1);
      const natural = to === last && (stop === 'end' || stop === 'pause');
      const total = 1 + 1.5 * unused * unused + (natural ? 0 : breakCost(to)) + (cost[to + 1] ?? 0);
      if (total < best) {
        best = total;
        choice[from] = to;
      }
    }
    cost[from] = best;
  }

  const groups: Group[] = [];
  // Each step takes at least one word.
  for (let from = 0; from < count; ) {
    const to = Math.max(from, choice[from] ?? from);
    groups.push({ from, to, cutByWidth: widthCut[from] ?? false });
    from = to + 1;
  }
  return groups;
}

/** The narrowest wrap with as few lines as the width allows, so a cue's lines are even. */
function balancedLines(
  shown: readonly string[],
  from: number,
  to: number,
  weight: FontWeight,
  fontSize: number,
  maxWidth: number,
): Piece[][] {
  const wrap = (width: number) => {
    const builder = new LineBuilder(weight, fontSize, width);
    for (let index = from; index <= to; index++) builder.add(index, shown[index] ?? '');
    return builder.lines;
  };
  const lines = wrap(maxWidth);
  if (lines.length < 2) return lines;
  let narrow = maxWidth / 2;
  let wide = maxWidth;
  let best = lines;
  for (let step = 0; step < 12 && wide - narrow > 1; step++) {
    const middle = (narrow + wide) / 2;
    const attempt = wrap(middle);
    if (attempt.length <= lines.length) {
      best = attempt;
      wide = middle;
    } else {
      narrow = middle;
    }
  }
  return best;
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;
const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/**
 * Groups consecutive words into cues whose lines fit `maxWidth`, at most `maxLines` each (a single
 * word too wide for that gets the lines it needs). The font shrinks towards `minFontSize` while a
 * cue the width cut short would go by too fast to read. Each cue shows from just before its first
 * word until the next cue starts (or a hold after its last word), inside the window; cues never
 * overlap and every word is in exactly one cue, in order.
 */
export function groupWords(words: readonly SpokenWord[], options: WordGroupOptions): WordGrouping {
  const floor = Math.max(1, Math.ceil(options.minFontSize));
  let fontSize = Math.max(floor, Math.round(options.fontSize));
  if (words.length === 0) return { fontSize, cues: [] };

  // Times made sane: starts never go back, a word never ends before it starts.
  const timed: SpokenWord[] = [];
  let previousStart = Number.NEGATIVE_INFINITY;
  for (const word of words) {
    const start = Math.max(previousStart, Number.isFinite(word.start) ? word.start : 0);
    const end = Math.max(start, Number.isFinite(word.end) ? word.end : start);
    timed.push({ text: word.text, start, end });
    previousStart = start;
  }
  const shown = timed.map((word) => shownWord(word.text, options.weight, options.uppercase));

  const tooFast = (groups: Group[]) =>
    groups.some(
      (group) =>
        group.cutByWidth &&
        (timed[group.to]?.end ?? 0) - (timed[group.from]?.start ?? 0) < MIN_READ_SECONDS,
    );
  let groups = partition(timed, shown, options, fontSize);
  for (let step = 0; step < MAX_SHRINK_STEPS && tooFast(groups) && fontSize > floor; step++) {
    fontSize = nextSmallerSize(fontSize, floor);
    groups = partition(timed, shown, options, fontSize);
  }

  // On whole milliseconds, rounded inwards, so rounded cue times stay inside the window.
  const windowFrom = Math.ceil((options.window?.from ?? 0) * 1000 - 1e-6) / 1000;
  const windowTo = Math.max(
    windowFrom,
    Math.floor((options.window?.to ?? Number.POSITIVE_INFINITY) * 1000 + 1e-6) / 1000,
  );
  const firstStart = (group: Group) => timed[group.from]?.start ?? 0;
  const lastEnd = (group: Group) => timed[group.to]?.end ?? 0;
  // Where each cue may start: a lead before its first word, but not before the words before it end.
  const starts = groups.map((group, index) => {
    const first = firstStart(group);
    const previous = groups[index - 1];
    const earliest = previous
      ? Math.max(first - LEAD_SECONDS, lastEnd(previous))
      : first - LEAD_SECONDS;
    return Math.min(first, earliest);
  });

  const cues: WordCue[] = [];
  let previousEnd = windowFrom;
  groups.forEach((group, index) => {
    const nextStart = starts[index + 1];
    const wanted =
      nextStart === undefined
        ? lastEnd(group) + HOLD_SECONDS
        : Math.min(nextStart, lastEnd(group) + MAX_LINGER_SECONDS);
    const start = round3(clamp(starts[index] ?? 0, previousEnd, windowTo));
    const end = round3(clamp(wanted, start, windowTo));
    previousEnd = end;

    const lines = balancedLines(
      shown,
      group.from,
      group.to,
      options.weight,
      fontSize,
      options.maxWidth,
    );
    const lineOf = new Map<number, number>();
    lines.forEach((pieces, line) => {
      for (const piece of pieces) if (!lineOf.has(piece.word)) lineOf.set(piece.word, line);
    });
    let line = 0;
    const cueWords: TimedWord[] = [];
    for (let word = group.from; word <= group.to; word++) {
      // A word with nothing to draw sits on the line of the word before it.
      line = lineOf.get(word) ?? line;
      const { text, start: wordStart, end: wordEnd } = timed[word] ?? { text: '', start, end };
      cueWords.push({ text, start: wordStart, end: wordEnd, line });
    }
    cues.push({ start, end, lines: lines.map(lineText), words: cueWords });
  });
  return { fontSize, cues };
}

// --- ASS -----------------------------------------------------------------------------------------

/** How each style sets its type, chosen from the frame like the scene's captions are. */
export type StyleLayout = {
  weight: FontWeight;
  fontSize: number;
  minFontSize: number;
  maxWidth: number;
  maxLines: number;
  maxWordsPerCue?: number;
  uppercase: boolean;
  /** y of the bottom of the last line (\an2). */
  bottom: number;
  lineHeight: number;
};

/**
 * Sizes per style, from the frame as the scene's own captions take them: karaoke at the caption
 * size, pop 1.35 times larger in ExtraBold, minimal 0.85 times smaller; `fontSize` overrides the
 * preferred size (the size grouping settled on).
 */
export function styleLayout(style: CaptionStyle, frame: Frame, fontSize?: number): StyleLayout {
  const { width, height, portrait, margin } = frame;
  const base = portrait ? width * 0.052 : height * 0.056;
  const textWidth = portrait ? width - 2 * margin : width * 0.72;
  const bottom = Math.round(height * (portrait ? 0.8 : 0.87));
  if (style === 'pop') {
    const size = fontSize ?? base * 1.35;
    return {
      weight: 'extraBold',
      fontSize: size,
      minFontSize: base * 1.35 * 0.78,
      // The thick outline reaches outside the letters.
      maxWidth: textWidth - 2 * popBorder(size),
      maxLines: portrait ? 2 : 1,
      maxWordsPerCue: 3,
      uppercase: true,
      bottom: Math.round(height * (portrait ? 0.76 : 0.84)),
      lineHeight: size * 1.12,
    };
  }
  if (style === 'minimal') {
    const size = fontSize ?? base * 0.85;
    return {
      weight: 'semiBold',
      fontSize: size,
      minFontSize: base * 0.85 * 0.85,
      // The box's padding must stay inside the frame too.
      maxWidth: textWidth - 2 * boxPadding(size).x,
      maxLines: portrait ? 2 : 1,
      uppercase: false,
      bottom,
      lineHeight: size * 1.3,
    };
  }
  const size = fontSize ?? base;
  return {
    weight: 'semiBold',
    fontSize: size,
    minFontSize: base * 0.78,
    // Room for the spoken word to grow without touching its neighbours.
    maxWidth: textWidth / KARAOKE_GROW,
    maxLines: portrait ? 3 : 2,
    uppercase: false,
    bottom,
    lineHeight: size * 1.3,
  };
}

const popBorder = (fontSize: number) => Math.max(2, Math.round(fontSize * 0.085));
const boxPadding = (fontSize: number) => ({
  x: Math.round(fontSize * 0.6),
  y: Math.round(fontSize * 0.42),
});

/** ASS times are centiseconds: events start on one, so word times inside stay exact in ms. */
const centiseconds = (seconds: number) => Math.floor(seconds * 100 + 1e-6) / 100;
const ms = (seconds: number) => Math.round(seconds * 1000);

type PlacedPiece = Piece & {
  line: number;
  x: number;
  /** Joined to a neighbour with no space (Chinese, Japanese): it must not grow into it. */
  tight: boolean;
};

const RTL = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
const STRONG = /\p{L}/u;
const firstStrongIsRtl = (text: string) => {
  for (const character of text) {
    if (RTL.test(character)) return true;
    if (STRONG.test(character)) return false;
  }
  return false;
};
const hasStrong = (text: string) => STRONG.test(text);

/**
 * The cue's words on its lines: each word (or piece of a word split across lines) found in order in
 * `cue.lines`. Lines made elsewhere that do not match fall back to each word's `line`.
 */
function piecesOf(cue: WordCue, shown: readonly string[]): Piece[][] {
  const lines: Piece[][] = cue.lines.map(() => []);
  let line = 0;
  let at = 0;
  let matched = true;
  shown.forEach((text, word) => {
    let rest = text;
    // Each turn places the word or moves one line on: bounded by the number of lines.
    for (let turn = 0; matched && rest && turn <= 2 * cue.lines.length + 1; turn++) {
      const current = cue.lines[line];
      if (current === undefined) {
        matched = false;
        break;
      }
      if (at > 0 && current[at] === ' ') at++;
      if (at >= current.length) {
        line++;
        at = 0;
        continue;
      }
      if (current.startsWith(rest, at)) {
        lines[line]?.push({ word, text: rest });
        at += rest.length;
        rest = '';
      } else if (rest.startsWith(current.slice(at))) {
        lines[line]?.push({ word, text: current.slice(at) });
        rest = rest.slice(current.length - at);
        line++;
        at = 0;
      } else {
        matched = false;
      }
    }
    if (rest) matched = false;
  });
  const consumed = line >= cue.lines.length - 1 && at >= (cue.lines[line]?.length ?? 0);
  if (matched && (consumed || cue.lines.length === 0)) return lines;
  const fallback: Piece[][] = [];
  shown.forEach((text, word) => {
    const index = Math.max(0, Math.min(cue.words.length, cue.words[word]?.line ?? 0));
    if (!text) return;
    while (fallback.length <= index) fallback.push([]);
    fallback[index]?.push({ word, text });
  });
  return fallback;
}

/**
 * A line's pieces in the order they are drawn, left to right: a right-to-left line runs from the
 * right, and a run of the other direction inside a line keeps its own order. `tight` holds the
 * pieces joined to a neighbour with no space (Chinese, Japanese), which must not grow into it.
 */
function visualLine(pieces: readonly Piece[]): { visual: Piece[]; tight: Set<Piece> } {
  const tight = new Set<Piece>();
  pieces.forEach((piece, index) => {
    const previous = pieces[index - 1];
    if (previous && wordSeparator(previous.text, piece.text) === '') {
      tight.add(previous);
      tight.add(piece);
    }
  });
  const rtl = firstStrongIsRtl(pieces.map((piece) => piece.text).join(' '));
  // Word-level bidi: the line in its direction, with a run of the other direction turned back.
  const visual: Piece[] = [];
  let run: Piece[] = [];
  const flush = () => {
    visual.push(...run.reverse());
    run = [];
  };
  for (const piece of rtl ? [...pieces].reverse() : pieces) {
    if (hasStrong(piece.text) && firstStrongIsRtl(piece.text) !== rtl) {
      run.push(piece);
    } else {
      flush();
      visual.push(piece);
    }
  }
  flush();
  return { visual, tight };
}

/**
 * The x of each piece's centre when `visual` (in drawing order) is set as one line centred on
 * `centreX`. A word that may grow to `grow` times its width gets most of that room beside it.
 */
function centreLine(
  visual: readonly Piece[],
  tight: ReadonlySet<Piece>,
  weight: FontWeight,
  fontSize: number,
  centreX: number,
  grow: number,
): Map<Piece, number> {
  // Three quarters of the growth as room: the rest overlaps the space, which reads fine.
  const room = 1 + (grow - 1) * 0.75;
  const widths = visual.map(
    (piece) => measureText(piece.text, weight, fontSize) * (tight.has(piece) ? 1 : room),
  );
  const gaps = visual.map((piece, index) => {
    const next = visual[index + 1];
    return next ? measureText(wordSeparator(piece.text, next.text), weight, fontSize) : 0;
  });
  const total = widths.reduce((sum, width, index) => sum + width + (gaps[index] ?? 0), 0);
  const centres = new Map<Piece, number>();
  let x = centreX - total / 2;
  visual.forEach((piece, index) => {
    const width = widths[index] ?? 0;
    centres.set(piece, x + width / 2);
    x += width + (gaps[index] ?? 0);
  });
  return centres;
}

/** Where each piece's centre goes, every line whole and centred in the frame. */
function placePieces(
  lines: Piece[][],
  weight: FontWeight,
  fontSize: number,
  centreX: number,
  grow: number,
): PlacedPiece[] {
  return lines.flatMap((pieces, line) => {
    const { visual, tight } = visualLine(pieces);
    const centres = centreLine(visual, tight, weight, fontSize, centreX, grow);
    return visual.map((piece) => ({
      ...piece,
      line,
      x: centres.get(piece) ?? centreX,
      tight: tight.has(piece),
    }));
  });
}

const f1 = (value: number) => Math.round(value * 10) / 10;

/** An ASS drawing of a rectangle with rounded corners. */
function roundedRect(width: number, height: number, radius: number): string {
  const r = Math.min(radius, width / 2, height / 2);
  const k = r * 0.5523;
  const w = width;
  const h = height;
  return [
    `m ${f1(r)} 0`,
    `l ${f1(w - r)} 0`,
    `b ${f1(w - r + k)} 0 ${f1(w)} ${f1(r - k)} ${f1(w)} ${f1(r)}`,
    `l ${f1(w)} ${f1(h - r)}`,
    `b ${f1(w)} ${f1(h - r + k)} ${f1(w - r + k)} ${f1(h)} ${f1(w - r)} ${f1(h)}`,
    `l ${f1(r)} ${f1(h)}`,
    `b ${f1(r - k)} ${f1(h)} 0 ${f1(h - r + k)} 0 ${f1(h - r)}`,
    `l 0 ${f1(r)}`,
    `b 0 ${f1(r - k)} ${f1(r - k)} 0 ${f1(r)} 0`,
  ].join(' ');
}

const FADE_MS = 120;
/** How much the spoken word grows in the karaoke style (\fscx/\fscy). */
const KARAOKE_GROW = 1.08;

/**
 * What the lit word sits on: the karaoke word's outline turns into a solid keyline while it is
 * spoken, and the pop style's thick outline is solid once a word has popped. Solid, so the
 * highlight's contrast does not depend on the picture under it (a photo, a model's footage).
 */
export const KEYLINE: Rgb = BLACK;
/** The karaoke keyline's width, in ems of the font: a backing, not a hairline. */
export const KEYLINE_EM = 0.075;
/** The contrast the lit word keeps against its keyline: WCAG AA for text. */
export const HIGHLIGHT_CONTRAST = 4.5;

/**
 * The colour a spoken word takes: the accent as given while it keeps HIGHLIGHT_CONTRAST against
 * the keyline, else lifted towards white just far enough (a deep blue would sink into the black).
 */
export function legibleHighlight(accent: Rgb): Rgb {
  const STEPS = 40;
  for (let step = 0; step <= STEPS; step++) {
    const lift = step / STEPS;
    const colour: Rgb = [
      Math.round(accent[0] + (255 - accent[0]) * lift),
      Math.round(accent[1] + (255 - accent[1]) * lift),
      Math.round(accent[2] + (255 - accent[2]) * lift),
    ];
    if (contrastRatio(colour, KEYLINE) >= HIGHLIGHT_CONTRAST) return colour;
  }
  return WHITE;
}

/** How long a popped line takes to slide to its new centre when the next word pops in. */
const RECENTRE_MS = 90;

/**
 * One line of a pop cue: only the words spoken so far are shown, and they are centred as a line
 * of their own, so each word that pops in moves the ones before it aside (a slide of RECENTRE_MS)
 * and a half-built line is as centred as a whole one. A word is one event per stretch between
 * the line's pops, each placed for that stretch; events start on whole centiseconds, so each
 * stretch's changes are timed to the millisecond inside it.
 */
function popLineEvents(
  pieces: readonly Piece[],
  context: {
    cue: WordCue;
    /** Each word's pop, in ms from `start`. */
    popAt: readonly number[];
    offset: (seconds: number) => number;
    start: number;
    end: number;
    y: number;
    fadeOut: number;
    weight: FontWeight;
    fontSize: number;
    centreX: number;
    highlight: string;
  },
): AssEvent[] {
  const { cue, popAt, offset, start, end, y, weight, fontSize, centreX, highlight } = context;
  const { visual, tight } = visualLine(pieces);
  const popOf = (piece: Piece) => popAt[piece.word] ?? 0;
  // The moments the line changes, and where its pieces stand after each: at most one per word.
  const steps = [...new Set(visual.map(popOf))].sort((a, b) => a - b);
  const layouts = steps.map((step) =>
    centreLine(
      visual.filter((piece) => popOf(piece) <= step),
      tight,
      weight,
      fontSize,
      centreX,
      1,
    ),
  );
  const startMs = ms(start);
  // Absolute seconds of a moment (ms from `start`), on the centisecond at or before it.
  const eventTime = (at: number) => Math.min(end, centiseconds(start + at / 1000));
  const white = assColour(WHITE);
  const border = popBorder(fontSize);
  const outline = `\\bord${border}\\3c${assColour(KEYLINE)}\\shad${Math.max(1, Math.round(border * 0.6))}\\4c${assColour(BLACK)}`;
  const events: AssEvent[] = [];

  for (const piece of visual) {
    const word = cue.words[piece.word];
    if (!word) continue;
    const from = popOf(piece);
    // It stays in the accent colour until the next word of the cue is spoken.
    const following = cue.words[piece.word + 1];
    const current = following ? Math.max(from, offset(following.start)) : offset(word.end);
    steps.forEach((step, index) => {
      if (step < from) return;
      const stretchStart = eventTime(step);
      const next = steps[index + 1];
      const stretchEnd = next === undefined ? end : eventTime(next);
      if (stretchEnd <= stretchStart) return;
      // Times inside the event, in ms from its start.
      const local = (at: number) => at - (ms(stretchStart) - startMs);
      const x = Math.round(layouts[index]?.get(piece) ?? centreX);
      const before = index > 0 ? layouts[index - 1]?.get(piece) : undefined;
      const position =
        before === undefined || Math.round(before) === x
          ? `\\pos(${x},${y})`
          : `\\move(${Math.round(before)},${y},${x},${y},${local(step)},${local(step) + RECENTRE_MS})`;
      const fade = next === undefined ? `\\fad(0,${context.fadeOut})` : '';
      const stretchStartsAt = ms(stretchStart) - startMs;
      const stretchEndsAt = ms(stretchEnd) - startMs;
      const program: string[] = [];
      if (step === from) {
        // Hidden until spoken, then it pops from 70 % to a little over full size and settles.
        const at = local(from);
        program.push(
          '\\1a&HFF&\\3a&HFF&\\4a&HFF&\\fscx70\\fscy70',
          `\\t(${at},${at + 1},\\1c${highlight}\\1a&H4D&\\3a&H4D&\\4a&HC0&)`,
          `\\t(${at + 1},${at + 80},\\1a&H00&\\3a&H00&\\4a&H80&\\fscx106\\fscy106)`,
          `\\t(${at + 80},${at + 120},\\fscx100\\fscy100)`,
        );
      } else {
        program.push(`\\4a&H80&${current > stretchStartsAt ? `\\1c${highlight}` : ''}`);
      }
      if ((step === from || current > stretchStartsAt) && current < stretchEndsAt) {
        program.push(`\\t(${local(current)},${local(current) + 1},\\1c${white})`);
      }
      events.push({
        start: stretchStart,
        end: stretchEnd,
        layer: 2,
        text: [
          `{\\an2${position}${fade}`,
          fontTags(weight, fontSize, WHITE),
          outline,
          ...program,
          '}',
          assText(piece.text, weight),
        ].join(''),
      });
    });
  }
  return events;
}

/**
 * The cues as ASS events in a style; `accent` is the colour a spoken word takes (the scene passes
 * its palette's accent lightened), lifted towards white only where it would not keep
 * HIGHLIGHT_CONTRAST on its keyline. Times inside an event (\t, \fad, \move) are milliseconds
 * from its start, which is put on a whole centisecond so they land exactly on each word's start
 * and end.
 * Cues that follow one another without a gap cut straight over; a cue after silence fades.
 */
export function wordCaptionEvents(
  cues: readonly WordCue[],
  style: CaptionStyle,
  options: { frame: Frame; fontSize: number; accent: Rgb },
): AssEvent[] {
  const layout = styleLayout(style, options.frame, options.fontSize);
  const { weight, fontSize, lineHeight, bottom } = layout;
  const highlight = assColour(legibleHighlight(options.accent));
  const white = assColour(WHITE);
  const centreX = Math.round(options.frame.width / 2);
  const events: AssEvent[] = [];

  cues.forEach((cue, index) => {
    const start = centiseconds(cue.start);
    const end = centiseconds(cue.end);
    if (end <= start) return;
    const startMs = ms(start);
    const offset = (seconds: number) => clamp(ms(seconds) - startMs, 0, ms(end) - startMs);
    const fadeIn = index === 0 || (cues[index - 1]?.end ?? 0) < cue.start - 0.01 ? FADE_MS : 0;
    const next = cues[index + 1];
    const fadeOut = !next || next.start > cue.end + 0.01 ? FADE_MS : 0;
    const shown = cue.words.map((word) => shownWord(word.text, weight, layout.uppercase));
    const lines = piecesOf(cue, shown);
    const top = bottom - (lines.length - 1) * lineHeight;
    const lineBottom = (line: number) => Math.round(top + line * lineHeight);

    if (style === 'minimal') {
      const texts = lines.map(lineText);
      const widest = Math.max(0, ...texts.map((text) => measureText(text, weight, fontSize)));
      if (widest === 0) return;
      const padding = boxPadding(fontSize);
      const capTop = lineBottom(0) - (DESCENT + CAP_HEIGHT) * fontSize;
      const baseline = lineBottom(lines.length - 1) - DESCENT * fontSize;
      const boxWidth = Math.round(widest + 2 * padding.x);
      const boxHeight = Math.round(baseline - capTop + 2 * padding.y);
      const fade = `\\fad(${Math.round(fadeIn * 0.8)},${Math.round(fadeOut * 0.8)})`;
      events.push({
        start,
        end,
        layer: 1,
        text: `{\\an7\\pos(${Math.round(centreX - boxWidth / 2)},${Math.round(capTop - padding.y)})${fade}\\bord0\\shad0\\blur0.6\\1c${assColour(BLACK)}\\1a${assAlpha(0.55)}\\p1}${roundedRect(boxWidth, boxHeight, fontSize * 0.38)}{\\p0}`,
      });
      texts.forEach((text, line) => {
        if (!text) return;
        events.push({
          start,
          end,
          layer: 2,
          text: `{\\an2\\pos(${centreX},${lineBottom(line)})${fade}${fontTags(weight, fontSize, WHITE, 0.9)}\\bord0\\shad0}${assText(text, weight)}`,
        });
      });
      return;
    }

    if (style === 'pop') {
      const popAt = cue.words.map((word) => offset(word.start));
      lines.forEach((pieces, line) => {
        events.push(
          ...popLineEvents(pieces, {
            cue,
            popAt,
            offset,
            start,
            end,
            y: lineBottom(line),
            fadeOut,
            weight,
            fontSize,
            centreX,
            highlight,
          }),
        );
      });
      return;
    }

    const fade = `\\fad(${fadeIn},${fadeOut})`;
    const placed = placePieces(lines, weight, fontSize, centreX, KARAOKE_GROW);
    const soft = Math.max(1, Math.round(fontSize / 22));
    const keyline = Math.max(2, Math.round(fontSize * KEYLINE_EM));
    for (const piece of placed) {
      const word = cue.words[piece.word];
      if (!word) continue;
      const at = `\\pos(${Math.round(piece.x)},${lineBottom(piece.line)})`;
      const from = offset(word.start);
      const until = Math.max(from, offset(word.end));
      const shadow = Math.max(1, Math.round(fontSize / 18));
      const grown = piece.tight ? 100 : Math.round(KARAOKE_GROW * 100);
      events.push({
        start,
        end,
        layer: 2,
        text: [
          `{\\an2${at}${fade}`,
          fontTags(weight, fontSize, WHITE),
          `\\bord${soft}\\3c${assColour(KEYLINE)}\\3a&HA0&\\blur2`,
          `\\shad${shadow}\\4c${assColour(BLACK)}\\4a&H70&`,
          // Lights up exactly while the voice says it and grows a little from its baseline; its
          // soft shadow becomes a solid keyline, the backing its colour is chosen against, so the
          // lit word reads on the brightest picture as well as on the palette.
          `\\t(${from},${from + 60},\\1c${highlight}\\3a&H00&\\bord${keyline}\\blur0.5\\fscx${grown}\\fscy${grown})`,
          `\\t(${until},${until + 90},\\1c${white}\\3a&HA0&\\bord${soft}\\blur2\\fscx100\\fscy100)}`,
          assText(piece.text, weight),
        ].join(''),
      });
    }
  });
  return events;
}

/**
 * Groups the words and writes the events for a style, with the sizes the style takes in this
 * frame (the font may shrink while grouping; the events use the size chosen).
 */
export function layoutWordCaptions(
  words: readonly SpokenWord[],
  style: CaptionStyle,
  options: { frame: Frame; window: { from: number; to: number }; accent: Rgb },
): { fontSize: number; cues: WordCue[]; events: AssEvent[] } {
  const layout = styleLayout(style, options.frame);
  const { fontSize, cues } = groupWords(words, {
    weight: layout.weight,
    fontSize: layout.fontSize,
    minFontSize: layout.minFontSize,
    maxWidth: layout.maxWidth,
    maxLines: layout.maxLines,
    maxWordsPerCue: layout.maxWordsPerCue,
    uppercase: layout.uppercase,
    window: options.window,
  });
  const events = wordCaptionEvents(cues, style, {
    frame: options.frame,
    fontSize,
    accent: options.accent,
  });
  return { fontSize, cues, events };
}
