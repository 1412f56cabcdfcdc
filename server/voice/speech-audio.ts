// What the voices ask of ffmpeg (through media/ffmpeg.ts, the one place that runs it): a cloud
// service's audio decoded to our WAV with its pauses measured, and a narration's WAV sped up and
// cut so it fits its scene. Arguments are built by pure functions, tested by their exact lists.
import { readFile, rename, rm } from 'node:fs/promises';
import { escapeFilterValue, formatNumber } from '../media/arguments';
import { runFfmpeg } from '../media/ffmpeg';
import { VOICE_TRACK_SAMPLE_RATE } from '../media/soundtrack';
import { wavDurationSeconds } from '../media/wav';
import { parseSilenceDetect, type TimeSpan } from './word-timings';

/** Quieter than this for longer than PAUSE_SECONDS is a pause between phrases. */
export const PAUSE_NOISE_DB = -35;
export const PAUSE_SECONDS = 0.12;
/** The fade that ends speech cut short, so it does not end on a click. */
const CUT_FADE_SECONDS = 0.04;

const WAV_OUTPUT = ['-ac', '1', '-ar', String(VOICE_TRACK_SAMPLE_RATE), '-c:a', 'pcm_s16le'];

/**
 * Decodes any audio ffmpeg reads into a mono 16-bit WAV; silencedetect writes each pause it finds
 * to `pausesFile` (as frame metadata: a file holds them all, where stderr keeps only its tail).
 */
export function decodeArguments(input: string, output: string, pausesFile: string): string[] {
  const detect = `silencedetect=noise=${PAUSE_NOISE_DB}dB:d=${formatNumber(PAUSE_SECONDS)}`;
  const print = `ametadata=mode=print:file=${escapeFilterValue(pausesFile)}`;
  return ['-y', '-i', input, '-vn', '-af', `${detect},${print}`, ...WAV_OUTPUT, output];
}

/**
 * Plays `input` `tempo` times as fast (pitch kept: atempo, at most 2× per filter, so chained) and,
 * with `cutAtSeconds`, ends it there with a short fade.
 */
export function retimeArguments(
  input: string,
  output: string,
  options: { tempo: number; cutAtSeconds?: number },
): string[] {
  const filters = atempoChain(options.tempo);
  const cut = options.cutAtSeconds;
  if (cut !== undefined) {
    const fadeStart = Math.max(0, cut - CUT_FADE_SECONDS);
    const fade = Math.max(0.001, cut - fadeStart);
    filters.push(`afade=t=out:st=${formatNumber(fadeStart)}:d=${formatNumber(fade)}`);
  }
  return [
    '-y',
    '-i',
    input,
    '-vn',
    '-af',
    filters.length > 0 ? filters.join(',') : 'anull',
    ...(cut === undefined ? [] : ['-t', formatNumber(cut)]),
    ...WAV_OUTPUT,
    output,
  ];
}

/** atempo filters whose product is `tempo` (each between 0.5 and 2, as ffmpeg 4.1 requires). */
export function atempoChain(tempo: number): string[] {
  const filters: string[] = [];
  let left = tempo;
  // Each turn halves or doubles what is left: a handful of turns for any sane tempo.
  while (left > 2 + 1e-9 && filters.length < 8) {
    filters.push('atempo=2');
    left /= 2;
  }
  while (left < 0.5 - 1e-9 && filters.length < 8) {
    filters.push('atempo=0.5');
    left /= 0.5;
  }
  if (Math.abs(left - 1) > 1e-4) filters.push(`atempo=${formatNumber(left)}`);
  return filters;
}

/** A cloud service's audio (mp3, wav…) as our WAV, with its length and its pauses. */
export async function decodeSpeech(options: {
  input: string;
  output: string;
  signal?: AbortSignal;
}): Promise<{ durationSeconds: number; pauses: TimeSpan[] }> {
  const pausesFile = `${options.output}.pauses.txt`;
  try {
    await runFfmpeg(decodeArguments(options.input, options.output, pausesFile), {
      signal: options.signal,
    });
    const durationSeconds = wavDurationSeconds(await readFile(options.output));
    const printed = await readFile(pausesFile, 'utf8').catch(() => '');
    return { durationSeconds, pauses: parseSilenceDetect(printed, durationSeconds) };
  } finally {
    await rm(pausesFile, { force: true });
  }
}

/** Rewrites a WAV sped up by `tempo` and/or cut at `cutAtSeconds`; answers its new length. */
export async function retimeSpeech(options: {
  file: string;
  tempo: number;
  cutAtSeconds?: number;
  signal?: AbortSignal;
}): Promise<number> {
  const retimed = `${options.file}.retimed.wav`;
  try {
    await runFfmpeg(retimeArguments(options.file, retimed, options), { signal: options.signal });
    await rename(retimed, options.file);
  } finally {
    await rm(retimed, { force: true });
  }
  return wavDurationSeconds(await readFile(options.file));
}
