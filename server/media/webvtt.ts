// Caption cues as WebVTT, the subtitle track browsers read: each cue's lines and, when the words
// were timed, a karaoke timestamp before every word after the first, so players can follow the
// voice. Also moves a scene's cues onto the video's timeline and reads such a file back.
import type { SpokenWord } from '../../shared/schemas/voices';

/** Scripts written without spaces between words: their words join with nothing between. */
const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\u3000-\u303F\uFF00-\uFFEF\u30FC]/u;

/** What goes between two words on a line: nothing between Chinese or Japanese words, else a space. */
export function wordSeparator(before: string, after: string): string {
  const last = Array.from(before).at(-1) ?? '';
  const first = Array.from(after)[0] ?? '';
  return UNSPACED.test(last) && UNSPACED.test(first) ? '' : ' ';
}

export type VttCue = {
  start: number;
  end: number;
  lines: string[];
  /** Without a `line`, words are dealt to the lines by how many words each line shows. */
  words?: ReadonlyArray<SpokenWord & { line?: number }>;
};

export type ParsedVttCue = {
  start: number;
  end: number;
  lines: string[];
  words: Array<SpokenWord & { line: number }>;
};

/** `HH:MM:SS.mmm` from seconds (whole milliseconds, never negative). */
export function vttTime(seconds: number): string {
  const total = Math.max(0, Math.round(seconds * 1000));
  const two = (value: number) => String(value).padStart(2, '0');
  return `${two(Math.floor(total / 3_600_000))}:${two(Math.floor((total % 3_600_000) / 60_000))}:${two(Math.floor((total % 60_000) / 1000))}.${String(total % 1000).padStart(3, '0')}`;
}

/** Cue text is markup: &, < and > are written as entities; control characters cannot appear. */
function vttText(text: string): string {
  return text
    .replace(/[\p{Cc}\s]+/gu, ' ')
    .trim()
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

const seconds = (ms: number) => ms / 1000;
const ms = (value: number) => Math.round(value * 1000);

/**
 * A WebVTT file of the cues, in order. Times are whole milliseconds; a cue that would start before
 * the one before it ends starts when it ends, and one left with no time or no text is dropped, so
 * cue starts strictly increase and cues never overlap. Word timestamps are kept inside their cue.
 */
export function webVttFile(cues: readonly VttCue[]): string {
  const blocks: string[] = [];
  let previousEnd = 0;
  for (const cue of cues) {
    const start = Math.max(previousEnd, ms(cue.start));
    const end = ms(cue.end);
    if (end <= start) continue;
    const payload = cue.words?.length
      ? timedPayload(cue.words, lineOfWords(cue), start, end)
      : plainPayload(cue);
    if (!payload) continue;
    blocks.push(`${vttTime(seconds(start))} --> ${vttTime(seconds(end))}\n${payload}`);
    previousEnd = end;
  }
  return ['WEBVTT', '', ...blocks.map((block) => `${block}\n`)].join('\n');
}

function plainPayload(cue: VttCue): string {
  return cue.lines.map(vttText).filter(Boolean).join('\n');
}

/** Each word's line: its own, or else by counting the words each of the cue's lines shows. */
function lineOfWords(cue: VttCue): number[] {
  const words = cue.words ?? [];
  if (words.every((word) => typeof word.line === 'number')) {
    return words.map((word) => word.line ?? 0);
  }
  const counts = cue.lines.map((line) => line.split(/\s+/).filter(Boolean).length);
  let line = 0;
  let taken = 0;
  return words.map(() => {
    while (line < counts.length - 1 && taken >= (counts[line] ?? 0)) {
      line++;
      taken = 0;
    }
    taken++;
    return line;
  });
}

function timedPayload(
  words: NonNullable<VttCue['words']>,
  lineOf: readonly number[],
  start: number,
  end: number,
): string {
  const lines: string[] = [];
  let lastText = '';
  let lastLine = -1;
  let time = start;
  let first = true;
  for (const [index, word] of words.entries()) {
    const text = vttText(word.text);
    if (!text) continue;
    // Lines only go forward, whatever a word claims.
    const line = Math.max(lastLine, Math.floor(lineOf[index] ?? 0) || 0);
    time = Math.min(end, Math.max(time, ms(word.start)));
    const tag = first ? '' : `<${vttTime(seconds(time))}>`;
    if (line !== lastLine) {
      lines.push(`${tag}${text}`);
    } else {
      lines[lines.length - 1] += `${wordSeparator(lastText, text)}${tag}${text}`;
    }
    lastLine = line;
    lastText = text;
    first = false;
  }
  return lines.join('\n');
}

/**
 * The cues moved by `offset` seconds (a scene's cues onto the video's timeline), words with them.
 * Rounded to the microsecond, so sums like 0.1 + 0.2 do not leak into the file.
 */
export function shiftCues<
  W extends { start: number; end: number },
  C extends { start: number; end: number; words?: readonly W[] },
>(cues: readonly C[], offset: number): C[] {
  const shift = (value: number) => Math.round((value + offset) * 1e6) / 1e6;
  return cues.map((cue) => ({
    ...cue,
    start: shift(cue.start),
    end: shift(cue.end),
    ...(cue.words
      ? {
          words: cue.words.map((word) => ({
            ...word,
            start: shift(word.start),
            end: shift(word.end),
          })),
        }
      : {}),
  }));
}

const TIMESTAMP = /^(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/;

function parseTime(text: string): number {
  const match = TIMESTAMP.exec(text);
  if (!match) throw new Error(`WebVTT: not a timestamp: ${text}`);
  const [, hours = '0', minutes = '0', secs = '0', millis = '0'] = match;
  return (
    (Number(hours) * 3_600_000 + Number(minutes) * 60_000 + Number(secs) * 1000 + Number(millis)) /
    1000
  );
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  nbsp: '\u00A0',
  lrm: '\u200E',
  rlm: '\u200F',
};

/**
 * Reads a WebVTT file into cues with their words, strictly: the header, timing lines, timestamp
 * tags and the basic entities; a NOTE, STYLE or REGION block is skipped; anything else (other
 * tags, a stray &, times out of order) throws. A word's start is the timestamp before it (the
 * cue's start for the first), its end the next word's start or the cue's end.
 */
export function parseWebVtt(text: string): ParsedVttCue[] {
  const rows = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  if (!/^WEBVTT(?:[ \t].*)?$/.test(rows[0] ?? '')) throw new Error('WebVTT: no WEBVTT header');
  const blocks: string[][] = [];
  let block: string[] = [];
  for (const row of rows.slice(1)) {
    if (row.trim() === '') {
      if (block.length > 0) blocks.push(block);
      block = [];
    } else {
      block.push(row);
    }
  }
  if (block.length > 0) blocks.push(block);

  // Lines right under WEBVTT (Kind:, Language:) belong to the header, never a cue.
  if (rows[1] !== undefined && rows[1].trim() !== '') {
    const header = blocks.shift() ?? [];
    if (header.some((row) => row.includes('-->'))) throw new Error('WebVTT: header not ended');
  }
  const cues: ParsedVttCue[] = [];
  for (const lines of blocks) {
    if (/^(NOTE|STYLE|REGION)(?:[ \t]|$)/.test(lines[0] ?? '')) continue;
    const timingIndex = lines[0]?.includes('-->') ? 0 : 1;
    const timing = lines[timingIndex] ?? '';
    const match = /^(\S+)[ \t]+-->[ \t]+(\S+)(?:[ \t].*)?$/.exec(timing);
    if (!match) throw new Error(`WebVTT: no cue timing in: ${lines.join(' / ')}`);
    const start = parseTime(match[1] ?? '');
    const end = parseTime(match[2] ?? '');
    if (end <= start) throw new Error(`WebVTT: cue ends before it starts: ${timing}`);
    const previous = cues.at(-1);
    if (previous && start < previous.start) throw new Error(`WebVTT: cues out of order: ${timing}`);
    cues.push(parsePayload(lines.slice(timingIndex + 1), start, end));
  }
  return cues;
}

function parsePayload(payload: string[], start: number, end: number): ParsedVttCue {
  const lines: string[] = [];
  const words: ParsedVttCue['words'] = [];
  let time = start;
  let current: { text: string; start: number; line: number } | null = null;
  const flush = () => {
    if (current) words.push({ ...current, end });
    current = null;
  };
  payload.forEach((row, line) => {
    let shown = '';
    const append = (text: string) => {
      for (const character of text) {
        shown += character;
        if (/\s/.test(character) && character !== '\u00A0') {
          flush();
        } else {
          current ??= { text: '', start: time, line };
          current.text += character;
        }
      }
    };
    const token = /<([^>]*)>|&([a-z]+);|([^<&]+)|([<&])/gy;
    for (let match = token.exec(row); match; match = token.exec(row)) {
      const [, tag, entity, plain, stray] = match;
      if (tag !== undefined) {
        const at = parseTime(tag);
        if (at < time || at > end) throw new Error(`WebVTT: timestamp out of order: <${tag}>`);
        flush();
        time = at;
      } else if (entity !== undefined) {
        const character = ENTITIES[entity];
        if (character === undefined) throw new Error(`WebVTT: unknown entity &${entity};`);
        append(character);
      } else if (plain !== undefined) {
        append(plain);
      } else {
        throw new Error(`WebVTT: stray ${stray} in: ${row}`);
      }
    }
    flush();
    lines.push(shown);
  });
  // Each word lasts until the next one starts; the last until the cue ends.
  words.forEach((word, index) => {
    word.end = words[index + 1]?.start ?? end;
  });
  return { start, end, lines, words };
}

/** A WebVTT chapters track (`<track kind="chapters">`): one cue per chapter, named by its title. */
export function chaptersWebVtt(
  chapters: ReadonlyArray<{ start: number; end: number; title: string }>,
): string {
  return webVttFile(
    chapters.map((chapter) => ({ start: chapter.start, end: chapter.end, lines: [chapter.title] })),
  );
}
