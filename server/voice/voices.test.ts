// The voices a server offers: the list, unknown voices, the cloud voices a configuration adds, and
// the ffmpeg arguments speech is decoded and retimed with. Speaking (blank text, the member's speed,
// narration made to fit its scene) is the same for every voice: voice.contract.test.ts.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNKNOWN_VOICE_MESSAGE, voicesResponseSchema } from '../../shared/schemas/voices';
import { parseConfig } from '../config';
import { ValidationFailed } from '../errors';
import { atempoChain, decodeArguments, retimeArguments } from './speech-audio';
import { OFFLINE_VOICES } from './voice-list';
import { createVoices, Voices } from './voices';

let folder = '';
beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'reelforge-voices-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

const voices = new Voices();
const file = (name: string) => path.join(folder, name);

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
