// The mix on real ffmpeg and a real voice: whatever lies under the narration (music, or a video
// model's own sound) is pressed down at least 6 dB while the voice speaks and comes back after,
// and the whole sits at −14 LUFS. The bed is a low tone the voice has almost nothing of, so its
// level can be read through the speech.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpokenWord } from '../../shared/schemas/voices';
import { levelDb, loudnessOf, samplesOf } from '../../test/audio';
import { synthesizeSpeech } from '../voice/espeak-synthesis';
import { OFFLINE_VOICES } from '../voice/voice-list';
import { runFfmpeg } from './ffmpeg';
import { clipBedArgs, DUCKING, mixSoundtrack } from './mix';
import { writeVoiceTrack } from './soundtrack';

const SECONDS = 7;
const VOICE_AT = 1.5;
/** Only the bed's 80 Hz tone: well under a voice's lowest harmonics. */
const BED_BAND = 'lowpass=f=120,lowpass=f=120,lowpass=f=120,lowpass=f=120';

let folder: string;
let words: SpokenWord[];
let voiceFile: string;
const file = (name: string) => path.join(folder, name);

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'reelforge-mix-'));
  const voice = OFFLINE_VOICES[0];
  if (!voice) throw new Error('no offline voice');
  const spoken = await synthesizeSpeech({
    text: 'Fishing boats slip out of the harbour at first light.',
    espeakVoice: voice.espeakVoice,
    wordsPerMinute: voice.wordsPerMinute,
    outputFile: file('speech.wav'),
    language: voice.language,
  });
  words = spoken.words.map((word) => ({
    ...word,
    start: word.start + VOICE_AT,
    end: word.end + VOICE_AT,
  }));
  voiceFile = file('voice.wav');
  await writeVoiceTrack({
    voices: [{ file: file('speech.wav'), atSeconds: VOICE_AT }],
    totalSeconds: SECONDS,
    file: voiceFile,
  });
}, 60_000);

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** Mixes the voice over `bed` and reads the bed's tone under the words and where nobody speaks. */
async function mixOver(bed: string) {
  const outputFile = file(`mixed-${path.basename(bed)}`);
  await mixSoundtrack({
    musicFile: bed,
    voiceFile,
    durationSeconds: SECONDS,
    premixFile: file(`premix-${path.basename(bed)}`),
    outputFile,
  });
  const tone = await samplesOf(outputFile, BED_BAND);
  const speaking = words.map((word) => ({ start: word.start, end: word.end }));
  const lastWord = words.at(-1)?.end ?? VOICE_AT;
  // Before the voice, and once the ducking has let go after it.
  const quiet = [
    { start: 0.2, end: VOICE_AT - 0.1 },
    { start: lastWord + (DUCKING.releaseMs / 1000) * 3, end: SECONDS - 0.1 },
  ];
  return {
    outputFile,
    duckedDb: levelDb(tone, quiet) - levelDb(tone, speaking),
  };
}

describe('the mix', () => {
  it('ducks the music at least 6 dB under the voice and plays at −14 LUFS', async () => {
    const music = file('music.wav');
    await runFfmpeg([
      ...['-f', 'lavfi', '-i', `sine=f=80:d=${SECONDS}:sample_rate=32000`],
      ...['-ac', '2', '-c:a', 'pcm_s16le', '-y', music],
    ]);
    expect(words.length).toBeGreaterThanOrEqual(9);
    const { outputFile, duckedDb } = await mixOver(music);
    expect(duckedDb).toBeGreaterThanOrEqual(6);
    const loudness = await loudnessOf(outputFile);
    expect(loudness.integrated).toBeGreaterThanOrEqual(-15);
    expect(loudness.integrated).toBeLessThanOrEqual(-13);
    expect(loudness.truePeak).toBeLessThanOrEqual(-1);
  }, 60_000);

  it("ducks a video model's own sound the same way, laid end to end from its clips", async () => {
    const clips = await Promise.all(
      [4, 3].map(async (seconds, index) => {
        const clip = file(`clip-${index}.mp4`);
        await runFfmpeg([
          ...['-f', 'lavfi', '-i', `sine=f=80:d=${seconds + 1}`],
          ...['-c:a', 'aac', '-y', clip],
        ]);
        return { file: clip, hasAudio: true, durationSeconds: seconds };
      }),
    );
    const bed = file('bed.wav');
    await runFfmpeg(clipBedArgs(clips, bed));
    const { duckedDb } = await mixOver(bed);
    expect(duckedDb).toBeGreaterThanOrEqual(6);
  }, 60_000);

  it('lays silence where a clip has no sound, and keeps each clip to its length', async () => {
    const sounding = file('sounding.mp4');
    await runFfmpeg([
      ...['-f', 'lavfi', '-i', 'sine=f=440:d=1.5'],
      ...['-c:a', 'aac', '-y', sounding],
    ]);
    const bed = file('gapped.wav');
    await runFfmpeg(
      clipBedArgs(
        [
          { file: 'none.mp4', hasAudio: false, durationSeconds: 2 },
          { file: sounding, hasAudio: true, durationSeconds: 3 },
        ],
        bed,
      ),
    );
    const samples = await samplesOf(bed);
    expect(samples.length / 16_000).toBeCloseTo(5, 1);
    expect(levelDb(samples, [{ start: 0, end: 1.9 }])).toBeLessThan(-80);
    expect(levelDb(samples, [{ start: 2.2, end: 3.4 }])).toBeGreaterThan(-30);
    // The clip's sound ran out at 1.5 s of its 3: padded with silence, not stretched.
    expect(levelDb(samples, [{ start: 3.7, end: 4.9 }])).toBeLessThan(-80);
  }, 60_000);
});
