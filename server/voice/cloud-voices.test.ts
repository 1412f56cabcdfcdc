// What only each cloud voice does, against stand-ins that speak each service's documented shapes
// (test/fake-speech.ts: real espeak-ng speech, so the true word times are known): the request each
// sends (path, key header, body), how close its word times come to the truth (from the audio's
// pauses for an OpenAI-compatible server, from the character alignment for ElevenLabs), and
// ElevenLabs' narrow speed range and JSON answer. What every voice does (a WAV as long as it says,
// every word timed in order, speed, fitting, blank text, a wrong key, a 429) is
// voice.contract.test.ts.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type SpeechStandIn,
  startFakeElevenLabs,
  startFakeOpenAiSpeech,
  type TrueSpeech,
} from '../../test/fake-speech';
import type { SpeechSettings } from '../config';
import { VOICE_SERVICE_MESSAGES } from './cloud-http';
import { Voices } from './voices';

const OPENAI_KEY = 'sk-test-openai-key-0123456789';
const ELEVENLABS_KEY = 'xi-test-elevenlabs-key-0123456789';
const TEXT =
  'Waves roll in against the rocks. Gulls circle overhead, calling to each other. The lamp turns on.';

let folder = '';
let openAiService: SpeechStandIn;
let elevenLabsService: SpeechStandIn;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'reelforge-cloud-voices-'));
  openAiService = await startFakeOpenAiSpeech({ apiKey: OPENAI_KEY });
  elevenLabsService = await startFakeElevenLabs({ apiKey: ELEVENLABS_KEY });
});
afterAll(async () => {
  await openAiService?.close();
  await elevenLabsService?.close();
  await rm(folder, { recursive: true, force: true });
});

function voicesFor(settings: Partial<SpeechSettings>): Voices {
  return new Voices(
    { openai: null, elevenlabs: null, ...settings },
    { http: { minRetryDelayMs: 5, timeoutMs: 30_000 } },
  );
}

const openAi = () =>
  voicesFor({
    openai: {
      baseUrl: `${openAiService.url}/v1/`,
      apiKey: OPENAI_KEY,
      model: 'gpt-4o-mini-tts',
      voices: [],
    },
  });
const elevenLabs = () =>
  voicesFor({
    elevenlabs: {
      baseUrl: elevenLabsService.url,
      apiKey: ELEVENLABS_KEY,
      model: 'eleven_multilingual_v2',
      voices: [],
    },
  });

const output = (name: string) => path.join(folder, name);
/** What the stand-in last said: its length and each word's true times. */
const truthOf = (service: SpeechStandIn) => service.answered.at(-1) as TrueSpeech;

describe('an OpenAI-compatible voice', () => {
  it('sends the documented request and times the words from the audio’s pauses', async () => {
    const voices = openAi();
    const spoken = await voices.speak({
      voiceId: 'openai-nova',
      text: TEXT,
      speed: 1,
      outputFile: output('openai.wav'),
    });

    const request = openAiService.requests.at(-1);
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/v1/audio/speech');
    expect(request?.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.body).toEqual({
      model: 'gpt-4o-mini-tts',
      input: TEXT,
      voice: 'nova',
      response_format: 'wav',
      speed: 1,
    });

    const truth = truthOf(openAiService);
    expect(spoken.language).toBe('en-US');
    expect(spoken.durationSeconds).toBeCloseTo(truth.durationSeconds, 1);
    expect(spoken.words.map((word) => word.text)).toEqual(TEXT.split(' '));
    // Each sentence starts after a pause: there the estimate is exact, elsewhere close.
    for (const first of ['Waves', 'Gulls', 'The']) {
      const estimated = spoken.words.find((word) => word.text === first)?.start ?? -1;
      const actual = truth.words.find((word) => word.text === first)?.start ?? -1;
      expect(Math.abs(estimated - actual), first).toBeLessThan(0.15);
    }
    const errors = spoken.words.map((word, index) =>
      Math.abs(word.start - (truth.words[index]?.start ?? 0)),
    );
    expect(errors.reduce((sum, error) => sum + error, 0) / errors.length).toBeLessThan(0.25);
  });
});

describe('an ElevenLabs voice', () => {
  it('sends the documented request and times the words from the character alignment', async () => {
    const spoken = await elevenLabs().speak({
      voiceId: 'elevenlabs-sarah',
      text: TEXT,
      speed: 1,
      outputFile: output('elevenlabs.wav'),
    });

    const request = elevenLabsService.requests.at(-1);
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe(
      '/v1/text-to-speech/EXAVITQu4vr4xnSDxMaL/with-timestamps?output_format=mp3_44100_128',
    );
    expect(request?.headers['xi-api-key']).toBe(ELEVENLABS_KEY);
    expect(request?.headers.authorization).toBeUndefined();
    expect(request?.body).toEqual({ text: TEXT, model_id: 'eleven_multilingual_v2' });

    const truth = truthOf(elevenLabsService);
    expect(spoken.words.map((word) => word.text)).toEqual(TEXT.split(' '));
    spoken.words.forEach((word, index) => {
      expect(word.start).toBeCloseTo(truth.words[index]?.start ?? -1, 2);
      expect(word.end).toBeCloseTo(truth.words[index]?.end ?? -1, 2);
    });
    // The mp3 decoded to our WAV: as long as the speech.
    expect(spoken.durationSeconds).toBeGreaterThan(truth.durationSeconds - 0.05);
  });

  it('asks for its fastest speed and makes up the rest with atempo', async () => {
    const spoken = await elevenLabs().speak({
      voiceId: 'elevenlabs-george',
      text: TEXT,
      speed: 1.5,
      outputFile: output('elevenlabs-fast.wav'),
    });
    const request = elevenLabsService.requests.at(-1);
    expect(request?.url).toContain('/v1/text-to-speech/JBFqnCBsd6RMkjVDRZzb/with-timestamps');
    expect(request?.body).toEqual({
      text: TEXT,
      model_id: 'eleven_multilingual_v2',
      voice_settings: { speed: 1.2 },
    });
    // The stand-in spoke at 1.2×: 1.5 / 1.2 = 1.25 more came from atempo.
    const truth = truthOf(elevenLabsService);
    expect(truth.speed).toBe(1.2);
    expect(spoken.durationSeconds).toBeCloseTo(truth.durationSeconds / 1.25, 1);
    spoken.words.forEach((word, index) => {
      expect(word.start).toBeCloseTo((truth.words[index]?.start ?? -1) / 1.25, 1);
    });
  });

  it('refuses an answer that is not the documented JSON', async () => {
    elevenLabsService.answerNext({ status: 200, body: 'not json' });
    await expect(
      elevenLabs().speak({
        voiceId: 'elevenlabs-aria',
        text: TEXT,
        speed: 1,
        outputFile: output('unreadable.wav'),
      }),
    ).rejects.toThrow(VOICE_SERVICE_MESSAGES.unreadable);
  });
});
