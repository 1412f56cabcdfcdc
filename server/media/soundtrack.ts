// The raw parts of a video's sound, made once per video in a preparation thread: its music for
// the whole length, and one voice track with each scene's narration placed where the scene says
// it. mix.ts then ducks the music under the voice and brings the whole to broadcast loudness.
import { readFile, writeFile } from 'node:fs/promises';
import { composeMusic, renderMusic, wavFile } from './music';
import { type DecodedAudio, pcm16WavFile, readWav } from './wav';

/** The voice track's rate: enough for speech (espeak speaks at 22.05 kHz), half the size of 48k. */
export const VOICE_TRACK_SAMPLE_RATE = 24_000;

export type PlacedVoice = { file: string; atSeconds: number };

export type SoundtrackParts = {
  /** The music to compose; null when the bed is a video model's own sound (made elsewhere). */
  music: { mood: string; seed: string } | null;
  totalSeconds: number;
  voices: PlacedVoice[];
  musicFile: string;
  /** Written only when there are voices. */
  voiceFile: string;
};

/** Writes the music (when asked) and, with narration, the voice track; tells whether a voice track was made. */
export async function writeSoundtrackParts(parts: SoundtrackParts): Promise<{ voice: boolean }> {
  const music = parts.music
    ? writeFile(
        parts.musicFile,
        wavFile(
          renderMusic(
            composeMusic({ ...parts.music, durationSeconds: parts.totalSeconds }),
            0,
            parts.totalSeconds,
          ),
        ),
      )
    : Promise.resolve();
  if (parts.voices.length === 0) {
    await music;
    return { voice: false };
  }
  const voices = await Promise.all(
    parts.voices.map(async (voice) => ({
      ...readWav(await readFile(voice.file)),
      atSeconds: voice.atSeconds,
    })),
  );
  const track = placeVoices(voices, parts.totalSeconds, VOICE_TRACK_SAMPLE_RATE);
  await Promise.all([
    music,
    writeFile(parts.voiceFile, pcm16WavFile(track, 1, VOICE_TRACK_SAMPLE_RATE)),
  ]);
  return { voice: true };
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
