// The Replicate image client against a stand-in of Replicate's predictions API, speaking its
// documented shapes: an official model's predictions (Bearer auth, FLUX input with aspect ratio,
// one PNG), starting → processing → succeeded with a list of file URLs, the picture fetched without
// the token, FLUX's NSFW failure as a refusal, 429s, cancel and the model get.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAILED_MESSAGE, REFUSED_MESSAGE } from '../http';
import { type ImageJob, type ImageProvider, ProviderError } from '../provider';
import { RETIRED_IMAGE_MODEL_MESSAGE } from './image-http';
import { createReplicateImageProvider, REPLICATE_IMAGE_DEFAULT_MODEL } from './replicate-image';

const API_TOKEN = 'r8_test-token-1234567890';
const VERSION = '5599ed30703defd1d160a25a63321b4dec97101d98b4674bcc56e41f62f35637';

type Received = {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
};
type Script = {
  startingPolls: number;
  processingPolls: number;
  outcome: 'list' | 'string' | 'nsfw' | 'fail';
  rateLimitedPolls: number;
};

let png: Buffer;
let baseUrl: string;
let close: () => Promise<void>;
let script: Script;
const received: Received[] = [];
const polls = new Map<string, number>();

beforeAll(async () => {
  png = await sharp({
    create: { width: 64, height: 36, channels: 3, background: '#336699' },
  })
    .png()
    .toBuffer();
  const server = createServer((request, response) => {
    void handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});
afterAll(() => close());
beforeEach(() => {
  script = { startingPolls: 1, processingPolls: 2, outcome: 'list', rateLimitedPolls: 0 };
  received.length = 0;
});

/** A prediction as Replicate answers it, at the stage `status` names. */
function prediction(id: string, status: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    model: REPLICATE_IMAGE_DEFAULT_MODEL,
    version: 'dp-4d0bcc010b3049749a251855f12800be',
    input: { prompt: 'A lighthouse at dusk' },
    logs: '',
    output: null,
    data_removed: false,
    error: null,
    status,
    created_at: '2026-11-20T10:00:00.000Z',
    urls: {
      cancel: `${baseUrl}/predictions/${id}/cancel`,
      get: `${baseUrl}/predictions/${id}`,
      web: `https://replicate.com/p/${id}`,
    },
    ...extra,
  };
}

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  const path = new URL(request.url ?? '/', baseUrl).pathname;
  const sent: Received = {
    method: request.method ?? 'GET',
    path,
    headers: request.headers,
    body: text ? JSON.parse(text) : null,
  };
  received.push(sent);
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };

  // replicate.delivery files are public.
  if (/^\/files\/[\w-]+\.png$/u.test(path)) {
    response.writeHead(200, { 'content-type': 'image/png' });
    response.end(png);
    return;
  }
  if (request.headers.authorization !== `Bearer ${API_TOKEN}`) {
    json(401, {
      title: 'Unauthenticated',
      detail: 'You did not pass a valid authentication token',
      status: 401,
    });
    return;
  }
  const notFound = () => json(404, { detail: 'Not found.', status: 404 });
  if (sent.method === 'GET' && path === '/v1/models/black-forest-labs/flux-schnell') {
    json(200, {
      url: 'https://replicate.com/black-forest-labs/flux-schnell',
      owner: 'black-forest-labs',
      name: 'flux-schnell',
      visibility: 'public',
      latest_version: { id: VERSION },
    });
    return;
  }
  if (sent.method === 'GET' && path === `/v1/models/someone/pinned/versions/${VERSION}`) {
    json(200, { id: VERSION, openapi_schema: {} });
    return;
  }
  if (sent.method === 'POST' && path === '/v1/models/someone/withdrawn/predictions') {
    json(404, {
      detail:
        'This model has been deprecated and is no longer available. Use someone/model-2 instead.',
      status: 404,
    });
    return;
  }
  if (
    sent.method === 'POST' &&
    (path === '/v1/models/black-forest-labs/flux-schnell/predictions' || path === '/v1/predictions')
  ) {
    const id = `p${received.length}${Date.now()}`;
    polls.set(id, 0);
    json(201, prediction(id, 'starting'));
    return;
  }
  const match = /^\/v1\/predictions\/(\w+)(\/cancel)?$/u.exec(path);
  const id = match?.[1];
  if (!id || !polls.has(id)) {
    notFound();
    return;
  }
  if (match?.[2] === '/cancel') {
    json(200, prediction(id, 'canceled'));
    return;
  }
  if (script.rateLimitedPolls > 0) {
    script.rateLimitedPolls -= 1;
    json(
      429,
      { title: 'Request was throttled', detail: 'Request was throttled.', status: 429 },
      { 'retry-after': '1' },
    );
    return;
  }
  const count = (polls.get(id) ?? 0) + 1;
  polls.set(id, count);
  if (count <= script.startingPolls) {
    json(200, prediction(id, 'starting'));
  } else if (count <= script.startingPolls + script.processingPolls) {
    json(200, prediction(id, 'processing', { logs: 'Using seed: 31337\n' }));
  } else if (script.outcome === 'nsfw') {
    json(
      200,
      prediction(id, 'failed', {
        error: 'NSFW content detected. Try running it again, or try a different prompt.',
      }),
    );
  } else if (script.outcome === 'fail') {
    json(200, prediction(id, 'failed', { error: 'CUDA out of memory' }));
  } else {
    const file = `${baseUrl.replace(/\/v1$/u, '')}/files/${id}.png`;
    json(
      200,
      prediction(id, 'succeeded', {
        output: script.outcome === 'list' ? [file] : file,
        metrics: { predict_time: 0.61, total_time: 1.2 },
      }),
    );
  }
}

function replicate(overrides: Partial<Parameters<typeof createReplicateImageProvider>[0]> = {}) {
  return createReplicateImageProvider({ apiKey: API_TOKEN, baseUrl, model: null, ...overrides });
}

function job(overrides: Partial<ImageJob> = {}): ImageJob {
  return { prompt: 'A lighthouse at dusk', aspectRatio: 'landscape', ...overrides };
}

async function caught(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ProviderError);
  expect(`${(error as Error).message} ${String((error as Error).cause)}`).not.toContain(API_TOKEN);
  return error as ProviderError;
}

async function pollUntilDone(provider: ImageProvider, handle: { externalId: string }) {
  const states: string[] = [];
  for (let poll = 0; poll < 10; poll += 1) {
    const result = await provider.poll(handle);
    states.push(result.state);
    if (result.state !== 'queued' && result.state !== 'running') return { states, result };
  }
  throw new Error(`still not done after 10 polls: ${states.join(', ')}`);
}

describe('the Replicate image provider', () => {
  it("creates a prediction at the official model's endpoint with Bearer auth and FLUX's input", async () => {
    const provider: ImageProvider = replicate();
    expect(provider).toMatchObject({
      kind: 'image',
      name: 'replicate',
      model: REPLICATE_IMAGE_DEFAULT_MODEL,
    });
    const handle = await provider.submit(job());
    const sent = received.at(-1);
    expect(sent?.method).toBe('POST');
    expect(sent?.path).toBe('/v1/models/black-forest-labs/flux-schnell/predictions');
    expect(sent?.headers.authorization).toBe(`Bearer ${API_TOKEN}`);
    expect(sent?.body).toEqual({
      input: {
        prompt: 'A lighthouse at dusk',
        aspect_ratio: '16:9',
        num_outputs: 1,
        output_format: 'png',
      },
    });
    expect(handle).toEqual({
      externalId: expect.any(String),
      statusUrl: `${baseUrl}/predictions/${handle.externalId}`,
      cancelUrl: `${baseUrl}/predictions/${handle.externalId}/cancel`,
    });
  });

  it('creates a pinned version at /predictions, 9:16 for a portrait video', async () => {
    await replicate({ model: `someone/pinned:${VERSION}` }).submit(
      job({ aspectRatio: 'portrait' }),
    );
    const sent = received.at(-1);
    expect(sent?.path).toBe('/v1/predictions');
    expect(sent?.body).toEqual({
      version: VERSION,
      input: {
        prompt: 'A lighthouse at dusk',
        aspect_ratio: '9:16',
        num_outputs: 1,
        output_format: 'png',
      },
    });
  });

  it('is queued, then running, then succeeds with the first file URL, fetched without the token', async () => {
    const provider = replicate();
    const { states, result } = await pollUntilDone(provider, await provider.submit(job()));
    expect(states).toEqual(['queued', 'running', 'running', 'succeeded']);
    expect(result).toEqual({
      state: 'succeeded',
      outputUrl: expect.stringMatching(/\/files\/\w+\.png$/u),
      seconds: 0.61,
    });
    const response = await provider.fetchOutput((result as { outputUrl: string }).outputUrl);
    const picture = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(picture).toMatchObject({ format: 'png', width: 64, height: 36 });
    expect(received.at(-1)?.headers.authorization).toBeUndefined();
  });

  it('takes an output that is a single URL, and finds a prediction by its id alone', async () => {
    script.outcome = 'string';
    script.startingPolls = 0;
    script.processingPolls = 0;
    const provider = replicate();
    const { externalId } = await provider.submit(job());
    const result = await provider.poll({ externalId });
    expect(result).toMatchObject({
      state: 'succeeded',
      outputUrl: expect.stringMatching(/\.png$/u),
    });
    expect(received.at(-1)?.path).toBe(`/v1/predictions/${externalId}`);
  });

  it("reads FLUX's NSFW failure as a refusal and any other failure as failed", async () => {
    script.outcome = 'nsfw';
    const provider = replicate();
    const refused = await pollUntilDone(provider, await provider.submit(job()));
    expect(refused.result).toMatchObject({
      state: 'failed',
      refused: true,
      reason: REFUSED_MESSAGE,
    });
    expect((refused.result as { detail?: string }).detail).toContain('NSFW content detected');

    script.outcome = 'fail';
    const failed = await pollUntilDone(provider, await provider.submit(job()));
    expect(failed.result).toMatchObject({
      state: 'failed',
      refused: false,
      reason: FAILED_MESSAGE,
    });
  });

  it('reads a 429 as passing after its Retry-After', async () => {
    const provider = replicate();
    const handle = await provider.submit(job());
    script.rateLimitedPolls = 1;
    const error = await caught(provider.poll(handle));
    expect(error.details).toMatchObject({ status: 429, transient: true, retryAfterMs: 1000 });
    expect((await provider.poll(handle)).state).toBe('queued');
  });

  it('keeps the token out of a rejected token', async () => {
    const error = await caught(replicate({ apiKey: `${API_TOKEN}-wrong` }).submit(job()));
    expect(error.details).toMatchObject({ status: 401, transient: false });
  });

  it("cancels with a POST to the prediction's cancel URL", async () => {
    const provider = replicate();
    const handle = await provider.submit(job());
    await provider.cancel(handle);
    const sent = received.at(-1);
    expect(sent?.method).toBe('POST');
    expect(sent?.path).toBe(`/v1/predictions/${handle.externalId}/cancel`);
    expect(sent?.headers.authorization).toBe(`Bearer ${API_TOKEN}`);
  });

  it('reads a submission told the model is gone as retired, with its replacement', async () => {
    const error = await caught(replicate({ model: 'someone/withdrawn' }).submit(job()));
    expect(error.message).toBe(RETIRED_IMAGE_MODEL_MESSAGE);
    expect(error.details).toMatchObject({ status: 404, transient: false, retired: true });
    expect(String(error.cause)).toContain('replacement: someone/model-2');
  });

  it('checks the model (or the pinned version) with a GET: 200 available, 404 unknown', async () => {
    expect(await replicate().checkModel()).toEqual({ state: 'available' });
    expect(received.at(-1)).toMatchObject({
      method: 'GET',
      path: '/v1/models/black-forest-labs/flux-schnell',
      headers: { authorization: `Bearer ${API_TOKEN}` },
    });
    expect(await replicate({ model: `someone/pinned:${VERSION}` }).checkModel()).toEqual({
      state: 'available',
    });
    expect(await replicate({ model: 'black-forest-labs/flux-shnell' }).checkModel()).toEqual({
      state: 'unknown',
      detail: 'Not found.',
    });
  });
});
