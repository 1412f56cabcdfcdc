// The fal image client against a stand-in of fal's queue and Platform APIs, speaking their
// documented shapes: the FLUX [schnell] input (Key auth, image_size preset, one picture, safety
// checker on), IN_QUEUE → IN_PROGRESS → COMPLETED, the picture fetched from its public URL, the
// safety checker's flag and content_policy_violation as refusals, 429s, cancel and the model check.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REFUSED_MESSAGE } from '../http';
import { type ImageJob, type ImageProvider, ProviderError } from '../provider';
import { createFalImageProvider, FAL_IMAGE_DEFAULT_MODEL } from './fal-image';

const API_KEY = 'fal-test-key-1234567890';

type Received = {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
};
type Script = {
  /** Status polls answered IN_QUEUE, then IN_PROGRESS, before COMPLETED. */
  queuedPolls: number;
  runningPolls: number;
  outcome: 'picture' | 'nsfw' | 'policy' | 'stored-failure';
  rateLimitedPolls: number;
};

let png: Buffer;
let baseUrl: string;
let close: () => Promise<void>;
let script: Script;
const received: Received[] = [];
const polls = new Map<string, number>();
/** The Platform APIs' catalogue: endpoint id → its status. */
const catalogue: Record<string, string> = {
  'fal-ai/flux/schnell': 'active',
  'fal-ai/fast-sdxl': 'deprecated',
};

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
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});
afterAll(() => close());
beforeEach(() => {
  script = { queuedPolls: 1, runningPolls: 2, outcome: 'picture', rateLimitedPolls: 0 };
  received.length = 0;
});

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  const url = new URL(request.url ?? '/', baseUrl);
  const sent: Received = {
    method: request.method ?? 'GET',
    path: `${url.pathname}${url.search}`,
    headers: request.headers,
    body: text ? JSON.parse(text) : null,
  };
  received.push(sent);
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };

  // Files on fal's CDN are public: no key is asked for.
  const file = /^\/files\/([\w-]+)\.png$/u.exec(url.pathname);
  if (file) {
    response.writeHead(200, { 'content-type': 'image/png' });
    response.end(png);
    return;
  }
  if (request.headers.authorization !== `Key ${API_KEY}`) {
    json(401, { detail: 'Invalid API key' });
    return;
  }
  // Platform APIs, find mode: GET /v1/models?endpoint_id=…
  if (url.pathname === '/v1/models') {
    const ids = url.searchParams.getAll('endpoint_id');
    const models = ids
      .filter((id) => catalogue[id])
      .map((id) => ({
        endpoint_id: id,
        metadata: { display_name: id, category: 'text-to-image', status: catalogue[id] },
      }));
    json(200, { models, next_cursor: null, has_more: false });
    return;
  }
  // Submit: POST /{endpoint}; its request URLs name the app (fal-ai/flux) only.
  if (sent.method === 'POST' && url.pathname === '/fal-ai/flux/schnell') {
    const id = `req-${received.length}-${Date.now()}`;
    const app = `${baseUrl}/fal-ai/flux/requests/${id}`;
    polls.set(id, 0);
    json(200, {
      request_id: id,
      response_url: app,
      status_url: `${app}/status`,
      cancel_url: `${app}/cancel`,
      queue_position: 0,
    });
    return;
  }
  const match = /^\/fal-ai\/flux\/requests\/([\w-]+)(\/status|\/cancel)?$/u.exec(url.pathname);
  const id = match?.[1];
  if (!id || !polls.has(id)) {
    json(404, { detail: 'Request not found' });
    return;
  }
  if (match?.[2] === '/cancel') {
    json(202, { status: 'CANCELLATION_REQUESTED' });
    return;
  }
  if (match?.[2] === '/status') {
    if (script.rateLimitedPolls > 0) {
      script.rateLimitedPolls -= 1;
      json(429, { detail: 'Too many requests' }, { 'retry-after': '1' });
      return;
    }
    const count = (polls.get(id) ?? 0) + 1;
    polls.set(id, count);
    const responseUrl = `${baseUrl}/fal-ai/flux/requests/${id}`;
    if (count <= script.queuedPolls) {
      json(202, { status: 'IN_QUEUE', queue_position: 0, response_url: responseUrl });
    } else if (count <= script.queuedPolls + script.runningPolls) {
      json(202, { status: 'IN_PROGRESS', logs: null, response_url: responseUrl });
    } else {
      json(200, {
        status: 'COMPLETED',
        logs: null,
        metrics: { inference_time: 0.42 },
        response_url: responseUrl,
      });
    }
    return;
  }
  // The response URL: the stored result of a completed request.
  if (script.outcome === 'policy') {
    json(422, {
      detail: [
        {
          loc: ['body', 'prompt'],
          msg: 'The content was flagged by a content checker.',
          type: 'content_policy_violation',
        },
      ],
    });
    return;
  }
  if (script.outcome === 'stored-failure') {
    json(
      500,
      { detail: 'Runner disconnected', error_type: 'runner_disconnected' },
      { 'x-fal-error-type': 'runner_disconnected' },
    );
    return;
  }
  json(200, {
    images: [
      { url: `${baseUrl}/files/${id}.png`, width: 1024, height: 576, content_type: 'image/png' },
    ],
    timings: { inference: 0.4 },
    seed: 271828,
    has_nsfw_concepts: [script.outcome === 'nsfw'],
    prompt: 'A lighthouse at dusk',
  });
}

function fal(overrides: Partial<Parameters<typeof createFalImageProvider>[0]> = {}) {
  return createFalImageProvider({ apiKey: API_KEY, baseUrl, model: null, ...overrides });
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
  expect(`${(error as Error).message} ${String((error as Error).cause)}`).not.toContain(API_KEY);
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

describe('the fal image provider', () => {
  it('submits the FLUX input to queue/{endpoint} with Key auth and keeps the URLs fal answers', async () => {
    const provider: ImageProvider = fal();
    expect(provider).toMatchObject({ kind: 'image', name: 'fal', model: FAL_IMAGE_DEFAULT_MODEL });
    const handle = await provider.submit(job());
    const sent = received.at(-1);
    expect(sent?.method).toBe('POST');
    expect(sent?.path).toBe('/fal-ai/flux/schnell');
    expect(sent?.headers.authorization).toBe(`Key ${API_KEY}`);
    expect(sent?.body).toEqual({
      prompt: 'A lighthouse at dusk',
      image_size: 'landscape_16_9',
      num_images: 1,
      enable_safety_checker: true,
    });
    const app = `${baseUrl}/fal-ai/flux/requests/${handle.externalId}`;
    expect(handle).toEqual({
      externalId: expect.any(String),
      statusUrl: `${app}/status`,
      resultUrl: app,
      cancelUrl: `${app}/cancel`,
    });
    expect(handle).not.toHaveProperty('output');
  });

  it('asks for portrait_16_9 for a portrait video', async () => {
    await fal().submit(job({ aspectRatio: 'portrait' }));
    expect(received.at(-1)?.body).toMatchObject({ image_size: 'portrait_16_9' });
  });

  it('is queued, then running, then succeeds with the picture, fetched without the key', async () => {
    const provider = fal();
    const { states, result } = await pollUntilDone(provider, await provider.submit(job()));
    expect(states).toEqual(['queued', 'running', 'running', 'succeeded']);
    expect(result).toEqual({
      state: 'succeeded',
      outputUrl: expect.stringMatching(/\/files\/[\w-]+\.png$/u),
      seconds: 0.42,
    });

    const response = await provider.fetchOutput((result as { outputUrl: string }).outputUrl);
    expect(response.headers.get('content-type')).toBe('image/png');
    const picture = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(picture).toMatchObject({ format: 'png', width: 64, height: 36 });
    expect(received.at(-1)?.headers.authorization).toBeUndefined();
  });

  it('finds the request by its id alone at the app URLs, and cancels with a PUT', async () => {
    script.queuedPolls = 0;
    script.runningPolls = 0;
    const provider = fal();
    const { externalId } = await provider.submit(job());
    expect((await provider.poll({ externalId })).state).toBe('succeeded');
    await provider.cancel({ externalId });
    const sent = received.at(-1);
    expect(sent?.method).toBe('PUT');
    expect(sent?.path).toBe(`/fal-ai/flux/requests/${externalId}/cancel`);
    expect(sent?.headers.authorization).toBe(`Key ${API_KEY}`);
  });

  it("reads the safety checker's has_nsfw_concepts flag as a refusal, not a picture", async () => {
    script.outcome = 'nsfw';
    const provider = fal();
    const { result } = await pollUntilDone(provider, await provider.submit(job()));
    expect(result).toMatchObject({ state: 'failed', refused: true, reason: REFUSED_MESSAGE });
    expect((result as { detail?: string }).detail).toContain('has_nsfw_concepts');
  });

  it('reads a 422 content_policy_violation at the response URL as a refusal', async () => {
    script.outcome = 'policy';
    const provider = fal();
    const { result } = await pollUntilDone(provider, await provider.submit(job()));
    expect(result).toMatchObject({ state: 'failed', refused: true, reason: REFUSED_MESSAGE });
    expect((result as { detail?: string }).detail).toContain('content_policy_violation');
  });

  it('reads a stored failure (a 5xx with error_type) as failed, not passing', async () => {
    script.outcome = 'stored-failure';
    const provider = fal();
    const { result } = await pollUntilDone(provider, await provider.submit(job()));
    expect(result).toMatchObject({ state: 'failed', refused: false });
    expect((result as { detail?: string }).detail).toContain('runner_disconnected');
  });

  it('reads a 429 on the status URL as passing, after its Retry-After', async () => {
    const provider = fal();
    const handle = await provider.submit(job());
    script.rateLimitedPolls = 1;
    const error = await caught(provider.poll(handle));
    expect(error.details).toMatchObject({ status: 429, transient: true, retryAfterMs: 1000 });
    expect((await provider.poll(handle)).state).toBe('queued');
  });

  it('keeps the key out of a rejected key', async () => {
    const error = await caught(fal({ apiKey: `${API_KEY}-wrong` }).submit(job()));
    expect(error.details).toMatchObject({ status: 401, transient: false });
  });

  it("checks the endpoint in fal's Platform APIs: active, deprecated or unlisted", async () => {
    const platformBaseUrl = `${baseUrl}/v1`;
    expect(await fal({ platformBaseUrl }).checkModel()).toEqual({ state: 'available' });
    const sent = received.at(-1);
    expect(sent?.path).toBe('/v1/models?endpoint_id=fal-ai%2Fflux%2Fschnell');
    expect(sent?.headers.authorization).toBe(`Key ${API_KEY}`);

    expect(await fal({ platformBaseUrl, model: 'fal-ai/fast-sdxl' }).checkModel()).toEqual({
      state: 'retired',
      detail: 'fal lists fal-ai/fast-sdxl as deprecated.',
    });
    expect(await fal({ platformBaseUrl, model: 'fal-ai/flux/schnel' }).checkModel()).toEqual({
      state: 'unknown',
      detail: 'fal lists no endpoint fal-ai/flux/schnel.',
    });
  });

  it("asks fal's own Platform APIs when the queue is fal's own", async () => {
    const asked: string[] = [];
    const own = createFalImageProvider({
      apiKey: API_KEY,
      baseUrl: null,
      model: null,
      fetch: async (url) => {
        asked.push(String(url));
        return Response.json({ models: [{ endpoint_id: FAL_IMAGE_DEFAULT_MODEL, metadata: {} }] });
      },
    });
    expect(await own.checkModel()).toEqual({ state: 'available' });
    expect(asked).toEqual(['https://api.fal.ai/v1/models?endpoint_id=fal-ai%2Fflux%2Fschnell']);
  });

  it('does not ask a catalogue behind a custom FAL_BASE_URL unless told where it is', async () => {
    const before = received.length;
    expect(await fal().checkModel()).toEqual({ state: 'unchecked' });
    expect(received.length).toBe(before);
  });
});
