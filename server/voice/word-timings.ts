// When each word of a narration is spoken, from whatever the engine gives: espeak-ng's word events
// (offline), ElevenLabs' per-character times, or nothing at all (OpenAI-compatible speech), where
// the audio's own pauses are matched to the text's punctuation. Every word of the text comes back
// once, in order, with times that never go backwards. Pure: no I/O; every loop is bounded by the
// word, event or span count, and the pause matching works on a capped number of spans.
import type { SpokenWord } from '../../shared/schemas/voices';
import { type TextWord, wordIndexAt } from './text-words';

/** A stretch of audio, in seconds. */
export type TimeSpan = { start: number; end: number };

/** An engine's word event: the code point its word starts at (0-based) and when it is spoken. */
export type WordEvent = { position: number; seconds: number };

/** A word never lasts less than this, so a caption can always show it. */
const MIN_WORD_SECONDS = 0.04;
/** Spans of speech the pause matching considers at most (the closest ones are merged beyond). */
const MAX_PAUSE_SPANS = 40;

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const SPOKEN = /[\p{L}\p{N}]/u;
const SENTENCE_END = /[.!?…。！？؟]["'”’»)\]」』]*$/u;
const CLAUSE_END = /[,;:—–、，；：،]["'”’»)\]」』]*$/u;

/**
 * How long a word takes to say, in arbitrary units: its letters and digits (a Chinese or Japanese
 * character is a syllable or two, so three), plus one for the gap after it, plus a little for a
 * comma's or a full stop's pause.
 */
export function spokenWeight(text: string): number {
  let weight = 1;
  for (const character of text) {
    if (CJK.test(character)) weight += 3;
    else if (SPOKEN.test(character)) weight += 1;
  }
  if (SENTENCE_END.test(text)) weight += 2;
  else if (CLAUSE_END.test(text)) weight += 1;
  return weight;
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

// --- espeak-ng: word events ------------------------------------------------------------------

/**
 * Words timed from an engine's word events. A word starts at its first event (an engine may
 * speak one written word as several, "1,234" or "stop—go"); a word with no event of its own is
 * placed between its neighbours by its length. It ends where the next one starts, or at the end
 * of its clause, then both ends are pulled in to where `speech` is audible (the pause after a
 * comma belongs to no word).
 */
export function timeWordsFromEvents(options: {
  words: readonly TextWord[];
  events: readonly WordEvent[];
  /** When each clause ends (espeak's 'end' events), in seconds. */
  clauseEnds: readonly number[];
  durationSeconds: number;
  speech: readonly TimeSpan[];
}): SpokenWord[] {
  const { words, events, durationSeconds } = options;
  if (words.length === 0) return [];
  const starts: Array<number | null> = words.map(() => null);
  let latestWord = -1;
  let latestTime = 0;
  for (const event of events) {
    const index = wordIndexAt(words, event.position);
    // An event that would send time or the text backwards is the engine restarting a clause: it
    // adds nothing the earlier events did not say.
    if (index < latestWord || event.seconds < latestTime) continue;
    if (starts[index] === null) starts[index] = Math.min(event.seconds, durationSeconds);
    latestWord = index;
    latestTime = event.seconds;
  }
  const clauseEnds = [...options.clauseEnds].sort((a, b) => a - b);
  const filled = interpolateStarts(words, starts, lastSpeechEnd(options.speech, durationSeconds));
  const timed = filled.map((start, index) => {
    const next = filled[index + 1] ?? durationSeconds;
    const clauseEnd = clauseEnds.find((end) => end > start + 1e-6) ?? durationSeconds;
    return { start, end: Math.min(next, clauseEnd, durationSeconds) };
  });
  return finish(words, snapToSpeech(timed, options.speech), durationSeconds);
}

/** Where the last audible speech ends (the whole length when nothing was measured). */
function lastSpeechEnd(speech: readonly TimeSpan[], durationSeconds: number): number {
  return Math.min(durationSeconds, speech.at(-1)?.end ?? durationSeconds);
}

/**
 * Known starts kept; each run of unknown ones shares the time from the known start before it to
 * the known start after it (or the end of speech) with that earlier word, by spoken weight.
 */
function interpolateStarts(
  words: readonly TextWord[],
  starts: ReadonlyArray<number | null>,
  endOfSpeech: number,
): number[] {
  const result = starts.map((start) => start ?? 0);
  const known = starts.flatMap((start, index) => (start === null ? [] : [index]));
  const runs: Array<{ from: number; to: number; startTime: number; endTime: number }> = [];
  const first = known[0];
  if (first === undefined) {
    runs.push({ from: 0, to: words.length, startTime: 0, endTime: endOfSpeech });
  } else {
    if (first > 0) runs.push({ from: 0, to: first, startTime: 0, endTime: result[first] ?? 0 });
    known.forEach((index, order) => {
      const next = known[order + 1];
      const to = next ?? words.length;
      if (to - index < 2) return;
      const endTime = next === undefined ? Math.max(endOfSpeech, result[index] ?? 0) : result[next];
      runs.push({ from: index, to, startTime: result[index] ?? 0, endTime: endTime ?? 0 });
    });
  }
  for (const run of runs) {
    const weights = words.slice(run.from, run.to).map((word) => spokenWeight(word.text));
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    let before = 0;
    weights.forEach((weight, offset) => {
      result[run.from + offset] = run.startTime + ((run.endTime - run.startTime) * before) / total;
      before += weight;
    });
  }
  return result;
}

/**
 * Each word's ends pulled in to audible speech: a start in a silence moves to where speech
 * resumes, an end in a silence back to where it stopped (never past each other).
 */
function snapToSpeech(timed: readonly TimeSpan[], speech: readonly TimeSpan[]): TimeSpan[] {
  if (speech.length === 0) return timed.map((word) => ({ ...word }));
  return timed.map(({ start, end }) => {
    let snappedStart = start;
    let snappedEnd = end;
    const after = speech.findIndex((span) => span.end > start);
    const resumes = speech[after];
    if (resumes && resumes.start > start && resumes.start < end - MIN_WORD_SECONDS) {
      snappedStart = resumes.start;
    }
    const before = findLastIndex(speech, (span) => span.start < end);
    const stopped = speech[before];
    if (stopped && stopped.end < end && stopped.end > snappedStart + MIN_WORD_SECONDS) {
      snappedEnd = stopped.end;
    }
    return { start: snappedStart, end: snappedEnd };
  });
}

function findLastIndex<T>(items: readonly T[], test: (item: T) => boolean): number {
  for (let index = items.length - 1; index >= 0; index--) {
    if (test(items[index] as T)) return index;
  }
  return -1;
}

/**
 * The words with their times made safe: inside the audio, never backwards, each at least a
 * moment long where the room allows, rounded to the millisecond.
 */
function finish(
  words: readonly TextWord[],
  timed: readonly TimeSpan[],
  durationSeconds: number,
): SpokenWord[] {
  // Whole milliseconds, rounded down at the end so no time lies past the audio.
  const last = Math.floor(durationSeconds * 1000 + 1e-6) / 1000;
  const result: SpokenWord[] = [];
  let floor = 0;
  timed.forEach((span, index) => {
    const start = Math.min(Math.max(round3(span.start), floor), last);
    const nextStart = Math.max(round3(timed[index + 1]?.start ?? last), start);
    const end = Math.min(
      Math.max(round3(span.end), round3(start + MIN_WORD_SECONDS)),
      nextStart,
      last,
    );
    result.push({ text: (words[index] as TextWord).text, start, end });
    floor = end;
  });
  return result;
}

// --- Speech and silence ----------------------------------------------------------------------

/** Frames of this length are measured for speech. */
const FRAME_SECONDS = 0.01;
/** A frame this far below the loudest one is silence. */
const SILENCE_BELOW_PEAK_DB = 40;
/** And anything quieter than this (about −60 dBFS) always is. */
const SILENCE_FLOOR = 0.001;

/** Where 16-bit samples are audible, as spans of speech (10 ms resolution). */
export function speechSpansOfSamples(samples: Int16Array, sampleRate: number): TimeSpan[] {
  const frame = Math.max(1, Math.round(sampleRate * FRAME_SECONDS));
  const levels: number[] = [];
  for (let from = 0; from < samples.length; from += frame) {
    const to = Math.min(samples.length, from + frame);
    let sum = 0;
    for (let index = from; index < to; index++) {
      const value = (samples[index] as number) / 32768;
      sum += value * value;
    }
    levels.push(Math.sqrt(sum / (to - from)));
  }
  const peak = Math.max(0, ...levels);
  const threshold = Math.max(SILENCE_FLOOR, peak * 10 ** (-SILENCE_BELOW_PEAK_DB / 20));
  const spans: TimeSpan[] = [];
  const seconds = (frames: number) => Math.min(samples.length, frames * frame) / sampleRate;
  let open: number | null = null;
  levels.forEach((level, index) => {
    if (level >= threshold && open === null) open = index;
    if (level < threshold && open !== null) {
      spans.push({ start: seconds(open), end: seconds(index) });
      open = null;
    }
  });
  if (open !== null) spans.push({ start: seconds(open), end: seconds(levels.length) });
  return spans;
}

/**
 * The silences ffmpeg's silencedetect reported, as log lines (`silence_start: 1.2`) or as frame
 * metadata (`lavfi.silence_start=1.2`); a silence still open at the end runs to the end.
 */
export function parseSilenceDetect(printed: string, durationSeconds: number): TimeSpan[] {
  const silences: TimeSpan[] = [];
  let open: number | null = null;
  for (const match of printed.matchAll(/silence_(start|end)[:=]\s*(-?[\d.]+)/g)) {
    const value = Number(match[2]);
    if (!Number.isFinite(value)) continue;
    if (match[1] === 'start') open = Math.max(0, value);
    else {
      silences.push({ start: open ?? 0, end: Math.min(value, durationSeconds) });
      open = null;
    }
  }
  if (open !== null) silences.push({ start: open, end: durationSeconds });
  return silences;
}

/** The stretches between the silences: where someone speaks. */
export function speechBetweenSilences(
  silences: readonly TimeSpan[],
  durationSeconds: number,
): TimeSpan[] {
  const spans: TimeSpan[] = [];
  let at = 0;
  for (const silence of [...silences].sort((a, b) => a.start - b.start)) {
    if (silence.start > at + 1e-6)
      spans.push({ start: at, end: Math.min(silence.start, durationSeconds) });
    at = Math.max(at, silence.end);
  }
  if (durationSeconds > at + 1e-6) spans.push({ start: at, end: durationSeconds });
  return spans.filter((span) => span.end > span.start);
}

// --- OpenAI-compatible speech: pauses ----------------------------------------------------------

/**
 * Words timed from the audio's own pauses, for engines that give no timings. Each stretch of
 * speech gets a run of whole words: the split is the one whose runs' lengths (at the speaker's
 * average pace) best match the stretches' lengths, preferring to pause after a full stop or a
 * comma (dynamic programming over words × stretches). Inside a stretch, words share its time by
 * their length. More stretches than words (a breath, a click) are merged at their closest gaps.
 */
export function timeWordsFromPauses(options: {
  words: readonly TextWord[];
  speech: readonly TimeSpan[];
  durationSeconds: number;
}): SpokenWord[] {
  const { words, durationSeconds } = options;
  if (words.length === 0) return [];
  const spans = mergeClosest(
    options.speech.length > 0 ? options.speech : [{ start: 0, end: durationSeconds }],
    Math.min(words.length, MAX_PAUSE_SPANS),
  );
  const runs = assignWordsToSpans(words, spans);
  const timed: TimeSpan[] = [];
  runs.forEach(({ from, to }, spanIndex) => {
    const span = spans[spanIndex] as TimeSpan;
    const weights = words.slice(from, to).map((word) => spokenWeight(word.text));
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    let before = 0;
    for (const weight of weights) {
      const length = span.end - span.start;
      timed.push({
        start: span.start + (length * before) / total,
        end: span.start + (length * (before + weight)) / total,
      });
      before += weight;
    }
  });
  return finish(words, timed, durationSeconds);
}

/** The spans with the shortest gaps merged until at most `count` are left. */
function mergeClosest(speech: readonly TimeSpan[], count: number): TimeSpan[] {
  const spans = speech.map((span) => ({ ...span }));
  // Each turn removes one span: at most speech.length turns.
  while (spans.length > Math.max(1, count)) {
    let closest = 0;
    for (let index = 1; index < spans.length - 1; index++) {
      const gap = (spans[index + 1] as TimeSpan).start - (spans[index] as TimeSpan).end;
      const best = (spans[closest + 1] as TimeSpan).start - (spans[closest] as TimeSpan).end;
      if (gap < best) closest = index;
    }
    const [first, second] = [spans[closest] as TimeSpan, spans[closest + 1] as TimeSpan];
    spans.splice(closest, 2, { start: first.start, end: second.end });
  }
  return spans;
}

/** What a pause after this word costs: nothing after a sentence, little after a clause. */
function pauseCost(word: TextWord): number {
  if (SENTENCE_END.test(word.text)) return 0;
  if (CLAUSE_END.test(word.text)) return 0.1;
  return 0.6;
}

/** Which words each span speaks: contiguous runs, one or more words each, in order. */
function assignWordsToSpans(
  words: readonly TextWord[],
  spans: readonly TimeSpan[],
): Array<{ from: number; to: number }> {
  const wordCount = words.length;
  const spanCount = spans.length;
  const prefix = [0];
  for (const word of words) prefix.push((prefix.at(-1) as number) + spokenWeight(word.text));
  const speaking = spans.reduce((sum, span) => sum + (span.end - span.start), 0);
  const perSecond = (prefix[wordCount] as number) / Math.max(speaking, 1e-3);
  const spanCost = (span: TimeSpan, from: number, to: number) => {
    const length = span.end - span.start;
    const expected = ((prefix[to] as number) - (prefix[from] as number)) / perSecond;
    return ((expected - length) / Math.max(length, 0.3)) ** 2;
  };

  // cost[k][j]: the best way to speak the first j words in the first k spans.
  const cost: number[][] = Array.from({ length: spanCount + 1 }, () =>
    new Array<number>(wordCount + 1).fill(Number.POSITIVE_INFINITY),
  );
  const choice: number[][] = Array.from({ length: spanCount + 1 }, () =>
    new Array<number>(wordCount + 1).fill(0),
  );
  (cost[0] as number[])[0] = 0;
  for (let span = 0; span < spanCount; span++) {
    const last = span === spanCount - 1;
    const row = cost[span] as number[];
    const nextRow = cost[span + 1] as number[];
    const nextChoice = choice[span + 1] as number[];
    // Every span takes one word at least and leaves one for each span after it.
    for (let to = span + 1; to <= wordCount - (spanCount - span - 1); to++) {
      if (last && to !== wordCount) continue;
      const boundary = last ? 0 : pauseCost(words[to - 1] as TextWord);
      for (let from = span; from < to; from++) {
        const before = row[from] as number;
        if (before === Number.POSITIVE_INFINITY) continue;
        const total = before + spanCost(spans[span] as TimeSpan, from, to) + boundary;
        if (total < (nextRow[to] as number)) {
          nextRow[to] = total;
          nextChoice[to] = from;
        }
      }
    }
  }
  const runs: Array<{ from: number; to: number }> = [];
  let to = wordCount;
  for (let span = spanCount; span > 0; span--) {
    const from = (choice[span] as number[])[to] as number;
    runs.unshift({ from, to });
    to = from;
  }
  return runs;
}

// --- ElevenLabs: character times -------------------------------------------------------------

/** One character as a voice service timed it. */
export type TimedCharacter = { character: string; start: number; end: number };

/** How far ahead in the text a timed character is looked for (the service may drop a few). */
const CHARACTER_LOOKAHEAD = 8;

/**
 * Words timed from per-character times (ElevenLabs' alignment). The service's characters are
 * matched to the text's in order, spaces aside (a character it left out or added is skipped, a
 * letter's case may differ); a word runs from its first timed character's start to its last
 * one's end. A word none of whose characters was timed is placed between its neighbours by its
 * length.
 */
export function timeWordsFromCharacters(options: {
  text: string;
  words: readonly TextWord[];
  characters: readonly TimedCharacter[];
  durationSeconds: number;
}): SpokenWord[] {
  const { words, durationSeconds } = options;
  if (words.length === 0) return [];
  const points = Array.from(options.text);
  const times: Array<TimeSpan | null> = points.map(() => null);
  let at = 0;
  for (const { character, start, end } of options.characters) {
    const first = Array.from(character)[0];
    // Spaces say nothing about words' times, and matching them would skip ahead to the wrong gap.
    if (first === undefined || /\s/u.test(first)) continue;
    if (!Number.isFinite(start) || !Number.isFinite(end)) continue;
    const limit = Math.min(points.length, at + CHARACTER_LOOKAHEAD);
    for (let index = at; index < limit; index++) {
      if (points[index]?.toLowerCase() !== first.toLowerCase()) continue;
      times[index] = { start, end: Math.max(start, end) };
      at = index + 1;
      break;
    }
  }
  const known: Array<TimeSpan | null> = words.map((word) => {
    const spans = times.slice(word.from, word.to).filter((span) => span !== null);
    if (spans.length === 0) return null;
    return {
      start: Math.min(...spans.map((span) => span.start)),
      end: Math.max(...spans.map((span) => span.end)),
    };
  });
  const starts = interpolateStarts(
    words,
    known.map((span) => span?.start ?? null),
    durationSeconds,
  );
  const timed = words.map((_, index) => {
    const span = known[index];
    if (span) return span;
    const start = Math.max(starts[index] ?? 0, known[index - 1]?.end ?? 0);
    return { start, end: starts[index + 1] ?? durationSeconds };
  });
  return finish(words, timed, durationSeconds);
}

// --- Fitting ---------------------------------------------------------------------------------

/** The words spoken completely within the first `seconds`. */
export function wordsWithin(words: readonly SpokenWord[], seconds: number): SpokenWord[] {
  return words.filter((word) => word.end <= seconds + 1e-6);
}

/**
 * Every time multiplied by `factor` (audio played `1 / factor` times as fast), and none past
 * `durationSeconds`, the retimed audio's own length: atempo's output can end a few milliseconds
 * short of the exact ratio, and a caption must not outlast the voice.
 */
export function scaleWords(
  words: readonly SpokenWord[],
  factor: number,
  durationSeconds = Number.POSITIVE_INFINITY,
): SpokenWord[] {
  return words.map((word) => {
    const end = Math.min(round3(word.end * factor), durationSeconds);
    return { text: word.text, start: Math.min(round3(word.start * factor), end), end };
  });
}
