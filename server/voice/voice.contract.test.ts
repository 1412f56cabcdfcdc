// One contract for every voice: the same cases run over the offline voice (espeak-ng, in the
// preparation threads), an OpenAI-compatible `/audio/speech` voice, ElevenLabs and Kokoro, each
// cloud one against a stand-in that answers as its service documents (test/fake-speech.ts,
// test/fake-kokoro.ts) and speaks real audio. Every voice speaks a narration into a WAV as long as
// it says, times every word once, in order, where it is heard, speaks faster when asked, fits a
// scene's time (faster, never past MAX_FIT_PACE, else cut after the last word that fits) and
// writes nothing for blank text; the cloud ones fail in words a member may read. What differs is
// each voice's row in VOICES; what only one engine does is tested in its own file
// (espeak-synthesis.test.ts, cloud-voices.test.ts, kokoro.test.ts).
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpokenWord } from '../../shared/schemas/voices';
import { levelDb, samplesOf } from '../../test/audio';
import { startFakeKokoro } from '../../test/fake-kokoro';
import {
  forwardTo,
  type SpeechRequest,
  type SpeechStandIn,
  startFakeElevenLabs,
  startFakeOpenAiSpeech,
  startSpeechFront,
} from '../../test/fake-speech';
import type { SpeechSettings } from '../config';
import { wavDurationSeconds } from '../media/wav';
import { holdPreparation } from '../render-threads/preparation-pool';
import { VOICE_SERVICE_MESSAGES, VoiceServiceError } from './cloud-http';
import { wordsOf } from './text-words';
import { MAX_FIT_PACE, type SpeakRequest, Voices } from './voices';

const TEXT =
  'Waves roll in against the rocks. Gulls circle overhead, calling to each other; then the lamp turns on!';
const LONG_TEXT =
  'Waves roll in against the old stone pier while gulls circle overhead, calling to each other. ' +
  'Far out at sea a small boat turns for home, and the lighthouse keeper climbs the stairs to light the lamp.';

const OPENAI_KEY = 'sk-test-openai-key-0123456789';
const ELEVENLABS_KEY = 'xi-test-elevenlabs-key-0123456789';
/** Quick retries, and room for a stand-in on a busy machine. */
const HTTP = { minRetryDelayMs: 5, timeoutMs: 30_000 };

/** How a case wants the voice configured: another key, or its service somewhere else. */
type Options = { apiKey?: string; origin?: string };

type Rig = {
  /** A fresh Voices for the voice (nothing learnt yet). */
  voices(options?: Options): Voices;
  /** The HTTP stand-in every request of a cloud voice passes through; null offline. */
  service: SpeechStandIn | null;
  close(): Promise<void>;
};

type VoiceUnderTest = {
  name: string;
  voiceId: string;
  /** Spoken by a service over HTTP (retried, its failures in words a member may read). */
  cloud: boolean;
  start(): Promise<Rig>;
  /**
   * How much of the time given a narration made to fit must fill: atempo is exact; espeak-ng
   * speaks again at a higher rate, and its pauses do not shrink in proportion.
   */
  fitFills: number;
  /**
   * How a higher speed reaches the listener: 'heard' (the service speaks at the speed asked, and
   * atempo makes up what it cannot), or, where the stand-in speaks at its one pace whatever it is
   * asked (fake-kokoro's timestamps are fixed), where the speed asked for is read in the request.
   */
  speed: 'heard' | ((request: SpeechRequest) => unknown);
  /** The key a cloud service checks (a wrong one is refused); null: it has none. */
  key: string | null;
};

const cloud = (settings: Partial<SpeechSettings>) =>
  new Voices({ openai: null, elevenlabs: null, ...settings }, { http: HTTP });

const VOICES: VoiceUnderTest[] = [
  {
    name: 'the offline voice (espeak-ng)',
    voiceId: 'offline-en-us',
    cloud: false,
    start: async () => ({ voices: () => new Voices(), service: null, close: async () => {} }),
    fitFills: 0.8,
    speed: 'heard',
    key: null,
  },
  {
    name: 'an OpenAI-compatible voice',
    voiceId: 'openai-nova',
    cloud: true,
    start: async () => {
      const service = await startFakeOpenAiSpeech({ apiKey: OPENAI_KEY });
      return {
        voices: ({ apiKey = OPENAI_KEY, origin = service.url } = {}) =>
          cloud({
            openai: {
              baseUrl: `${origin}/v1/`,
              apiKey,
              model: 'gpt-4o-mini-tts',
              voices: [],
            },
          }),
        service,
        close: service.close,
      };
    },
    fitFills: 0.95,
    speed: 'heard',
    key: OPENAI_KEY,
  },
  {
    name: 'an ElevenLabs voice',
    voiceId: 'elevenlabs-sarah',
    cloud: true,
    start: async () => {
      const service = await startFakeElevenLabs({ apiKey: ELEVENLABS_KEY });
      return {
        voices: ({ apiKey = ELEVENLABS_KEY, origin = service.url } = {}) =>
          cloud({
            elevenlabs: {
              baseUrl: origin,
              apiKey,
              model: 'eleven_multilingual_v2',
              voices: [],
            },
          }),
        service,
        close: service.close,
      };
    },
    fitFills: 0.95,
    speed: 'heard',
    key: ELEVENLABS_KEY,
  },
  {
    name: 'a Kokoro voice',
    voiceId: 'kokoro-af-heart',
    cloud: true,
    start: async () => {
      const kokoro = await startFakeKokoro();
      // Kokoro-FastAPI's origin, behind a front that records and can answer a 429 first.
      const service = await startSpeechFront(forwardTo(kokoro.baseUrl.replace(/\/v1$/u, '')));
      return {
        voices: ({ origin = service.url } = {}) =>
          cloud({
            openai: {
              baseUrl: `${origin}/v1`,
              apiKey: null,
              model: 'kokoro',
              voices: ['af_heart'],
            },
          }),
        service,
        close: async () => {
          await service.close();
          await kokoro.close();
        },
      };
    },
    fitFills: 0.95,
    speed: (request) => request.body?.speed,
    // Kokoro-FastAPI has no authentication (docs/voices.md).
    key: null,
  },
];

let folder = '';
let release: () => Promise<void> = async () => {};
beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'reelforge-voice-contract-'));
  release = holdPreparation();
});
afterAll(async () => {
  await release();
  await rm(folder, { recursive: true, force: true });
});

let files = 0;
/** A file in a folder of its own, so a case can see all that speaking left there. */
async function outputFile(): Promise<string> {
  const own = await mkdtemp(path.join(folder, `${++files}-`));
  return path.join(own, 'voice.wav');
}

const textsOf = (words: ReadonlyArray<{ text: string }>) => words.map((word) => word.text);

/** Every word of the text once and in order, never going back, each inside the audio. */
function expectEveryWordInOrder(words: SpokenWord[], text: string, durationSeconds: number) {
  expect(textsOf(words)).toEqual(text.split(' '));
  let previousEnd = 0;
  for (const word of words) {
    expect(word.start, word.text).toBeGreaterThanOrEqual(previousEnd);
    expect(word.end, word.text).toBeGreaterThan(word.start);
    expect(word.end, word.text).toBeLessThanOrEqual(durationSeconds);
    previousEnd = word.end;
  }
}

const caught = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the narration to fail');
    },
    (error: unknown) => error as VoiceServiceError,
  );

describe.each(VOICES)('$name', (voice) => {
  let rig: Rig;
  beforeAll(async () => {
    rig = await voice.start();
  });
  afterAll(() => rig?.close());

  const speak = async (request: Partial<SpeakRequest> & { text: string }, voices = rig.voices()) =>
    voices.speak({ voiceId: voice.voiceId, speed: 1, outputFile: await outputFile(), ...request });
  const sent = () => rig.service?.requests.length ?? 0;

  it('speaks a narration into a WAV as long as it says, heard where its words are, and leaves nothing else', async () => {
    const voices = rig.voices();
    const spoken = await speak({ text: TEXT }, voices);
    expect(spoken.file).not.toBeNull();
    const file = spoken.file as string;
    expect(spoken.language).toBe(voices.language(voice.voiceId));
    expect(spoken.durationSeconds).toBeGreaterThan(1);
    expect(wavDurationSeconds(await readFile(file))).toBeCloseTo(spoken.durationSeconds, 3);
    const samples = await samplesOf(file);
    expect(samples.length / 16_000).toBeCloseTo(spoken.durationSeconds, 2);
    expect(levelDb(samples, spoken.words)).toBeGreaterThan(-30);
    // The download, the pauses measured and any retimed copy are gone.
    expect(await readdir(path.dirname(file))).toEqual([path.basename(file)]);
  });

  it('times every word once, in order, where it is heard, the pauses after a stop or a comma belonging to none', async () => {
    const spoken = await speak({ text: TEXT });
    const samples = await samplesOf(spoken.file as string);
    expectEveryWordInOrder(spoken.words, TEXT, spoken.durationSeconds);
    for (const word of spoken.words) {
      expect(word.end, word.text).toBeGreaterThan(word.start + 0.05);
      expect(levelDb(samples, [word]), word.text).toBeGreaterThan(-35);
    }
    const indexOf = (text: string) => spoken.words.findIndex((word) => word.text === text);
    for (const index of [indexOf('rocks.'), indexOf('overhead,')]) {
      const gap = {
        start: spoken.words[index]?.end ?? 0,
        end: spoken.words[index + 1]?.start ?? 0,
      };
      expect(gap.end - gap.start, spoken.words[index]?.text).toBeGreaterThan(0.05);
      // Measured 2 ms in from each end: the samples at a word's very edge are the word's (a
      // stand-in's tone stops at full strength there).
      const inside = { start: gap.start + 0.002, end: gap.end - 0.002 };
      expect(levelDb(samples, [inside]), spoken.words[index]?.text).toBeLessThan(-40);
    }
  });

  it('speaks faster at a higher speed, every word kept', async () => {
    const before = sent();
    const [normal, fast] = await Promise.all([
      speak({ text: LONG_TEXT }),
      speak({ text: LONG_TEXT, speed: 1.5 }),
    ]);
    expectEveryWordInOrder(normal.words, LONG_TEXT, normal.durationSeconds);
    expectEveryWordInOrder(fast.words, LONG_TEXT, fast.durationSeconds);
    const speed = voice.speed;
    if (speed === 'heard') {
      expect(fast.durationSeconds / normal.durationSeconds).toBeLessThan(0.8);
    } else {
      const asked = (rig.service?.requests.slice(before) ?? []).map((request) => speed(request));
      expect(asked.sort()).toEqual([1, 1.5]);
    }
  });

  it("fits a scene's time, faster (atempo, or a higher rate offline), words and all", async () => {
    const voices = rig.voices();
    const natural = await speak({ text: LONG_TEXT }, voices);
    const maxSeconds = natural.durationSeconds / 1.3;
    const fitted = await speak({ text: LONG_TEXT, maxSeconds }, voices);
    expect(fitted.durationSeconds).toBeLessThanOrEqual(maxSeconds);
    expect(fitted.durationSeconds).toBeGreaterThan(maxSeconds * voice.fitFills);
    expectEveryWordInOrder(fitted.words, LONG_TEXT, fitted.durationSeconds);
    expect(wavDurationSeconds(await readFile(fitted.file as string))).toBeCloseTo(
      fitted.durationSeconds,
      2,
    );
  });

  it(`never goes past ${MAX_FIT_PACE}× its pace: it stops after the last word that fits`, async () => {
    const voices = rig.voices();
    const natural = await speak({ text: LONG_TEXT }, voices);
    const maxSeconds = 3;
    const cut = await speak({ text: LONG_TEXT, maxSeconds }, voices);
    const all = textsOf(wordsOf(LONG_TEXT));
    const kept = textsOf(cut.words);
    // Spoken at most 1.6× faster, so about 3 × 1.6 seconds of the natural speech remain.
    const atFastest = natural.words.filter((word) => word.end <= maxSeconds * MAX_FIT_PACE);
    expect(kept.length).toBeGreaterThan(3);
    expect(kept.length).toBeLessThan(all.length);
    expect(kept.length).toBeLessThanOrEqual(atFastest.length + 2);
    expect(kept.length).toBeGreaterThanOrEqual(atFastest.length - 2);
    expect(kept).toEqual(all.slice(0, kept.length));
    expect(cut.durationSeconds).toBeLessThanOrEqual(maxSeconds + 0.001);
    expect(cut.words.at(-1)?.end).toBeLessThanOrEqual(cut.durationSeconds);
    const samples = await samplesOf(cut.file as string);
    expect(samples.length / 16_000).toBeCloseTo(cut.durationSeconds, 2);
    expect(levelDb(samples, cut.words)).toBeGreaterThan(-30);
  });

  it('says nothing when not even the first word fits', async () => {
    const output = await outputFile();
    const spoken = await rig.voices().speak({
      voiceId: voice.voiceId,
      text: 'Incomprehensibilities',
      speed: 1,
      outputFile: output,
      maxSeconds: 0.2,
    });
    expect(spoken).toMatchObject({ file: null, durationSeconds: 0, words: [] });
    await expect(stat(output)).rejects.toThrow();
    expect(await readdir(path.dirname(output))).toEqual([]);
  });

  it('writes nothing for empty or blank text, and asks no service', async () => {
    const voices = rig.voices();
    const before = sent();
    for (const text of ['', ' \n\t ']) {
      const output = await outputFile();
      const spoken = await voices.speak({
        voiceId: voice.voiceId,
        text,
        speed: 1,
        outputFile: output,
      });
      expect(spoken).toEqual({
        file: null,
        durationSeconds: 0,
        words: [],
        language: voices.language(voice.voiceId),
      });
      await expect(stat(output)).rejects.toThrow();
    }
    expect(sent()).toBe(before);
  });

  const key = voice.key;
  if (key) {
    it('fails a wrong key at once with a readable message that does not carry the key', async () => {
      const wrongKey = `${key}-wrong`;
      const before = sent();
      const failure = await caught(speak({ text: TEXT }, rig.voices({ apiKey: wrongKey })));
      expect(failure).toBeInstanceOf(VoiceServiceError);
      expect(failure.message).toBe(VOICE_SERVICE_MESSAGES.key);
      expect(failure.details).toMatchObject({ status: 401, transient: false });
      expect(sent() - before).toBe(1);
      const everything = JSON.stringify({
        message: failure.message,
        cause: failure.cause,
        stack: failure.stack,
      });
      // The stand-in echoed the key it was sent: it is redacted from the cause.
      expect(everything).not.toContain(wrongKey);
      expect(String(failure.cause)).toContain('[redacted]');
    });
  }

  if (voice.cloud) {
    it('waits out a 429 (Retry-After) and tries again', async () => {
      const service = rig.service as SpeechStandIn;
      const before = sent();
      service.answerNext({
        status: 429,
        headers: { 'retry-after': '0', 'content-type': 'application/json' },
        body: '{"error":"slow down"}',
      });
      const spoken = await speak({ text: TEXT });
      expect(sent() - before).toBe(2);
      expect(service.requests.at(-1)?.url).toBe(service.requests.at(-2)?.url);
      expectEveryWordInOrder(spoken.words, TEXT, spoken.durationSeconds);
    });

    it('fails an unreachable service with a readable message, leaving no file', async () => {
      const output = await outputFile();
      const nowhere = rig.voices({ origin: 'http://127.0.0.1:9' });
      const failure = await caught(
        nowhere.speak({ voiceId: voice.voiceId, text: TEXT, speed: 1, outputFile: output }),
      );
      expect(failure).toBeInstanceOf(VoiceServiceError);
      expect(failure.message).toBe(VOICE_SERVICE_MESSAGES.unreachable);
      expect(failure.details).toMatchObject({ status: null, transient: true });
      expect(await readdir(path.dirname(output))).toEqual([]);
    });
  }
});
