// The offline voice: espeak-ng (compiled to WebAssembly, its data shipped in the npm package) speaks
// a text into a 16-bit mono WAV and reports when each of the text's words is spoken. Runs in the
// preparation worker threads (app/preparation-thread.ts), never on the event loop that serves members; each
// thread loads the engine once, on its first narration.
import { writeFile } from 'node:fs/promises';
import type { eSpeakNGWorker } from '@echogarden/espeak-ng-emscripten';
import type { SpokenWord } from '../../shared/schemas/voices';
import { int16WavFile } from '../media/wav';
import { wordsOf } from './text-words';
import { speechSpansOfSamples, timeWordsFromEvents, type WordEvent } from './word-timings';

export type SpeechSynthesisInput = {
  text: string;
  /** An espeak-ng voice name, with a variant when wanted ('en-us+f3'). */
  espeakVoice: string;
  wordsPerMinute: number;
  /** 0–100, 50 is the voice's own pitch. */
  pitch?: number;
  /** Where the WAV goes (22,050 Hz mono 16-bit, espeak-ng's own rate). */
  outputFile: string;
  /** The language of the text (BCP 47), for splitting unspaced scripts into words. */
  language?: string;
};

export type SynthesizedSpeech = { durationSeconds: number; words: SpokenWord[] };

/** espeak-ng's limits on the speaking rate, in words per minute. */
export const ESPEAK_RATE = { min: 80, max: 450 } as const;
const DEFAULT_PITCH = 50;
const DEFAULT_PITCH_RANGE = 50;
/** Silence kept after the last sound, so the voice does not end on a click. */
const TAIL_SECONDS = 0.05;

let engine: Promise<eSpeakNGWorker> | null = null;

/** This thread's engine, loaded on first use (about 100 ms and 50 MB outside the JS heap). */
function espeak(): Promise<eSpeakNGWorker> {
  engine ??= import('@echogarden/espeak-ng-emscripten')
    .then(async ({ default: init }) => new (await init()).eSpeakNGWorker())
    .catch((error: unknown) => {
      engine = null;
      throw error;
    });
  return engine;
}

/** Speaks `text` into `outputFile` and times its words (every word of the text, in order). */
export async function synthesizeSpeech(input: SpeechSynthesisInput): Promise<SynthesizedSpeech> {
  const worker = await espeak();
  const status = worker.set_voice(input.espeakVoice);
  if (status !== 0) throw new Error(`espeak-ng has no voice '${input.espeakVoice}' (${status})`);
  // The engine is shared by every narration this thread speaks: each sets all it depends on.
  worker.set_rate(clamp(Math.round(input.wordsPerMinute), ESPEAK_RATE.min, ESPEAK_RATE.max));
  worker.set_pitch(clamp(Math.round(input.pitch ?? DEFAULT_PITCH), 0, 100));
  worker.set_range(DEFAULT_PITCH_RANGE);

  const sampleRate = worker.samplerate;
  const chunks: Int16Array[] = [];
  const events: WordEvent[] = [];
  const clauseEnds: number[] = [];
  worker.synthesize(input.text, (samples, engineEvents) => {
    if (samples && samples.length > 0) chunks.push(samples);
    for (const event of engineEvents) {
      const seconds = event.audio_position / 1000;
      // Positions count code points from 1 (checked with "café naïve 日本語" and 𝒜 in tests).
      if (event.type === 'word') events.push({ position: event.text_position - 1, seconds });
      else if (event.type === 'end') clauseEnds.push(seconds);
    }
    return false;
  });

  const spoken = concatenate(chunks);
  const speech = speechSpansOfSamples(spoken, sampleRate);
  const lastSound = speech.at(-1)?.end ?? 0;
  const kept = Math.min(spoken.length, Math.ceil((lastSound + TAIL_SECONDS) * sampleRate));
  const samples = spoken.subarray(0, kept);
  const durationSeconds = samples.length / sampleRate;
  const words = timeWordsFromEvents({
    words: wordsOf(input.text, input.language),
    events,
    clauseEnds,
    durationSeconds,
    speech,
  });
  await writeFile(input.outputFile, int16WavFile(samples, sampleRate));
  return { durationSeconds, words };
}

function concatenate(chunks: readonly Int16Array[]): Int16Array {
  const all = new Int16Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.length;
  }
  return all;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
