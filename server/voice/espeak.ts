// Offline speech with eSpeak NG (@echogarden/espeak-ng-emscripten: WebAssembly, its voice data in
// the package, nothing downloaded). Runs in a preparation thread (cpu-worker's synthesizeSpeech):
// each thread loads the engine once. Word timings come from the engine's own word events.
import { writeFile } from 'node:fs/promises';
import type { SpokenWord } from '../../shared/schemas/voices';
import { monoWavFile } from '../media/soundtrack';

export const ESPEAK_SAMPLE_RATE = 22_050;

type EspeakEvent = { type: string; audio_position: number; text_position: number };
type EspeakWorker = {
  set_voice(voice: string): unknown;
  set_rate(wordsPerMinute: number): unknown;
  set_pitch(pitch: number): unknown;
  synthesize(
    text: string,
    callback: (samples: Int16Array | null, events: EspeakEvent[]) => void,
  ): void;
};

let engine: Promise<EspeakWorker> | null = null;

function espeak(): Promise<EspeakWorker> {
  engine ??= import('@echogarden/espeak-ng-emscripten').then(async (module) => {
    const loaded = (await module.default()) as { eSpeakNGWorker: new () => EspeakWorker };
    return new loaded.eSpeakNGWorker();
  });
  return engine;
}

export type SynthesisInput = {
  text: string;
  /** eSpeak's voice name, e.g. 'en-us' or 'en-us+f3'. */
  espeakVoice: string;
  wordsPerMinute: number;
  pitch?: number;
  outputFile: string;
};

export type Synthesis = { durationSeconds: number; words: SpokenWord[] };

/** Speaks `text` into a mono WAV and says when each of its words is spoken. */
export async function synthesizeSpeech(input: SynthesisInput): Promise<Synthesis> {
  const worker = await espeak();
  worker.set_voice(input.espeakVoice);
  worker.set_rate(Math.round(input.wordsPerMinute));
  worker.set_pitch(input.pitch ?? 50);
  const chunks: Int16Array[] = [];
  const events: EspeakEvent[] = [];
  worker.synthesize(input.text, (samples, chunkEvents) => {
    if (samples && samples.length > 0) chunks.push(samples.slice());
    for (const event of chunkEvents) {
      events.push({
        type: event.type,
        audio_position: event.audio_position,
        text_position: event.text_position,
      });
    }
  });
  const length = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  const samples = new Float32Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    for (let index = 0; index < chunk.length; index++)
      samples[offset + index] = (chunk[index] ?? 0) / 32768;
    offset += chunk.length;
  }
  const durationSeconds = length / ESPEAK_SAMPLE_RATE;
  await writeFile(input.outputFile, monoWavFile(samples, ESPEAK_SAMPLE_RATE));
  return { durationSeconds, words: timeWords(input.text, events, samples, durationSeconds) };
}

/** The input's words (split on white space, punctuation kept), with where each starts in it. */
export function wordsWithPositions(text: string): Array<{ text: string; index: number }> {
  return [...text.matchAll(/\S+/g)].map((match) => ({ text: match[0], index: match.index ?? 0 }));
}

/**
 * Times every word of the text from the engine's word events: an event's text position (1-based,
 * counting UTF-16 units like JavaScript) names the word it starts. A word the engine spoke
 * without an event (it sometimes joins words) gets a share of the time between its neighbours.
 * A word ends where the next begins, or, before a pause, where its sound fades.
 */
export function timeWords(
  text: string,
  events: ReadonlyArray<{ type: string; audio_position: number; text_position: number }>,
  samples: Float32Array,
  durationSeconds: number,
): SpokenWord[] {
  const words = wordsWithPositions(text);
  const starts: Array<number | null> = words.map(() => null);
  const clauseEnds: number[] = [];
  for (const event of events) {
    const seconds = event.audio_position / 1000;
    if (event.type === 'end') clauseEnds.push(seconds);
    if (event.type !== 'word') continue;
    const position = event.text_position - 1;
    // The word that contains the position (the last one starting at or before it).
    let found = -1;
    for (let index = 0; index < words.length; index++) {
      if ((words[index]?.index ?? 0) <= position) found = index;
      else break;
    }
    if (found >= 0 && starts[found] === null) starts[found] = Math.min(seconds, durationSeconds);
  }
  // Fill gaps: a word with no event starts between its known neighbours, by its length.
  const filled = fillStarts(starts, words, durationSeconds);
  return words.map((word, index) => {
    const start = filled[index] ?? 0;
    const next = filled[index + 1] ?? durationSeconds;
    const clauseEnd = clauseEnds.find((end) => end > start && end <= next);
    const end = Math.max(start + 0.05, soundEnd(samples, start, clauseEnd ?? next));
    return {
      text: word.text,
      start: round3(start),
      end: round3(Math.min(end, next, durationSeconds)),
    };
  });
}

function fillStarts(
  starts: Array<number | null>,
  words: ReadonlyArray<{ text: string }>,
  durationSeconds: number,
): number[] {
  const result = [...starts];
  if (result[0] === null || result[0] === undefined) result[0] = 0;
  let index = 0;
  while (index < result.length) {
    if (result[index] !== null) {
      index++;
      continue;
    }
    const from = index - 1;
    let to = index;
    while (to < result.length && result[to] === null) to++;
    const startTime = result[from] as number;
    const endTime = to < result.length ? (result[to] as number) : durationSeconds;
    const lengths = words.slice(from, to).map((word) => word.text.length + 1);
    const total = lengths.reduce((sum, value) => sum + value, 0);
    let at = startTime;
    for (let gap = from; gap < to - 1; gap++) {
      at += ((endTime - startTime) * (lengths[gap - from] ?? 1)) / total;
      result[gap + 1] = at;
    }
    index = to;
  }
  // Never backwards, even if the engine's positions were.
  for (let at = 1; at < result.length; at++) {
    result[at] = Math.max(result[at] as number, result[at - 1] as number);
  }
  return result as number[];
}

/** Where the sound between `from` and `to` last rises above a whisper (10 ms steps). */
function soundEnd(samples: Float32Array, from: number, to: number): number {
  const step = Math.round(ESPEAK_SAMPLE_RATE * 0.01);
  const first = Math.floor(from * ESPEAK_SAMPLE_RATE);
  let last = Math.min(samples.length, Math.floor(to * ESPEAK_SAMPLE_RATE));
  while (last - step > first) {
    let energy = 0;
    for (let index = last - step; index < last; index++) energy += (samples[index] ?? 0) ** 2;
    if (Math.sqrt(energy / step) > 0.01) return last / ESPEAK_SAMPLE_RATE;
    last -= step;
  }
  return to;
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;
