// The voices a server offers and speaking with them offline: the list, unknown voices, empty text,
// the member's speed, and narration made to fit its scene (faster, never past 1.6×, else cut after
// the last word that fits).
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNKNOWN_VOICE_MESSAGE, voicesResponseSchema } from '../../shared/schemas/voices';
import { levelDb, samplesOf } from '../../test/audio';
import { parseConfig } from '../config';
import { ValidationFailed } from '../errors';
import { wavDurationSeconds } from '../media/wav';
import { holdPreparation } from '../render-threads/preparation-pool';
import { atempoChain, decodeArguments, retimeArguments } from './speech-audio';
import { wordsOf } from './text-words';
import { OFFLINE_VOICES } from './voice-list';
import { createVoices, MAX_FIT_PACE, Voices } from './voices';

let folder = '';
let release: () => Promise<void> = async () => {};
beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'reelforge-voices-'));
  release = holdPreparation();
});
afterAll(async () => {
  await release();
  await rm(folder, { recursive: true, force: true });
});

const voices = new Voices();
const file = (name: string) => path.join(folder, name);
const LONG_TEXT =
  'Waves roll in against the old stone pier while gulls circle overhead, calling to each other. ' +
  'Far out at sea a small boat turns for home, and the lighthouse keeper climbs the stairs to light the lamp.';

describe('the voice list', () => {
  it('offers the curated offline voices with the default first and a sample for each', () => {
    const list = voices.list();
    expect(
      voicesResponseSchema.parse({ voices: list, defaultVoiceId: voices.defaultVoiceId }),
    ).toBeTruthy();
    expect(voices.defaultVoiceId).toBe('offline-en-us');
    expect(list[0]).toEqual({
      id: 'offline-en-us',
      name: 'Ava',
      language: 'en-US',
      languageName: 'US English',
      provider: 'offline',
      sampleUrl: '/api/voices/offline-en-us/sample',
    });
    expect(list.map((voice) => voice.id)).toEqual(OFFLINE_VOICES.map((voice) => voice.id));
    expect(new Set(list.map((voice) => voice.id)).size).toBe(list.length);
    expect(list.map((voice) => voice.id)).toEqual(
      expect.arrayContaining(['offline-en-us-m', 'offline-en-gb', 'offline-zh', 'offline-ko']),
    );
    for (const voice of list) {
      expect(voices.has(voice.id)).toBe(true);
      expect(voices.language(voice.id)).toBe(voice.language);
      expect(voices.sampleText(voice.id)).toMatch(/\S/);
    }
  });

  it('knows nothing of a voice it does not offer', async () => {
    expect(voices.has('offline-xx')).toBe(false);
    expect(voices.language('offline-xx')).toBeNull();
    expect(voices.sampleText('offline-xx')).toBeNull();
    const refused = voices.speak({
      voiceId: 'offline-xx',
      text: 'Hello',
      speed: 1,
      outputFile: file('never.wav'),
    });
    await expect(refused).rejects.toBeInstanceOf(ValidationFailed);
    await expect(refused).rejects.toThrow(UNKNOWN_VOICE_MESSAGE);
  });

  it('adds the cloud voices whose service is configured, after the offline ones', () => {
    const configured = createVoices(
      parseConfig({
        TTS_API_KEY: 'sk-test-key-123456',
        TTS_VOICES: 'nova,my_voice',
        ELEVENLABS_API_KEY: 'xi-test-key-123456',
      }),
    );
    const cloud = configured.list().filter((voice) => voice.provider !== 'offline');
    expect(cloud.map((voice) => [voice.id, voice.name, voice.provider])).toEqual([
      ['openai-nova', 'Nova', 'openai'],
      ['openai-my-voice', 'My voice', 'openai'],
      ['elevenlabs-sarah', 'Sarah', 'elevenlabs'],
      ['elevenlabs-george', 'George', 'elevenlabs'],
      ['elevenlabs-aria', 'Aria', 'elevenlabs'],
      ['elevenlabs-charlie', 'Charlie', 'elevenlabs'],
    ]);
    expect(cloud.every((voice) => voice.language === 'en-US')).toBe(true);
    expect(createVoices(parseConfig({})).list()).toEqual(voices.list());
  });
});

describe('speaking offline', () => {
  it('writes nothing for empty or blank text', async () => {
    const spoken = await voices.speak({
      voiceId: 'offline-en-us',
      text: ' \n\t ',
      speed: 1,
      outputFile: file('blank.wav'),
    });
    expect(spoken).toEqual({ file: null, durationSeconds: 0, words: [], language: 'en-US' });
    await expect(stat(file('blank.wav'))).rejects.toThrow();
  });

  it('speaks faster at a higher speed, every word kept', async () => {
    const [normal, fast] = await Promise.all(
      [1, 1.5].map((speed) =>
        voices.speak({
          voiceId: 'offline-en-us',
          text: LONG_TEXT,
          speed,
          outputFile: file(`speed-${speed}.wav`),
        }),
      ),
    );
    expect(normal?.words.map((word) => word.text)).toEqual(LONG_TEXT.split(' '));
    expect(fast?.words.map((word) => word.text)).toEqual(LONG_TEXT.split(' '));
    expect((fast?.durationSeconds ?? 0) / (normal?.durationSeconds ?? 1)).toBeLessThan(0.8);
  });

  it('speaks faster to fit the time it is given, keeping every word', async () => {
    const natural = await voices.speak({
      voiceId: 'offline-en-gb',
      text: LONG_TEXT,
      speed: 1,
      outputFile: file('natural.wav'),
    });
    const maxSeconds = natural.durationSeconds / 1.3;
    const fitted = await voices.speak({
      voiceId: 'offline-en-gb',
      text: LONG_TEXT,
      speed: 1,
      outputFile: file('fitted.wav'),
      maxSeconds,
    });
    expect(fitted.durationSeconds).toBeLessThanOrEqual(maxSeconds);
    expect(fitted.durationSeconds).toBeGreaterThan(maxSeconds * 0.8);
    expect(fitted.words.map((word) => word.text)).toEqual(LONG_TEXT.split(' '));
    expect(fitted.words.at(-1)?.end).toBeLessThanOrEqual(fitted.durationSeconds);
    expect(wavDurationSeconds(await readFile(fitted.file ?? ''))).toBeCloseTo(
      fitted.durationSeconds,
      2,
    );
  });

  it(`never goes past ${MAX_FIT_PACE}× its pace: it stops after the last word that fits`, async () => {
    const natural = await voices.speak({
      voiceId: 'offline-en-us',
      text: LONG_TEXT,
      speed: 1,
      outputFile: file('uncut.wav'),
    });
    const maxSeconds = 3;
    const cut = await voices.speak({
      voiceId: 'offline-en-us',
      text: LONG_TEXT,
      speed: 1,
      outputFile: file('cut.wav'),
      maxSeconds,
    });
    const all = wordsOf(LONG_TEXT).map((word) => word.text);
    const kept = cut.words.map((word) => word.text);
    // Spoken at most 1.6× faster, so about 3 × 1.6 seconds of the natural speech remain.
    const atFastest = natural.words.filter((word) => word.end <= maxSeconds * MAX_FIT_PACE);
    expect(kept.length).toBeGreaterThan(3);
    expect(kept.length).toBeLessThan(all.length);
    expect(kept.length).toBeLessThanOrEqual(atFastest.length + 2);
    expect(kept.length).toBeGreaterThanOrEqual(atFastest.length - 2);
    expect(kept).toEqual(all.slice(0, kept.length));
    expect(cut.durationSeconds).toBeLessThanOrEqual(maxSeconds + 0.001);
    expect(cut.words.at(-1)?.end).toBeLessThanOrEqual(cut.durationSeconds);
    const samples = await samplesOf(cut.file ?? '');
    expect(samples.length / 16_000).toBeCloseTo(cut.durationSeconds, 2);
    expect(levelDb(samples, cut.words)).toBeGreaterThan(-30);
  });

  it('says nothing when not even the first word fits', async () => {
    const spoken = await voices.speak({
      voiceId: 'offline-en-us',
      text: 'Incomprehensibilities',
      speed: 1,
      outputFile: file('tiny.wav'),
      maxSeconds: 0.2,
    });
    expect(spoken).toMatchObject({ file: null, durationSeconds: 0, words: [] });
    await expect(stat(file('tiny.wav'))).rejects.toThrow();
  });
});

describe('ffmpeg arguments', () => {
  it('decode to a mono 16-bit WAV and print the pauses to a file', () => {
    expect(decodeArguments('/tmp/a.mp3', '/tmp/a.wav', '/tmp/a.pauses.txt')).toEqual([
      ...['-y', '-i', '/tmp/a.mp3', '-vn', '-af'],
      'silencedetect=noise=-35dB:d=0.12,ametadata=mode=print:file=/tmp/a.pauses.txt',
      ...['-ac', '1', '-ar', '24000', '-c:a', 'pcm_s16le', '/tmp/a.wav'],
    ]);
  });

  it('speed up with chained atempo and cut with a fade', () => {
    expect(atempoChain(1)).toEqual([]);
    expect(atempoChain(1.25)).toEqual(['atempo=1.25']);
    expect(atempoChain(3)).toEqual(['atempo=2', 'atempo=1.5']);
    expect(retimeArguments('/tmp/in.wav', '/tmp/out.wav', { tempo: 1.5, cutAtSeconds: 2 })).toEqual(
      [
        ...['-y', '-i', '/tmp/in.wav', '-vn', '-af'],
        'atempo=1.5,afade=t=out:st=1.96:d=0.04',
        ...['-t', '2', '-ac', '1', '-ar', '24000', '-c:a', 'pcm_s16le', '/tmp/out.wav'],
      ],
    );
  });
});
