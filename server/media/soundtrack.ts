// The raw parts of a video's sound, made once per video in a preparation thread: its music for
// the whole length, and one voice track with each scene's narration placed where the scene says
// it. mix.ts then ducks the music under the voice and brings the whole to broadcast loudness.
import { readFile, writeFile } from 'node:fs/promises';
import { composeMusic, pcm16WavFile, renderMusic, wavFile } from './music';

/** The voice track's rate: enough for speech (espeak speaks at 22.05 kHz), half the size of 48k. */
export const VOICE_TRACK_SAMPLE_RATE = 24_000;

export type PlacedVoice = { file: string; atSeconds: number };

export type SoundtrackParts = {
  music: { mood: string; seed: string };
  totalSeconds: number;
  voices: PlacedVoice[];
  musicFile: string;
  /** Written only when there are voices. */
  voiceFile: string;
};

/** Writes the music and, with narration, the voice track; tells whether a voice track was made. */
export async function writeSoundtrackParts(parts: SoundtrackParts): Promise<{ voice: boolean }> {
  const score = composeMusic({
    mood: parts.music.mood,
    seed: parts.music.seed,
    durationSeconds: parts.totalSeconds,
  });
  const music = writeFile(parts.musicFile, wavFile(renderMusic(score, 0, parts.totalSeconds)));
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
    writeFile(parts.voiceFile, monoWavFile(track, VOICE_TRACK_SAMPLE_RATE)),
  ]);
  return { voice: true };
}

export type DecodedAudio = { sampleRate: number; samples: Float32Array };

/**
 * Reads a 16-bit PCM WAV (what our engines write and ffmpeg decodes cloud audio to) as mono
 * floats: channels are averaged. Chunks other than fmt and data are skipped.
 */
export function readWav(file: Buffer): DecodedAudio {
  if (file.toString('latin1', 0, 4) !== 'RIFF' || file.toString('latin1', 8, 12) !== 'WAVE') {
    throw new Error('Not a WAV file');
  }
  let offset = 12;
  let channels = 1;
  let sampleRate = 0;
  let bits = 16;
  // Each chunk moves the offset forward by at least 8 bytes, so this ends within the file.
  while (offset + 8 <= file.length) {
    const id = file.toString('latin1', offset, offset + 4);
    const size = file.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      channels = file.readUInt16LE(body + 2);
      sampleRate = file.readUInt32LE(body + 4);
      bits = file.readUInt16LE(body + 14);
    } else if (id === 'data') {
      if (bits !== 16 || sampleRate === 0) throw new Error('Only 16-bit PCM WAV is read');
      // A streamed WAV may declare more data than it holds.
      const end = Math.min(file.length, body + size);
      const frames = Math.floor((end - body) / (2 * channels));
      const samples = new Float32Array(frames);
      for (let frame = 0; frame < frames; frame++) {
        let sum = 0;
        for (let channel = 0; channel < channels; channel++) {
          sum += file.readInt16LE(body + (frame * channels + channel) * 2);
        }
        samples[frame] = sum / channels / 32768;
      }
      return { sampleRate, samples };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('WAV file has no data');
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

/** Mono floats as a 16-bit PCM WAV. */
export function monoWavFile(samples: Float32Array, sampleRate: number): Buffer {
  return pcm16WavFile(samples, 1, sampleRate);
}
