// The raw parts of a video's sound, each made in a preparation thread: its music for the whole
// length, and one voice track with each scene's narration placed where the scene says it. mix.ts
// then ducks the music (or a video model's own sound) under the voice and brings the whole to
// broadcast loudness.
import { readFile, writeFile } from 'node:fs/promises';
import { composeMusic, MUSIC_SAMPLE_RATE, renderMusic, wavFile } from './music';
import { type DecodedAudio, pcm16WavFile, readWav } from './wav';

/** The voice track's rate: enough for speech (espeak speaks at 22.05 kHz), half the size of 48k. */
export const VOICE_TRACK_SAMPLE_RATE = 24_000;

export type PlacedVoice = { file: string; atSeconds: number };

/**
 * Composes the video's music for its whole length (in the opening scene's mood) into `file`, and
 * answers its level (RMS, dBFS), so the mix can set it under the voice by a known margin.
 */
export async function writeMusicFile(music: {
  mood: string;
  seed: string;
  totalSeconds: number;
  file: string;
}): Promise<{ levelDb: number }> {
  const score = composeMusic({ ...music, durationSeconds: music.totalSeconds });
  const samples = renderMusic(score, 0, music.totalSeconds);
  await writeFile(music.file, wavFile(samples));
  // Stereo, interleaved: a block of 2 × 20 ms of samples is 20 ms of music.
  return { levelDb: activeLevelDb(samples, MUSIC_SAMPLE_RATE * 2, -90) };
}

/** A silent bed of `totalSeconds` (mono, 8 kHz: the mix resamples it) for a video without music. */
export async function writeSilenceFile(
  totalSeconds: number,
  file: string,
): Promise<{ levelDb: number }> {
  const rate = 8000;
  await writeFile(file, pcm16WavFile(new Float32Array(Math.ceil(totalSeconds * rate)), 1, rate));
  return { levelDb: -100 };
}

/**
 * Lays every scene's narration on one track of `totalSeconds`, each at its time, into `file`, and
 * answers the level of the speech itself (RMS over the moments it sounds, dBFS).
 */
export async function writeVoiceTrack(track: {
  voices: PlacedVoice[];
  totalSeconds: number;
  file: string;
}): Promise<{ levelDb: number }> {
  const voices = await Promise.all(
    track.voices.map(async (voice) => ({
      ...readWav(await readFile(voice.file)),
      atSeconds: voice.atSeconds,
    })),
  );
  const samples = placeVoices(voices, track.totalSeconds, VOICE_TRACK_SAMPLE_RATE);
  await writeFile(track.file, pcm16WavFile(samples, 1, VOICE_TRACK_SAMPLE_RATE));
  return { levelDb: activeLevelDb(samples, VOICE_TRACK_SAMPLE_RATE, -45) };
}

/**
 * The RMS level (dBFS) of the 20 ms blocks louder than `gateDb`: for speech, its level while it
 * sounds, not diluted by the pauses between lines. Interleaved channels count as one signal.
 * -100 when nothing passes the gate.
 */
export function activeLevelDb(samples: Float32Array, sampleRate: number, gateDb: number): number {
  const block = Math.max(1, Math.round(sampleRate * 0.02));
  const gate = 10 ** (gateDb / 10);
  let power = 0;
  let blocks = 0;
  for (let start = 0; start + block <= samples.length; start += block) {
    let sum = 0;
    for (let index = start; index < start + block; index++) {
      const value = samples[index] ?? 0;
      sum += value * value;
    }
    const mean = sum / block;
    if (mean > gate) {
      power += mean;
      blocks++;
    }
  }
  return blocks === 0 ? -100 : 10 * Math.log10(power / blocks);
}

/**
 * One track of `totalSeconds` at `sampleRate` with each voice starting at its time (resampled
 * linearly when its rate differs: speech has little above 8 kHz, so nothing audible is lost).
 * A voice running past the end is cut there.
 */
export function placeVoices(
  voices: Array<DecodedAudio & { atSeconds: number }>,
  totalSeconds: number,
  sampleRate: number,
): Float32Array {
  const track = new Float32Array(Math.max(0, Math.round(totalSeconds * sampleRate)));
  for (const voice of voices) {
    const start = Math.max(0, Math.round(voice.atSeconds * sampleRate));
    const step = voice.sampleRate / sampleRate;
    const length = Math.min(
      track.length - start,
      Math.floor((voice.samples.length - 1) / step) + 1,
    );
    for (let index = 0; index < length; index++) {
      const position = index * step;
      const before = Math.floor(position);
      const fraction = position - before;
      const a = voice.samples[before] ?? 0;
      const b = voice.samples[before + 1] ?? a;
      track[start + index] = (track[start + index] ?? 0) + a + (b - a) * fraction;
    }
  }
  return track;
}
