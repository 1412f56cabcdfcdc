// The Gemini Omni client against a stand-in Interactions API speaking its documented shapes
// (ai.google.dev/gemini-api/docs/omni): a background interaction, polled while in_progress, then
// completed with the video inline as base64 or as a keyed file link; a safety failure as a
// refusal; 429 with Retry-After; a retired model on submission and in the models get.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGeminiOmniProvider, GEMINI_OMNI_DEFAULT_MODEL } from './gemini-omni';
import { ProviderError, type SceneJob, type VideoProvider } from './provider';

const CLIP = Buffer.from('pretend these are the bytes of an 8 s mp4 with sound');
const IMAGE = { data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 4, 5, 6]), mimeType: 'image/png' };
const RETIRED_MODEL = 'gemini-omni-flash-preview';
const RETIRED_MESSAGE = `models/${RETIRED_MODEL} is no longer available. Please use gemini-omni-1.2-flash instead.`;

type Outcome = 'inline' | 'uri' | 'refuse' | 'fail';
type Received = {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
};
type Scripted = { status: number; body: unknown; retryAfter?: string };

/** The Interactions API, as much of it as video generation uses. */
class StandIn {
  readonly apiKey = `test-key-${randomUUID()}`;
  baseUrl = '';
  /** Polls answered in_progress (the first of them queued) before the outcome. */
  pollsBeforeDone = 2;
  outcome: Outcome = 'inline';
  pollErrors: Scripted[] = [];
  readonly received: Received[] = [];
  private readonly interactions = new Map<string, { polls: number; outcome: Outcome }>();
  private server: Server | null = null;

  async start() {
    this.server = createServer((req, res) => this.answer(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1beta`;
  }

  close() {
    return new Promise<void>((resolve) => {
      this.server?.closeAllConnections();
      this.server?.close(() => resolve());
    });
  }

  sent(method: string, pattern: RegExp): Received[] {
    return this.received.filter((r) => r.method === method && pattern.test(r.path));
  }

  private answer(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const request: Received = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: req.headers,
        body: text ? JSON.parse(text) : null,
      };
      this.received.push(request);
      const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
        res
          .writeHead(status, { 'content-type': 'application/json', ...headers })
          .end(JSON.stringify(body));
      const path = request.path.replace(/^\/v1beta/u, '');

      // Google's file links redirect to the bytes; the redirect target needs no key.
      if (path.startsWith('/files/public/')) {
        res.writeHead(200, { 'content-type': 'video/mp4' }).end(CLIP);
        return;
      }
      if (req.headers['x-goog-api-key'] !== this.apiKey) {
        json(403, {
          error: { code: 403, message: 'API key not valid.', status: 'PERMISSION_DENIED' },
        });
        return;
      }
      const model = /^\/models\/([^/?]+)$/u.exec(path)?.[1];
      if (request.method === 'GET' && model) {
        if (model === GEMINI_OMNI_DEFAULT_MODEL) {
          json(200, { name: `models/${model}`, displayName: 'Gemini Omni 1.1 Flash' });
        } else if (model === RETIRED_MODEL) {
          json(404, { error: { code: 404, message: RETIRED_MESSAGE, status: 'NOT_FOUND' } });
        } else {
          json(404, {
            error: {
              code: 404,
              message: `models/${model} is not found for API version v1beta.`,
              status: 'NOT_FOUND',
            },
          });
        }
        return;
      }
      if (request.method === 'POST' && path === '/interactions') {
        const asked = (request.body as { model?: string }).model;
        if (asked === RETIRED_MODEL) {
          json(404, { error: { code: 404, message: RETIRED_MESSAGE, status: 'NOT_FOUND' } });
          return;
        }
        const id = `v1_${randomUUID()}`;
        this.interactions.set(id, { polls: 0, outcome: this.outcome });
        json(200, { id, status: 'in_progress', model: asked, object: 'interaction' });
        return;
      }
      const cancelled = /^\/interactions\/([^/]+)\/cancel$/u.exec(path)?.[1];
      if (request.method === 'POST' && cancelled) {
        json(200, { id: decodeURIComponent(cancelled), status: 'cancelled' });
        return;
      }
      const polled = /^\/interactions\/([^/]+)$/u.exec(path)?.[1];
      if (request.method === 'GET' && polled) {
        const scripted = this.pollErrors.shift();
        if (scripted) {
          json(
            scripted.status,
            scripted.body,
            scripted.retryAfter ? { 'retry-after': scripted.retryAfter } : {},
          );
          return;
        }
        const id = decodeURIComponent(polled);
        const interaction = this.interactions.get(id);
        if (!interaction) {
          json(404, { error: { code: 404, message: 'Interaction not found.' } });
          return;
        }
        interaction.polls += 1;
        if (interaction.polls <= this.pollsBeforeDone) {
          json(200, { id, status: interaction.polls === 1 ? 'queued' : 'in_progress' });
          return;
        }
        json(200, this.finished(id, interaction.outcome));
        return;
      }
      const download = /^\/files\/([^/:]+):download$/u.exec(path.split('?')[0] ?? '')?.[1];
      if (request.method === 'GET' && download) {
        res.writeHead(302, { location: `/v1beta/files/public/${download}.mp4` }).end();
        return;
      }
      json(404, { error: { code: 404, message: `no route for ${request.method} ${path}` } });
    });
  }

  /** A finished interaction: the REST shape, with the video in the model_output step. */
  private finished(id: string, outcome: Outcome) {
    const steps: unknown[] = [
      { type: 'user_input', content: [{ type: 'text', text: 'A lighthouse at dusk' }] },
      { type: 'thought', content: [{ type: 'thought', text: 'Planning the shot.' }] },
    ];
    const interaction = { id, model: GEMINI_OMNI_DEFAULT_MODEL, object: 'interaction', steps };
    if (outcome === 'inline' || outcome === 'uri') {
      const video =
        outcome === 'inline'
          ? { type: 'video', mime_type: 'video/mp4', data: CLIP.toString('base64') }
          : {
              type: 'video',
              mime_type: 'video/mp4',
              uri: `${this.baseUrl}/files/${id.slice(3, 15)}:download?alt=media`,
            };
      steps.push({ type: 'model_output', content: [video] });
      return { ...interaction, status: 'completed' };
    }
    steps.push({
      type: 'model_output',
      content: [],
      error:
        outcome === 'refuse'
          ? {
              code: 3,
              message: 'The request was blocked by the safety filters (prohibited content).',
            }
          : { code: 13, message: 'Internal error while generating the video.' },
    });
    return { ...interaction, status: 'failed' };
  }
}

let standIn: StandIn;
let omni: VideoProvider;

beforeAll(async () => {
  standIn = new StandIn();
  await standIn.start();
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.pollsBeforeDone = 2;
  standIn.outcome = 'inline';
  standIn.pollErrors = [];
  omni = createGeminiOmniProvider({ apiKey: standIn.apiKey, baseUrl: standIn.baseUrl });
});

function job(overrides: Partial<SceneJob> = {}): SceneJob {
  return {
    prompt: 'A lighthouse at dusk',
    image: null,
    aspectRatio: 'landscape',
    durationSeconds: 8,
    ...overrides,
  };
}

async function caught(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ProviderError);
  expect(`${JSON.stringify(error)} ${String((error as Error).cause)}`).not.toContain(
    standIn.apiKey,
  );
  return error as ProviderError;
}

describe('the Gemini Omni provider', () => {
  it('creates a background interaction asking for a video, the key in its header only', async () => {
    const handle = await omni.submit(job());
    const [sent] = standIn.sent('POST', /\/interactions$/u).slice(-1);
    expect(sent?.path).toBe('/v1beta/interactions');
    expect(sent?.headers['x-goog-api-key']).toBe(standIn.apiKey);
    expect(sent?.body).toEqual({
      model: 'gemini-omni-1.1-flash',
      input: 'A lighthouse at dusk',
      response_modalities: ['video'],
      response_format: { type: 'video', aspect_ratio: '16:9', duration: '8s' },
      generation_config: { video_config: { task: 'text_to_video' } },
      background: true,
    });
    expect(handle.externalId).toMatch(/^v1_/u);
    expect(handle.statusUrl).toBe(`${standIn.baseUrl}/interactions/${handle.externalId}`);
    expect(handle.output).toBeUndefined();
    expect(omni.name).toBe('gemini');
    expect(omni.model).toBe(GEMINI_OMNI_DEFAULT_MODEL);
  });

  it("sends the member's image inline before the prompt, 9:16 for a portrait video", async () => {
    await omni.submit(job({ image: IMAGE, aspectRatio: 'portrait' }));
    const body = standIn.sent('POST', /\/interactions$/u).at(-1)?.body as {
      input: { type: string; data?: string; mime_type?: string; text?: string }[];
      response_format: { aspect_ratio: string };
      generation_config: unknown;
    };
    expect(body.input).toEqual([
      { type: 'image', data: IMAGE.data.toString('base64'), mime_type: 'image/png' },
      { type: 'text', text: 'A lighthouse at dusk' },
    ]);
    expect(body.response_format.aspect_ratio).toBe('9:16');
    expect(body.generation_config).toEqual({ video_config: { task: 'image_to_video' } });
  });

  it('asks for whole seconds from 3 to 10', async () => {
    expect([1, 5, 8, 8.4, 12].map((seconds) => omni.clipSeconds(seconds))).toEqual([
      3, 5, 8, 8, 10,
    ]);
    await omni.submit(job({ durationSeconds: 15 }));
    const body = standIn.sent('POST', /\/interactions$/u).at(-1)?.body as {
      response_format: { duration: string };
    };
    expect(body.response_format.duration).toBe('10s');
  });

  it('is queued, then running, then answers the inline video as a data: URL it can fetch', async () => {
    const handle = await omni.submit(job());
    expect(await omni.poll(handle)).toEqual({ state: 'queued' });
    expect(await omni.poll(handle)).toEqual({ state: 'running' });
    const result = await omni.poll(handle);
    expect(result.state).toBe('succeeded');
    const outputUrl = (result as { outputUrl: string }).outputUrl;
    expect(outputUrl.startsWith('data:video/mp4;base64,')).toBe(true);
    const polls = standIn.sent('GET', /\/interactions\/v1_/u);
    expect(polls.every((poll) => poll.headers['x-goog-api-key'] === standIn.apiKey)).toBe(true);

    const before = standIn.received.length;
    const response = await omni.fetchOutput(outputUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(CLIP);
    // Decoded here: nothing more was asked of Google.
    expect(standIn.received.length).toBe(before);
  });

  it('downloads a video given as a file link with the key, through its redirect', async () => {
    standIn.outcome = 'uri';
    standIn.pollsBeforeDone = 0;
    const result = await omni.poll(await omni.submit(job()));
    expect(result.state).toBe('succeeded');
    const outputUrl = (result as { outputUrl: string }).outputUrl;
    expect(outputUrl).toMatch(/\/files\/[^/]+:download\?alt=media$/u);

    const before = standIn.received.length;
    const response = await omni.fetchOutput(outputUrl);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(CLIP);
    const [link, bytes] = standIn.received.slice(before);
    expect(link?.headers['x-goog-api-key']).toBe(standIn.apiKey);
    expect(bytes?.path).toMatch(/^\/v1beta\/files\/public\//u);
  });

  it('sends the key only to the API host when downloading', async () => {
    const seen: Headers[] = [];
    const elsewhere = createGeminiOmniProvider({
      apiKey: standIn.apiKey,
      baseUrl: standIn.baseUrl,
      fetch: async (_url, init) => {
        seen.push(new Headers(init?.headers));
        return new Response('bytes');
      },
    });
    await elsewhere.fetchOutput('https://storage.example.com/clip.mp4');
    await elsewhere.fetchOutput(`${standIn.baseUrl}/files/abc:download?alt=media`);
    expect(seen.map((headers) => headers.get('x-goog-api-key'))).toEqual([null, standIn.apiKey]);
  });

  it("reads a failure that speaks of safety as a refusal, Google's words kept for the log", async () => {
    standIn.outcome = 'refuse';
    standIn.pollsBeforeDone = 0;
    const result = await omni.poll(await omni.submit(job()));
    expect(result).toMatchObject({
      state: 'failed',
      refused: true,
      reason:
        "The video provider's safety filter declined this scene. Please rephrase the description.",
    });
    expect((result as { detail?: string }).detail).toContain('blocked by the safety filters');
  });

  it('reads any other failure as failed, not refused', async () => {
    standIn.outcome = 'fail';
    standIn.pollsBeforeDone = 0;
    const result = await omni.poll(await omni.submit(job()));
    expect(result).toMatchObject({
      state: 'failed',
      refused: false,
      reason: 'The video provider could not make this scene.',
    });
    expect((result as { detail?: string }).detail).toContain('Internal error');
  });

  it('reads a 429 as passing, after its Retry-After', async () => {
    const handle = await omni.submit(job());
    standIn.pollErrors = [
      {
        status: 429,
        body: {
          error: { code: 429, message: 'Resource exhausted.', status: 'RESOURCE_EXHAUSTED' },
        },
        retryAfter: '7',
      },
    ];
    const limited = await caught(omni.poll(handle));
    expect(limited.details).toMatchObject({ status: 429, transient: true, retryAfterMs: 7000 });
    expect(limited.details.retired).toBeUndefined();
    expect((await omni.poll(handle)).state).toBe('queued');
  });

  it("waits as long as a 429's RetryInfo asks when it sends no Retry-After", async () => {
    const handle = await omni.submit(job());
    standIn.pollErrors = [
      {
        status: 429,
        body: {
          error: {
            code: 429,
            message: 'You exceeded your current quota.',
            status: 'RESOURCE_EXHAUSTED',
            details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '23s' }],
          },
        },
      },
    ];
    const limited = await caught(omni.poll(handle));
    expect(limited.details).toMatchObject({ status: 429, transient: true, retryAfterMs: 23_000 });
  });

  it('fails a submission to a retired model as retired, naming it and its replacement', async () => {
    const retired = createGeminiOmniProvider({
      apiKey: standIn.apiKey,
      baseUrl: standIn.baseUrl,
      model: RETIRED_MODEL,
    });
    const error = await caught(retired.submit(job()));
    expect(error.details).toMatchObject({ status: 404, transient: false, retired: true });
    expect(error.message).toBe(
      'The video model gemini-omni-flash-preview is no longer available from Google. Google names gemini-omni-1.2-flash as its replacement.',
    );
  });

  it('checks the configured model: available, retired with its replacement, or unknown', async () => {
    expect(await omni.checkModel?.()).toEqual({ state: 'available' });
    const gets = standIn.sent('GET', /\/models\//u);
    expect(gets.at(-1)?.path).toBe('/v1beta/models/gemini-omni-1.1-flash');
    expect(gets.at(-1)?.headers['x-goog-api-key']).toBe(standIn.apiKey);

    const retired = createGeminiOmniProvider({
      apiKey: standIn.apiKey,
      baseUrl: standIn.baseUrl,
      model: RETIRED_MODEL,
    });
    expect(await retired.checkModel?.()).toEqual({
      state: 'retired',
      detail: RETIRED_MESSAGE,
      replacement: 'gemini-omni-1.2-flash',
    });

    const typo = createGeminiOmniProvider({
      apiKey: standIn.apiKey,
      baseUrl: standIn.baseUrl,
      model: 'gemini-omni-9-flash',
    });
    expect(await typo.checkModel?.()).toMatchObject({ state: 'unknown' });
  });

  it('throws a rejected key from the model check rather than calling the model unknown', async () => {
    const wrong = createGeminiOmniProvider({
      apiKey: `${standIn.apiKey}-wrong`,
      baseUrl: standIn.baseUrl,
    });
    const error = await caught(wrong.checkModel?.() ?? Promise.resolve());
    expect(error.details).toMatchObject({ status: 403, transient: false });
    expect(error.message).toBe('The video provider rejected our API key.');
  });

  it('cancels with POST interactions/{id}/cancel', async () => {
    const handle = await omni.submit(job());
    await omni.cancel(handle);
    const sent = standIn.sent('POST', /\/cancel$/u).at(-1);
    expect(sent?.path).toBe(`/v1beta/interactions/${handle.externalId}/cancel`);
    expect(sent?.headers['x-goog-api-key']).toBe(standIn.apiKey);
  });
});
