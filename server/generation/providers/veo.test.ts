// The Veo client against a stand-in Gemini API: the documented predictLongRunning request (key in
// the x-goog-api-key header, the image as bytesBase64Encoded), operation polling, the keyed
// download through its redirect, Google's filter as a refusal, every error's class and words, a
// retired model's 404, and the models get asked at start-up.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeProvider, startFakeVeo } from '../../../test/fake-providers';
import { ProviderError, type SceneJob, type VideoProvider } from './provider';
import { createVeoProvider, VEO_DEFAULT_MODEL } from './veo';

const CLIP = Buffer.from('pretend these are mp4 bytes');
const IMAGE = { data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 9, 8, 7]), mimeType: 'image/png' };

let fake: FakeProvider;
let veo: VideoProvider;

beforeAll(async () => {
  fake = await startFakeVeo();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.script = { pollsBeforeDone: 3, outcome: 'succeed', rateLimitedPolls: 0, output: CLIP };
  veo = createVeoProvider({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, model: null });
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
  expect(JSON.stringify(error)).not.toContain(fake.apiKey);
  expect(`${(error as Error).message} ${String((error as Error).cause)}`).not.toContain(
    fake.apiKey,
  );
  return error as ProviderError;
}

describe('the Veo provider', () => {
  it('submits to models/{model}:predictLongRunning with the key in its header, never the URL', async () => {
    const handle = await veo.submit(job());
    const sent = fake.submissions.at(-1);
    expect(sent?.path).toBe(`/models/${VEO_DEFAULT_MODEL}:predictLongRunning`);
    expect(sent?.headers['x-goog-api-key']).toBe(fake.apiKey);
    expect(sent?.path).not.toContain(fake.apiKey);
    expect(sent?.body).toEqual({
      instances: [{ prompt: 'A lighthouse at dusk' }],
      parameters: { aspectRatio: '16:9', durationSeconds: 8, resolution: '720p' },
    });
    expect(handle.externalId).toMatch(new RegExp(`^models/${VEO_DEFAULT_MODEL}/operations/.+`));
    expect(handle.statusUrl).toBe(`${fake.baseUrl}/${handle.externalId}`);
  });

  it('asks for 9:16 for a portrait video', async () => {
    await veo.submit(job({ aspectRatio: 'portrait' }));
    const body = fake.submissions.at(-1)?.body as { parameters: Record<string, unknown> };
    expect(body.parameters.aspectRatio).toBe('9:16');
  });

  it('sends the member image as bytesBase64Encoded with its MIME type', async () => {
    await veo.submit(job({ image: IMAGE }));
    const body = fake.submissions.at(-1)?.body as {
      instances: { image: { bytesBase64Encoded: string; mimeType: string } }[];
    };
    const image = body.instances[0]?.image;
    expect(image?.mimeType).toBe('image/png');
    expect(Buffer.from(image?.bytesBase64Encoded ?? '', 'base64')).toEqual(IMAGE.data);
  });

  it('is running until the operation is done, then fetches the video with the key', async () => {
    const handle = await veo.submit(job());
    const before = fake.polls;
    for (let poll = 0; poll < 3; poll += 1) {
      expect(await veo.poll(handle)).toEqual({ state: 'running' });
    }
    const result = await veo.poll(handle);
    expect(fake.polls - before).toBe(4);
    expect(result.state).toBe('succeeded');
    const outputUrl = (result as { outputUrl: string }).outputUrl;
    expect(outputUrl).toMatch(/\/files\/[^/]+:download\?alt=media$/);

    const downloads = fake.downloads.length;
    const response = await veo.fetchOutput(outputUrl);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(CLIP);
    // The keyed link, then the redirect it answered with.
    const [link, bytes] = fake.downloads.slice(downloads);
    expect(link?.headers['x-goog-api-key']).toBe(fake.apiKey);
    expect(bytes?.path).toMatch(/^\/files\/public\//);
  });

  it('sends the key only to the API host when downloading', async () => {
    const seen: Headers[] = [];
    const elsewhere = createVeoProvider({
      apiKey: fake.apiKey,
      baseUrl: fake.baseUrl,
      model: null,
      fetch: async (_url, init) => {
        seen.push(new Headers(init?.headers));
        return new Response('bytes');
      },
    });
    await elsewhere.fetchOutput('https://storage.example.com/clip.mp4');
    await elsewhere.fetchOutput(`${fake.baseUrl}/files/abc:download?alt=media`);
    expect(seen.map((headers) => headers.get('x-goog-api-key'))).toEqual([null, fake.apiKey]);
  });

  it("reads Google's responsible-AI filter as a refusal, keeping its reasons out of the member's words", async () => {
    fake.script.outcome = 'refuse';
    fake.script.pollsBeforeDone = 0;
    const result = await veo.poll(await veo.submit(job()));
    expect(result).toMatchObject({ state: 'failed', refused: true });
    const { reason, detail } = result as { reason: string; detail?: string };
    expect(reason).toBe(
      "The video provider's safety filter declined this scene. Please rephrase the description.",
    );
    expect(detail).toContain('The prompt could not be submitted.');
  });

  it('reads a done operation with an error as failed, not refused', async () => {
    fake.script.outcome = 'fail';
    fake.script.pollsBeforeDone = 0;
    const result = await veo.poll(await veo.submit(job()));
    expect(result).toMatchObject({
      state: 'failed',
      refused: false,
      reason: 'The video provider could not make this scene.',
    });
    expect((result as { detail?: string }).detail).toContain('Internal error');
  });

  it('reads a 429 as passing, after its Retry-After in seconds or as a date', async () => {
    const handle = await veo.submit(job());
    fake.script.rateLimitedPolls = 1;
    const limited = await caught(veo.poll(handle));
    expect(limited.transient).toBe(true);
    expect(limited.details).toMatchObject({ status: 429, retryAfterMs: 1000 });

    fake.script.pollErrors = [
      { status: 429, retryAfter: new Date(Date.now() + 30_000).toUTCString() },
    ];
    const dated = await caught(veo.poll(handle));
    expect(dated.details.retryAfterMs).toBeGreaterThan(25_000);
    expect(dated.details.retryAfterMs).toBeLessThanOrEqual(30_000);
  });

  it('reads a 500 or 503 as passing', async () => {
    const handle = await veo.submit(job());
    fake.script.pollErrors = [{ status: 500 }, { status: 503, retryAfter: '7' }];
    const first = await caught(veo.poll(handle));
    expect(first.transient).toBe(true);
    expect(first.details.retryAfterMs).toBeUndefined();
    const second = await caught(veo.poll(handle));
    expect(second.details).toMatchObject({ status: 503, transient: true, retryAfterMs: 7000 });
    expect((await veo.poll(handle)).state).toBe('running');
  });

  it('reads a 400 as final, and a 400 that names safety as a refusal', async () => {
    fake.script.submitErrors = [
      { status: 400, body: { error: { code: 400, message: 'Invalid aspect ratio' } } },
      {
        status: 400,
        body: {
          error: {
            code: 400,
            message:
              "Your use case is currently not supported. Please refer to Google's Responsible AI practices.",
          },
        },
      },
    ];
    const invalid = await caught(veo.submit(job()));
    expect(invalid.details).toMatchObject({ status: 400, transient: false, refused: false });
    expect(invalid.message).toBe('The video provider turned this video down (HTTP 400).');
    const refused = await caught(veo.submit(job()));
    expect(refused.details).toMatchObject({ transient: false, refused: true });
    expect(refused.message).toMatch(/safety filter/);
  });

  it('reads an answer that is not JSON as final', async () => {
    const broken = createVeoProvider({
      apiKey: fake.apiKey,
      baseUrl: fake.baseUrl,
      model: null,
      fetch: async () => new Response('<html>gateway</html>', { status: 200 }),
    });
    const error = await caught(broken.submit(job()));
    expect(error.transient).toBe(false);
    expect(error.message).toBe('The video provider sent an answer we could not read.');
  });

  it('keeps the key out of a rejected key, an outage and an unreachable host', async () => {
    const wrong = createVeoProvider({
      apiKey: `${fake.apiKey}-wrong`,
      baseUrl: fake.baseUrl,
      model: null,
    });
    const rejected = await caught(wrong.submit(job()));
    expect(rejected.message).toBe('The video provider rejected our API key.');
    expect(rejected.details).toMatchObject({ status: 401, transient: false });
    expect(JSON.stringify(rejected)).not.toContain(`${fake.apiKey}-wrong`);

    fake.script.submitErrors = [{ status: 500, body: { echoed: { key: fake.apiKey } } }];
    const echoed = await caught(veo.submit(job()));
    expect(echoed.transient).toBe(true);
    expect(String(echoed.cause)).toContain('[redacted]');

    const nowhere = createVeoProvider({
      apiKey: fake.apiKey,
      baseUrl: 'http://127.0.0.1:9',
      model: null,
    });
    const unreachable = await caught(nowhere.submit(job()));
    expect(unreachable.details).toMatchObject({ status: null, transient: true });
  });

  it('cancels with POST {operation}:cancel', async () => {
    const handle = await veo.submit(job());
    await veo.cancel(handle);
    const sent = fake.cancels.at(-1);
    expect(sent?.method).toBe('POST');
    expect(sent?.path).toBe(`/${handle.externalId}:cancel`);
    expect(sent?.headers['x-goog-api-key']).toBe(fake.apiKey);
  });

  it('makes 8 s clips whatever is asked', () => {
    expect(veo.clipSeconds(5)).toBe(8);
    expect(veo.model).toBe(VEO_DEFAULT_MODEL);
  });
});

describe("the Veo provider and Google's retirements", () => {
  const retiredAnswer = {
    error: {
      code: 404,
      message:
        'models/veo-3.1-generate-preview is no longer available. Please use gemini-omni-1.1-flash instead.',
      status: 'NOT_FOUND',
    },
  };

  it('no longer defaults to a Veo id Google has shut down on the Gemini API', () => {
    expect(VEO_DEFAULT_MODEL).not.toMatch(/preview|veo-3\.0|veo-2\.0/u);
  });

  it('fails a submission to a retired model as retired, naming it and its replacement', async () => {
    const retired = createVeoProvider({
      apiKey: fake.apiKey,
      baseUrl: fake.baseUrl,
      model: 'veo-3.1-generate-preview',
    });
    fake.script.submitErrors = [{ status: 404, body: retiredAnswer }];
    const error = await caught(retired.submit(job()));
    expect(error.details).toMatchObject({ status: 404, transient: false, retired: true });
    expect(error.message).toBe(
      'The video model veo-3.1-generate-preview is no longer available from Google. Google names gemini-omni-1.1-flash as its replacement.',
    );
  });

  it('fails a poll that says the model is gone as retired, but not an operation not found', async () => {
    const handle = await veo.submit(job());
    fake.script.pollErrors = [
      { status: 404, body: retiredAnswer },
      { status: 404, body: { error: { code: 404, message: `${handle.externalId} not found` } } },
    ];
    expect((await caught(veo.poll(handle))).details.retired).toBe(true);
    const missing = await caught(veo.poll(handle));
    expect(missing.details).toMatchObject({ status: 404, transient: false });
    expect(missing.details.retired).toBeUndefined();
  });

  it('checks the model with GET models/{model}: available, retired with replacement, unknown', async () => {
    const asked: { path: string; key: string | undefined }[] = [];
    const models = createServer((req, res) => {
      asked.push({ path: req.url ?? '', key: req.headers['x-goog-api-key'] as string });
      const model = (req.url ?? '').split('/').at(-1) ?? '';
      const answer =
        model === VEO_DEFAULT_MODEL
          ? [200, { name: `models/${model}`, supportedGenerationMethods: ['predictLongRunning'] }]
          : model === 'veo-3.1-generate-preview'
            ? [404, retiredAnswer]
            : [404, { error: { code: 404, message: `models/${model} is not found.` } }];
      res.writeHead(answer[0] as number, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer[1]));
    });
    await new Promise<void>((resolve) => models.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(models.address() as AddressInfo).port}/v1beta`;
    try {
      const check = (model: string | null) =>
        createVeoProvider({ apiKey: fake.apiKey, baseUrl, model }).checkModel?.();
      expect(await check(null)).toEqual({ state: 'available' });
      expect(asked[0]).toEqual({ path: `/v1beta/models/${VEO_DEFAULT_MODEL}`, key: fake.apiKey });
      expect(await check('veo-3.1-generate-preview')).toEqual({
        state: 'retired',
        detail: retiredAnswer.error.message,
        replacement: 'gemini-omni-1.1-flash',
      });
      expect(await check('veo-9-generate')).toMatchObject({ state: 'unknown' });
    } finally {
      models.closeAllConnections();
      await new Promise<void>((resolve) => models.close(() => resolve()));
    }
  });
});
