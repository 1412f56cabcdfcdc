// A stand-in for Kokoro-FastAPI v0.8.0 (remsky/Kokoro-FastAPI: api/src/routers/openai_compatible.py
// and development.py), which has no authentication: `GET /v1/audio/voices` ({voices: [{id, name}]}),
// `POST /v1/audio/speech` (audio bytes) and `POST /dev/captioned_speech` (with `stream: false` one
// JSON object {audio: base64, audio_format: MIME type, timestamps: [{word, start_time, end_time}]};
// streamed, NDJSON lines). The speech is a real WAV made by ffmpeg, one tone per word at the times
// the timestamps say, so a test knows each word's true time to the millisecond. Japanese and
// Chinese voices get no timestamps, as Kokoro gives none for them.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { runFfmpeg } from '../server/media/ffmpeg';

export type KokoroTimestamp = { word: string; start_time: number; end_time: number };

export type FakeKokoro = {
  /** The OpenAI-compatible base (`…/v1`), as TTS_BASE_URL takes it. */
  baseUrl: string;
  voices: string[];
  /** Every request, in order. */
  requests: Array<{ method: string; path: string; body: Record<string, unknown> | null }>;
  /** The timestamps each captioned answer carried, in order. */
  answered: KokoroTimestamp[][];
  /** Answer /dev/captioned_speech with 404, as a release that moved it would. */
  captionedGone: boolean;
  close(): Promise<void>;
};

/** Where each word of `text` is spoken: 0.1 s in, then 0.317 s a word and 0.06 s between. */
export function kokoroTimes(text: string): KokoroTimestamp[] {
  const words = text.split(/\s+/u).filter(Boolean);
  return words.map((raw, index) => {
    const start = Math.round((0.1 + index * 0.377) * 1000) / 1000;
    return {
      word: raw.replace(/[.,!?;:]+$/u, ''),
      start_time: start,
      end_time: Math.round((start + 0.317) * 1000) / 1000,
    };
  });
}

/** A WAV (24 kHz mono, as Kokoro makes) with a tone during each word and silence between. */
async function speechWav(times: readonly KokoroTimestamp[]): Promise<Buffer> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'reelforge-fake-kokoro-'));
  try {
    const file = path.join(folder, 'speech.wav');
    const total = (times.at(-1)?.end_time ?? 0) + 0.2;
    const during = times
      .map((time) => `between(t\\,${time.start_time}\\,${time.end_time})`)
      .join('+');
    await runFfmpeg([
      ...[
        '-f',
        'lavfi',
        '-i',
        `aevalsrc=0.4*sin(2*PI*220*t)*(${during || '0'}):s=24000:d=${total}`,
      ],
      ...['-ac', '1', '-c:a', 'pcm_s16le', '-y', file],
    ]);
    return await readFile(file);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

function readBody(request: IncomingMessage): Promise<Record<string, unknown> | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      try {
        resolve(text ? (JSON.parse(text) as Record<string, unknown>) : null);
      } catch {
        resolve(null);
      }
    });
  });
}

export async function startFakeKokoro(
  voices = ['af_heart', 'am_michael', 'bf_emma', 'ef_dora', 'jf_alpha', 'af_v0bella'],
): Promise<FakeKokoro> {
  const fake: FakeKokoro = {
    baseUrl: '',
    voices,
    requests: [],
    answered: [],
    captionedGone: false,
    close: async () => {},
  };
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://kokoro');
    const body = await readBody(request);
    fake.requests.push({ method: request.method ?? 'GET', path: url.pathname, body });
    const json = (status: number, value: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    if (request.method === 'GET' && url.pathname === '/v1/audio/voices') {
      json(200, { voices: fake.voices.map((id) => ({ id, name: id })) });
      return;
    }
    const speech = url.pathname === '/v1/audio/speech';
    const captioned = url.pathname === '/dev/captioned_speech';
    if (request.method !== 'POST' || !(speech || captioned) || (captioned && fake.captionedGone)) {
      json(404, { detail: 'Not Found' });
      return;
    }
    if (body?.model !== 'kokoro' || typeof body.input !== 'string' || !body.input.trim()) {
      json(400, {
        detail: {
          error: 'validation_error',
          message: 'Invalid request',
          type: 'invalid_request_error',
        },
      });
      return;
    }
    const voice = String(body.voice ?? 'af_heart');
    const times = kokoroTimes(body.input);
    const audio = await speechWav(times);
    if (speech) {
      response.writeHead(200, { 'content-type': 'audio/wav' }).end(audio);
      return;
    }
    // Kokoro times no Japanese or Chinese words.
    const timestamps = /^[jz]/u.test(voice) ? null : times;
    fake.answered.push(timestamps ?? []);
    const answer = { audio: audio.toString('base64'), audio_format: 'audio/wav', timestamps };
    if (body.stream === false) {
      json(200, answer);
      return;
    }
    // Streamed (its default): one JSON object a line.
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(`${JSON.stringify(answer)}\n`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  fake.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
