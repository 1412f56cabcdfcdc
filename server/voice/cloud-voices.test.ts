// Cloud voices against stand-in servers that speak each service's documented shapes: the request
// (path, key header, body) is checked, the answer is real audio (espeak-ng's, so the true word
// times are known), and the words come back timed from the audio's pauses (OpenAI-compatible) or
// from the character alignment (ElevenLabs), sped up or fitted where asked. Keys never leak.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpokenWord } from '../../shared/schemas/voices';
import { levelDb, samplesOf } from '../../test/audio';
import type { SpeechSettings } from '../config';
import { runFfmpeg } from '../media/ffmpeg';
import { wavDurationSeconds } from '../media/wav';
import { VOICE_SERVICE_MESSAGES, VoiceServiceError } from './cloud-http';
import { synthesizeSpeech } from './espeak-synthesis';
import { Voices } from './voices';

const OPENAI_KEY = 'sk-test-openai-key-0123456789';
const ELEVENLABS_KEY = 'xi-test-elevenlabs-key-0123456789';
const TEXT =
  'Waves roll in against the rocks. Gulls circle overhead, calling to each other. The lamp turns on.';

type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders; body: unknown };
type Answer = { status: number; headers?: Record<string, string>; body: Buffer | string };

/** A stand-in service: records each request and answers with the next queued answer. */
async function standIn() {
  const seen: Seen[] = [];
  const answers: Array<(request: Seen) => Answer> = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const entry: Seen = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: text ? JSON.parse(text) : null,
      };
      seen.push(entry);
      const answer = (
        answers.shift() ?? ((): Answer => ({ status: 500, body: 'no answer queued' }))
      )(entry);
      response.writeHead(answer.status, answer.headers);
      response.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    answer: (...next: Array<(request: Seen) => Answer>) => answers.push(...next),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let folder = '';
let service: Awaited<ReturnType<typeof standIn>>;
/** The text spoken by espeak-ng: real speech with real pauses, and its true word times. */
let reference: { wav: Buffer; mp3: Buffer; words: SpokenWord[]; durationSeconds: number };

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'reelforge-cloud-voices-'));
  service = await standIn();
  const wavFile = path.join(folder, 'reference.wav');
  const mp3File = path.join(folder, 'reference.mp3');
  const spoken = await synthesizeSpeech({
    text: TEXT,
    espeakVoice: 'en-us+f3',
    wordsPerMinute: 165,
    outputFile: wavFile,
  });
  await runFfmpeg(['-y', '-i', wavFile, '-c:a', 'libmp3lame', '-b:a', '128k', mp3File]);
  reference = {
    wav: await readFile(wavFile),
    mp3: await readFile(mp3File),
    words: spoken.words,
    durationSeconds: spoken.durationSeconds,
  };
});
afterAll(async () => {
  await service?.close();
  await rm(folder, { recursive: true, force: true });
});

function voicesFor(settings: Partial<SpeechSettings>): Voices {
  return new Voices(
    { openai: null, elevenlabs: null, ...settings },
    { http: { minRetryDelayMs: 5, timeoutMs: 10_000 } },
  );
}

const openAi = () =>
  voicesFor({
    openai: {
      baseUrl: `${service.url}/v1/`,
      apiKey: OPENAI_KEY,
      model: 'gpt-4o-mini-tts',
      voices: [],
    },
  });
const elevenLabs = () =>
  voicesFor({
    elevenlabs: {
      baseUrl: service.url,
      apiKey: ELEVENLABS_KEY,
      model: 'eleven_multilingual_v2',
      voices: [],
    },
  });

const output = (name: string) => path.join(folder, name);
const wavAnswer = (): Answer => ({
  status: 200,
  headers: { 'content-type': 'audio/wav' },
  body: reference.wav,
});

/** The ElevenLabs answer for the reference: its mp3 and each character timed within its word. */
function timestampsAnswer(): Answer {
  const characters: string[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  reference.words.forEach((word, index) => {
    if (index > 0) {
      characters.push(' ');
      starts.push(reference.words[index - 1]?.end ?? 0);
      ends.push(word.start);
    }
    const letters = Array.from(word.text);
    const step = (word.end - word.start) / letters.length;
    letters.forEach((letter, at) => {
      characters.push(letter);
      starts.push(word.start + at * step);
      ends.push(word.start + (at + 1) * step);
    });
  });
  const alignment = {
    characters,
    character_start_times_seconds: starts,
    character_end_times_seconds: ends,
  };
  return {
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      audio_base64: reference.mp3.toString('base64'),
      alignment,
      normalized_alignment: alignment,
    }),
  };
}

function expectEveryWordInOrder(words: SpokenWord[], durationSeconds: number) {
  expect(words.map((word) => word.text)).toEqual(TEXT.split(' '));
  let previousEnd = 0;
  for (const word of words) {
    expect(word.start).toBeGreaterThanOrEqual(previousEnd);
    expect(word.end).toBeGreaterThan(word.start);
    expect(word.end).toBeLessThanOrEqual(durationSeconds);
    previousEnd = word.end;
  }
}

describe('an OpenAI-compatible voice', () => {
  it('sends the documented request and times the words from the audio’s pauses', async () => {
    service.answer(wavAnswer);
    const voices = openAi();
    const spoken = await voices.speak({
      voiceId: 'openai-nova',
      text: TEXT,
      speed: 1,
      outputFile: output('openai.wav'),
    });

    const request = service.seen.at(-1);
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

    expect(spoken.language).toBe('en-US');
    expect(spoken.durationSeconds).toBeCloseTo(reference.durationSeconds, 1);
    expect(wavDurationSeconds(await readFile(spoken.file ?? ''))).toBeCloseTo(
      spoken.durationSeconds,
      3,
    );
    expectEveryWordInOrder(spoken.words, spoken.durationSeconds);
    // Each sentence starts after a pause: there the estimate is exact, elsewhere close.
    for (const first of ['Waves', 'Gulls', 'The']) {
      const estimated = spoken.words.find((word) => word.text === first)?.start ?? -1;
      const truth = reference.words.find((word) => word.text === first)?.start ?? -1;
      expect(Math.abs(estimated - truth), first).toBeLessThan(0.15);
    }
    const errors = spoken.words.map((word, index) =>
      Math.abs(word.start - (reference.words[index]?.start ?? 0)),
    );
    expect(errors.reduce((sum, error) => sum + error, 0) / errors.length).toBeLessThan(0.25);
    const samples = await samplesOf(spoken.file ?? '');
    expect(levelDb(samples, spoken.words)).toBeGreaterThan(-30);
  });

  it('waits out a 429 (Retry-After) and tries again', async () => {
    const before = service.seen.length;
    service.answer(
      () => ({ status: 429, headers: { 'retry-after': '0' }, body: '{"error":"slow down"}' }),
      wavAnswer,
    );
    const spoken = await openAi().speak({
      voiceId: 'openai-alloy',
      text: TEXT,
      speed: 1,
      outputFile: output('retried.wav'),
    });
    expect(service.seen.length - before).toBe(2);
    expect(spoken.words).toHaveLength(TEXT.split(' ').length);
  });

  it('fails a wrong key at once with a readable message that does not carry the key', async () => {
    const before = service.seen.length;
    service.answer(() => ({
      status: 401,
      body: JSON.stringify({ error: { message: `Incorrect API key provided: ${OPENAI_KEY}` } }),
    }));
    const failure = await openAi()
      .speak({ voiceId: 'openai-nova', text: TEXT, speed: 1, outputFile: output('denied.wav') })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(VoiceServiceError);
    expect((failure as Error).message).toBe(VOICE_SERVICE_MESSAGES.key);
    expect(service.seen.length - before).toBe(1);
    const everything = JSON.stringify({
      message: (failure as Error).message,
      cause: (failure as Error).cause,
      stack: (failure as Error).stack,
    });
    expect(everything).not.toContain(OPENAI_KEY);
    expect(String((failure as Error).cause)).toContain('[redacted]');
  });

  it('fits a scene with atempo, words and all', async () => {
    service.answer(wavAnswer);
    const maxSeconds = reference.durationSeconds / 1.4;
    const spoken = await openAi().speak({
      voiceId: 'openai-nova',
      text: TEXT,
      speed: 1,
      outputFile: output('openai-fitted.wav'),
      maxSeconds,
    });
    expect(spoken.durationSeconds).toBeLessThanOrEqual(maxSeconds);
    expect(spoken.durationSeconds).toBeGreaterThan(maxSeconds * 0.95);
    expectEveryWordInOrder(spoken.words, spoken.durationSeconds);
  });
});

describe('an ElevenLabs voice', () => {
  it('sends the documented request and times the words from the character alignment', async () => {
    service.answer(timestampsAnswer);
    const spoken = await elevenLabs().speak({
      voiceId: 'elevenlabs-sarah',
      text: TEXT,
      speed: 1,
      outputFile: output('elevenlabs.wav'),
    });

    const request = service.seen.at(-1);
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe(
      '/v1/text-to-speech/EXAVITQu4vr4xnSDxMaL/with-timestamps?output_format=mp3_44100_128',
    );
    expect(request?.headers['xi-api-key']).toBe(ELEVENLABS_KEY);
    expect(request?.headers.authorization).toBeUndefined();
    expect(request?.body).toEqual({ text: TEXT, model_id: 'eleven_multilingual_v2' });

    expectEveryWordInOrder(spoken.words, spoken.durationSeconds);
    spoken.words.forEach((word, index) => {
      expect(word.start).toBeCloseTo(reference.words[index]?.start ?? -1, 2);
      expect(word.end).toBeCloseTo(reference.words[index]?.end ?? -1, 2);
    });
    // The mp3 decoded to our WAV: as long as the speech, and audible where the words are.
    expect(spoken.durationSeconds).toBeGreaterThan(reference.durationSeconds - 0.05);
    const samples = await samplesOf(spoken.file ?? '');
    expect(levelDb(samples, spoken.words)).toBeGreaterThan(-30);
  });

  it('asks for its fastest speed and makes up the rest with atempo', async () => {
    service.answer(timestampsAnswer);
    const spoken = await elevenLabs().speak({
      voiceId: 'elevenlabs-george',
      text: TEXT,
      speed: 1.5,
      outputFile: output('elevenlabs-fast.wav'),
    });
    const request = service.seen.at(-1);
    expect(request?.url).toContain('/v1/text-to-speech/JBFqnCBsd6RMkjVDRZzb/with-timestamps');
    expect(request?.body).toEqual({
      text: TEXT,
      model_id: 'eleven_multilingual_v2',
      voice_settings: { speed: 1.2 },
    });
    // The stand-in spoke at 1×: 1.5 / 1.2 = 1.25 more came from atempo.
    expect(spoken.durationSeconds).toBeCloseTo(reference.durationSeconds / 1.25, 1);
    spoken.words.forEach((word, index) => {
      expect(word.start).toBeCloseTo((reference.words[index]?.start ?? -1) / 1.25, 1);
    });
  });

  it('refuses an answer that is not the documented JSON', async () => {
    service.answer(() => ({ status: 200, body: 'not json' }));
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
