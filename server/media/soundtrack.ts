// The raw parts of a video's sound, each made in a preparation thread: its music for the whole
// length, and one voice track with each scene's narration placed where the scene says it. mix.ts
// then ducks the music (or a video model's own sound) under the voice and brings the whole to
// broadcast loudness.
import { readFile, writeFile } from 'node:fs/promises';
import { composeMusic, renderMusic, wavFile } from './music';
import { type DecodedAudio, pcm16WavFile, readWav } from './wav';

/** The voice track's rate: enough for speech (espeak speaks at 22.05 kHz), half the size of 48k. */
export const VOICE_TRACK_SAMPLE_RATE = 24_000;

export type PlacedVoice = { file: string; atSeconds: number };

/** Composes the video's music for its whole length (in the opening scene's mood) into `file`. */
export async function writeMusicFile(music: {
  mood: string;
  seed: string;
  totalSeconds: number;
  file: string;
}): Promise<void> {
  const score = composeMusic({ ...music, durationSeconds: music.totalSeconds });
  await writeFile(music.file, wavFile(renderMusic(score, 0, music.totalSeconds)));
}

/** A silent bed of `totalSeconds` (mono, 8 kHz: the mix resamples it) for a video without music. */
export async function writeSilenceFile(totalSeconds: number, file: string): Promise<void> {
  const rate = 8000;
  await writeFile(file, pcm16WavFile(new Float32Array(Math.ceil(totalSeconds * rate)), 1, rate));
}

/** Lays every scene's narration on one track of `totalSeconds`, each at its time, into `file`. */
export async function writeVoiceTrack(track: {
  voices: PlacedVoice[];
  totalSeconds: number;
  file: string;
}): Promise<void> {
  const voices = await Promise.all(
    track.voices.map(async (voice) => ({
      ...readWav(await readFile(voice.file)),
      atSeconds: voice.atSeconds,
    })),
  );
  const samples = placeVoices(voices, track.totalSeconds, VOICE_TRACK_SAMPLE_RATE);
  await writeFile(track.file, pcm16WavFile(samples, 1, VOICE_TRACK_SAMPLE_RATE));
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
