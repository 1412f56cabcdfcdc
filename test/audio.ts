// Measuring sound in tests with the app's own ffmpeg: a file's samples (optionally filtered), the
// level over stretches of time, and its integrated loudness and true peak (ebur128).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ffmpegPath } from '../server/media/ffmpeg';
import { parseEbur128Summary } from '../server/media/mix';

const run = promisify(execFile);

export const ANALYSIS_RATE = 16_000;

/** The file's sound as mono floats at ANALYSIS_RATE, through `filter` (an ffmpeg -af chain) first. */
export async function samplesOf(file: string, filter = 'anull'): Promise<Float32Array> {
  const { stdout } = await run(
    ffmpegPath(),
    [
      ...['-v', 'error', '-i', file, '-vn', '-af', `${filter},aresample=${ANALYSIS_RATE}`],
      ...['-ac', '1', '-f', 'f32le', '-'],
    ],
    { encoding: 'buffer', maxBuffer: 256 * 1024 * 1024 },
  );
  const bytes = stdout as Buffer;
  return new Float32Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.byteLength / 4));
}

/** The speech band (telephone quality: 300–3400 Hz). */
export const SPEECH_BAND = 'highpass=f=300,highpass=f=300,lowpass=f=3400,lowpass=f=3400';

/** RMS level in dBFS of the samples inside the windows (seconds), taken together. */
export function levelDb(
  samples: Float32Array,
  windows: ReadonlyArray<{ start: number; end: number }>,
) {
  let sum = 0;
  let count = 0;
  for (const { start, end } of windows) {
    const from = Math.max(0, Math.floor(start * ANALYSIS_RATE));
    const to = Math.min(samples.length, Math.ceil(end * ANALYSIS_RATE));
    for (let index = from; index < to; index++) {
      const value = samples[index] ?? 0;
      sum += value * value;
      count++;
    }
  }
  return count === 0 ? -Infinity : 10 * Math.log10(sum / count + 1e-20);
}

/** Integrated loudness (LUFS) and true peak (dBTP), as ffmpeg's EBU R128 meter reads them. */
export async function loudnessOf(file: string) {
  const { stderr } = await run(ffmpegPath(), [
    ...['-hide_banner', '-nostats', '-i', file, '-vn', '-af', 'ebur128=peak=true'],
    ...['-f', 'null', '-'],
  ]);
  return parseEbur128Summary(stderr);
}
