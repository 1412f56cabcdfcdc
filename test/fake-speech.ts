// Stand-ins for the cloud voice services, in their documented shapes, speaking real speech: an
// OpenAI-compatible `POST …/audio/speech` (a WAV) and ElevenLabs'
// `POST /v1/text-to-speech/{voice_id}/with-timestamps` (an MP3 and each character's times, as JSON).
// Each speaks the text it is sent with espeak-ng at the speed it is asked for, so a test knows every
// word's true time (`answered`); checks its key as the service does (a wrong one is a 401 that
// echoes the key back, as a careless service might, to prove we keep it out of our errors); refuses
// a speed outside the service's range; and records each request. `answerNext` queues answers given
// before the service's own (a 429, a body that is not JSON). `startSpeechFront` puts any other
// stand-in (test/fake-kokoro.ts) behind the same recording and queue.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { runFfmpeg } from '../server/media/ffmpeg';
import { synthesizeSpeech } from '../server/voice/espeak-synthesis';
import type { SpokenWord } from '../shared/schemas/voices';

export type SpeechRequest = {
  method: string;
  /** Path and query, as sent. */
  url: string;
  headers: http.IncomingHttpHeaders;
  /** The JSON body, or null when there was none (or it was not JSON). */
  body: Record<string, unknown> | null;
};

export type StandInAnswer = {
  status: number;
  headers?: Record<string, string>;
  body: Buffer | string;
};

/** What a stand-in said: its speech's length and each word's true times. */
export type TrueSpeech = {
  text: string;
  speed: number;
  durationSeconds: number;
  words: SpokenWord[];
};

export type SpeechStandIn = {
  /** The server's origin (`http://127.0.0.1:port`). */
  url: string;
  /** Every request, in order. */
  requests: SpeechRequest[];
  /** The speech each spoken answer carried, in order. */
  answered: TrueSpeech[];
  /** Answers the next requests with these, in order, before the service's own answers. */
  answerNext(...answers: StandInAnswer[]): void;
  close(): Promise<void>;
};

/** The pace espeak-ng speaks the stand-ins' English at 1× (offline-en-us's). */
const WORDS_PER_MINUTE = 165;

/** Real speech for `text` at `speed`: a WAV, the same as an MP3 when asked, its true word times. */
type Spoken = TrueSpeech & { wav: Buffer; mp3: Buffer | null };

/** One spoken text per speed and format, made once for every stand-in of the process. */
const spokenCache = new Map<string, Promise<Spoken>>();

async function speak(text: string, speed: number, mp3: boolean): Promise<Spoken> {
  const key = JSON.stringify([text, speed, mp3]);
  let spoken = spokenCache.get(key);
  if (!spoken) {
    spoken = speakOnce(text, speed, mp3);
    spokenCache.set(key, spoken);
    spoken.catch(() => spokenCache.delete(key));
  }
  return spoken;
}

async function speakOnce(text: string, speed: number, mp3: boolean): Promise<Spoken> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'reelforge-fake-speech-'));
  try {
    const wavFile = path.join(folder, 'speech.wav');
    const { durationSeconds, words } = await synthesizeSpeech({
      text,
      espeakVoice: 'en-us+f3',
      wordsPerMinute: WORDS_PER_MINUTE * speed,
      outputFile: wavFile,
    });
    let encoded: Buffer | null = null;
    if (mp3) {
      const mp3File = path.join(folder, 'speech.mp3');
      await runFfmpeg([
        '-y',
        '-i',
        wavFile,
        '-ar',
        '44100',
        '-c:a',
        'libmp3lame',
        '-b:a',
        '128k',
        mp3File,
      ]);
      encoded = await readFile(mp3File);
    }
    return { text, speed, durationSeconds, words, wav: await readFile(wavFile), mp3: encoded };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

const json = (status: number, value: unknown): StandInAnswer => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(value),
});

/**
 * An HTTP server that records every request and answers it with the next queued answer or, with
 * none queued, with `respond`'s.
 */
export async function startSpeechFront(
  respond: (request: SpeechRequest, raw: Buffer) => Promise<StandInAnswer>,
  answered: TrueSpeech[] = [],
): Promise<SpeechStandIn> {
  const requests: SpeechRequest[] = [];
  const queued: StandInAnswer[] = [];
  const server = http.createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', async () => {
      const raw = Buffer.concat(chunks);
      const request: SpeechRequest = {
        method: incoming.method ?? '',
        url: incoming.url ?? '',
        headers: incoming.headers,
        body: parseObject(raw.toString('utf8')),
      };
      requests.push(request);
      let answer: StandInAnswer;
      try {
        answer = queued.shift() ?? (await respond(request, raw));
      } catch (error) {
        answer = json(500, { error: String(error) });
      }
      response.writeHead(answer.status, answer.headers);
      response.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answered,
    answerNext: (...answers) => queued.push(...answers),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A front that passes each request on to `target` (an origin) and its answer back. */
export function forwardTo(target: string) {
  return async (request: SpeechRequest, raw: Buffer): Promise<StandInAnswer> => {
    const contentType = request.headers['content-type'];
    const response = await fetch(`${target}${request.url}`, {
      method: request.method,
      headers: contentType ? { 'content-type': contentType } : {},
      body: raw.length > 0 ? raw : undefined,
    });
    return {
      status: response.status,
      headers: {
        'content-type': response.headers.get('content-type') ?? 'application/octet-stream',
      },
      body: Buffer.from(await response.arrayBuffer()),
    };
  };
}

/**
 * OpenAI's `POST /v1/audio/speech` (any base path ending in /audio/speech): `Authorization: Bearer`
 * when it has a key, {model, input, voice, response_format: 'wav', speed 0.25–4}; answers the WAV.
 */
export function startFakeOpenAiSpeech(options: { apiKey: string | null }): Promise<SpeechStandIn> {
  const answered: TrueSpeech[] = [];
  return startSpeechFront(async (request) => {
    if (request.method !== 'POST' || !request.url.endsWith('/audio/speech')) {
      return json(404, { error: { message: `Invalid URL (${request.method} ${request.url})` } });
    }
    const presented = String(request.headers.authorization ?? '').replace(/^Bearer /u, '');
    if (options.apiKey && presented !== options.apiKey) {
      return json(401, {
        error: {
          message: `Incorrect API key provided: ${presented}.`,
          type: 'invalid_request_error',
          code: 'invalid_api_key',
        },
      });
    }
    const body = request.body ?? {};
    const speed = body.speed ?? 1;
    if (
      typeof body.model !== 'string' ||
      typeof body.voice !== 'string' ||
      typeof body.input !== 'string' ||
      !body.input.trim() ||
      typeof speed !== 'number' ||
      speed < 0.25 ||
      speed > 4
    ) {
      return json(400, { error: { message: 'Invalid request', type: 'invalid_request_error' } });
    }
    if (body.response_format !== 'wav') {
      return json(400, { error: { message: 'This stand-in speaks only response_format wav' } });
    }
    const spoken = await speak(body.input, speed, false);
    answered.push(trueSpeech(spoken));
    return { status: 200, headers: { 'content-type': 'audio/wav' }, body: spoken.wav };
  }, answered);
}

/**
 * ElevenLabs' `POST /v1/text-to-speech/{voice_id}/with-timestamps?output_format=mp3_44100_128`:
 * `xi-api-key`, {text, model_id, voice_settings?: {speed 0.7–1.2}}; answers {audio_base64 (MP3),
 * alignment, normalized_alignment}, each character timed inside its word.
 */
export function startFakeElevenLabs(options: { apiKey: string }): Promise<SpeechStandIn> {
  const answered: TrueSpeech[] = [];
  return startSpeechFront(async (request) => {
    const url = new URL(request.url, 'http://elevenlabs');
    if (
      request.method !== 'POST' ||
      !/^\/v1\/text-to-speech\/[^/]+\/with-timestamps$/u.test(url.pathname)
    ) {
      return json(404, { detail: { status: 'not_found', message: 'Not Found' } });
    }
    const presented = String(request.headers['xi-api-key'] ?? '');
    if (presented !== options.apiKey) {
      return json(401, {
        detail: { status: 'invalid_api_key', message: `Invalid API key: ${presented}` },
      });
    }
    const body = request.body ?? {};
    const settings = (body.voice_settings ?? {}) as Record<string, unknown>;
    const speed = settings.speed ?? 1;
    if (
      typeof body.text !== 'string' ||
      !body.text.trim() ||
      typeof body.model_id !== 'string' ||
      typeof speed !== 'number' ||
      speed < 0.7 ||
      speed > 1.2
    ) {
      return json(400, { detail: { status: 'invalid_request', message: 'Invalid request' } });
    }
    if (url.searchParams.get('output_format') !== 'mp3_44100_128') {
      return json(400, { detail: { message: 'This stand-in speaks only mp3_44100_128' } });
    }
    const spoken = await speak(body.text, speed, true);
    answered.push(trueSpeech(spoken));
    const alignment = characterAlignment(spoken.words);
    return json(200, {
      audio_base64: (spoken.mp3 as Buffer).toString('base64'),
      alignment,
      normalized_alignment: alignment,
    });
  }, answered);
}

/** Each word's letters share its time; the space between two words spans the pause. */
export function characterAlignment(words: readonly SpokenWord[]) {
  const characters: string[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  words.forEach((word, index) => {
    if (index > 0) {
      characters.push(' ');
      starts.push(words[index - 1]?.end ?? 0);
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
  return {
    characters,
    character_start_times_seconds: starts,
    character_end_times_seconds: ends,
  };
}

function trueSpeech({ text, speed, durationSeconds, words }: Spoken): TrueSpeech {
  return { text, speed, durationSeconds, words };
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
