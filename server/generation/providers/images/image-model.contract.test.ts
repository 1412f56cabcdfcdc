// One contract for every image adapter: the same cases over each, against its provider's stand-in.
// fal, Replicate and Gemini are run against stand-ins that speak their documented shapes. What
// differs between them (paths, bodies, the words a detail keeps, statuses; Gemini answering the
// picture with the submission instead of a job to poll) is each adapter's row in ADAPTERS; what
// only one vendor does is tested in that adapter's own file.
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FakeError } from '../../../../test/fake-providers';
import {
  falImageScript,
  startFalImageStandIn,
} from '../../../../test/provider-stand-ins/fal-image';
import {
  GEMINI_IMAGE_RETIRED_MESSAGE,
  GEMINI_IMAGE_RETIRED_MODEL,
  geminiImageScript,
  googleError,
  startGeminiImageStandIn,
} from '../../../../test/provider-stand-ins/gemini-image';
import {
  replicateImageScript,
  startReplicateImageStandIn,
} from '../../../../test/provider-stand-ins/replicate-image';
import type { Received } from '../../../../test/provider-stand-ins/serve';
import { FAILED_MESSAGE, REFUSED_MESSAGE } from '../http';
import {
  type ImageJob,
  type ImageProvider,
  type PollResult,
  ProviderError,
  type ProviderHandle,
  type Submitted,
} from '../provider';
import { createFalImageProvider, FAL_IMAGE_DEFAULT_MODEL } from './fal-image';
import { createGeminiImageProvider, GEMINI_IMAGE_DEFAULT_MODEL } from './gemini-image';
import { RETIRED_IMAGE_MODEL_MESSAGE } from './image-http';
import { createReplicateImageProvider, REPLICATE_IMAGE_DEFAULT_MODEL } from './replicate-image';

const PROMPT = 'A lighthouse at dusk';
const LANDSCAPE: ImageJob = { prompt: PROMPT, aspectRatio: 'landscape' };
const PORTRAIT: ImageJob = { prompt: PROMPT, aspectRatio: 'portrait' };

/** How a test wants the adapter built: a wrong key, another host or model. */
type Options = { wrongKey?: boolean; baseUrl?: string; model?: string | null };
type StandIn = {
  baseUrl: string;
  apiKey: string;
  /** The picture every finished job answers (64×36). */
  png: Buffer;
  received: Received[];
  close(): Promise<void>;
};
/** What every stand-in's script has; polls and 429s only where there is a job to poll. */
type Script = {
  outcome: string;
  submitErrors: FakeError[];
  pollsBeforeDone?: number;
  rateLimitedPolls?: number;
};

type Harness = {
  standIn: StandIn;
  /** The script in force (changes apply to the next answers). */
  script(): Script;
  /** A fresh script: a picture after three polls, no errors. */
  reset(): void;
  provider(options?: Options): ImageProvider;
  /** The adapter built where its model check is answered (fal's Platform APIs). */
  checker(model?: string | null, options?: Options): ImageProvider;
};

type Adapter = {
  name: 'fal' | 'replicate' | 'gemini';
  model: string;
  start(): Promise<Harness>;
  /** The header that carries the key. */
  auth(standIn: StandIn): Record<string, string>;
  /** The documented submission (always a POST). */
  request(aspectRatio: ImageJob['aspectRatio']): { path: string; body: unknown };
  submitted(standIn: StandIn, externalId: string): Submitted;
  /** Polled to the picture (the states, its seconds), or null: answered with the submission. */
  polls: { states: string[]; seconds: number } | null;
  cancel: ((externalId: string) => { method: string; path: string }) | null;
  /** The stand-in's outcome for a refusal and a failure, and the words the detail keeps. */
  refused: { outcome: string; detail: string };
  failed: { outcome: string; detail: string } | null;
  rateLimited: FakeError;
  /** A 429 with google.rpc.RetryInfo and no Retry-After, where the provider sends one. */
  retryInfo: FakeError | null;
  rejected: Record<string, unknown>;
  retired: { model: string; replacement: string } | null;
  models: {
    path: string;
    retired?: { model: string; check: unknown };
    unknown: { model: string; check: unknown };
  };
};

function harness<S extends StandIn & { script: object }>(
  standIn: S,
  fresh: () => S['script'],
  build: (standIn: S, options: Options) => ImageProvider,
  checker?: (standIn: S, model: string | null, options: Options) => ImageProvider,
): Harness {
  return {
    standIn,
    script: () => standIn.script as Script,
    reset: () => {
      standIn.script = fresh();
      standIn.received.length = 0;
    },
    provider: (options = {}) => build(standIn, options),
    checker: (model = null, options = {}) =>
      checker ? checker(standIn, model, options) : build(standIn, { ...options, model }),
  };
}

const keyOf = (standIn: StandIn, options: Options) =>
  options.wrongKey ? `${standIn.apiKey}-wrong` : standIn.apiKey;
const settings = (standIn: StandIn, options: Options) => ({
  apiKey: keyOf(standIn, options),
  baseUrl: options.baseUrl ?? standIn.baseUrl,
  model: options.model ?? null,
});

const ADAPTERS: Adapter[] = [
  {
    name: 'fal',
    model: FAL_IMAGE_DEFAULT_MODEL,
    start: async () =>
      harness(
        await startFalImageStandIn(),
        falImageScript,
        (standIn, options) => createFalImageProvider(settings(standIn, options)),
        (standIn, model, options) =>
          createFalImageProvider({
            ...settings(standIn, { ...options, model }),
            platformBaseUrl: `${standIn.baseUrl}/v1`,
          }),
      ),
    auth: (standIn) => ({ authorization: `Key ${standIn.apiKey}` }),
    request: (aspectRatio) => ({
      path: '/fal-ai/flux/schnell',
      body: {
        prompt: PROMPT,
        image_size: aspectRatio === 'portrait' ? 'portrait_16_9' : 'landscape_16_9',
        num_images: 1,
        enable_safety_checker: true,
      },
    }),
    // Request URLs name the app (fal-ai/flux) without the endpoint's sub-path.
    submitted: (standIn, id) => {
      const app = `${standIn.baseUrl}/fal-ai/flux/requests/${id}`;
      return {
        externalId: id,
        statusUrl: `${app}/status`,
        resultUrl: app,
        cancelUrl: `${app}/cancel`,
      };
    },
    polls: { states: ['queued', 'running', 'running', 'succeeded'], seconds: 0.42 },
    cancel: (id) => ({ method: 'PUT', path: `/fal-ai/flux/requests/${id}/cancel` }),
    // A 422 content_policy_violation at the response URL.
    refused: { outcome: 'policy', detail: 'content_policy_violation' },
    // A stored failure: a 5xx with error_type at the response URL.
    failed: { outcome: 'stored-failure', detail: 'runner_disconnected' },
    rateLimited: { status: 429, body: { detail: 'Too many requests' }, retryAfter: '1' },
    retryInfo: null,
    rejected: { status: 401, transient: false },
    retired: null,
    // fal's Platform APIs list the endpoint with its status.
    models: {
      path: '/v1/models?endpoint_id=fal-ai%2Fflux%2Fschnell',
      retired: {
        model: 'fal-ai/fast-sdxl',
        check: { state: 'retired', detail: 'fal lists fal-ai/fast-sdxl as deprecated.' },
      },
      unknown: {
        model: 'fal-ai/flux/schnel',
        check: { state: 'unknown', detail: 'fal lists no endpoint fal-ai/flux/schnel.' },
      },
    },
  },
  {
    name: 'replicate',
    model: REPLICATE_IMAGE_DEFAULT_MODEL,
    start: async () =>
      harness(await startReplicateImageStandIn(), replicateImageScript, (standIn, options) =>
        createReplicateImageProvider(settings(standIn, options)),
      ),
    auth: (standIn) => ({ authorization: `Bearer ${standIn.apiKey}` }),
    request: (aspectRatio) => ({
      path: '/v1/models/black-forest-labs/flux-schnell/predictions',
      body: {
        input: {
          prompt: PROMPT,
          aspect_ratio: aspectRatio === 'portrait' ? '9:16' : '16:9',
          num_outputs: 1,
          output_format: 'png',
        },
      },
    }),
    submitted: (standIn, id) => ({
      externalId: id,
      statusUrl: `${standIn.baseUrl}/predictions/${id}`,
      cancelUrl: `${standIn.baseUrl}/predictions/${id}/cancel`,
    }),
    // starting → processing → succeeded with a list of file URLs, the first taken.
    polls: { states: ['queued', 'running', 'running', 'succeeded'], seconds: 0.61 },
    cancel: (id) => ({ method: 'POST', path: `/v1/predictions/${id}/cancel` }),
    // FLUX's own safety checker fails the prediction.
    refused: { outcome: 'nsfw', detail: 'NSFW content detected' },
    failed: { outcome: 'fail', detail: 'CUDA out of memory' },
    rateLimited: {
      status: 429,
      body: { title: 'Request was throttled', detail: 'Request was throttled.', status: 429 },
      retryAfter: '1',
    },
    retryInfo: null,
    rejected: { status: 401, transient: false },
    retired: { model: 'someone/withdrawn', replacement: 'someone/model-2' },
    models: {
      path: '/v1/models/black-forest-labs/flux-schnell',
      unknown: {
        model: 'black-forest-labs/flux-shnell',
        check: { state: 'unknown', detail: 'Not found.' },
      },
    },
  },
  {
    name: 'gemini',
    model: GEMINI_IMAGE_DEFAULT_MODEL,
    start: async () =>
      harness(await startGeminiImageStandIn(), geminiImageScript, (standIn, options) =>
        createGeminiImageProvider(settings(standIn, options)),
      ),
    auth: (standIn) => ({ 'x-goog-api-key': standIn.apiKey }),
    request: (aspectRatio) => ({
      path: `/v1beta/models/${GEMINI_IMAGE_DEFAULT_MODEL}:generateContent`,
      body: {
        contents: [{ parts: [{ text: PROMPT }] }],
        generationConfig: {
          responseModalities: ['IMAGE'],
          imageConfig: { aspectRatio: aspectRatio === 'portrait' ? '9:16' : '16:9' },
        },
      },
    }),
    // The picture comes with the answer; its responseId is the external id.
    submitted: (standIn) => ({
      externalId: 'resp-lighthouse-1',
      output: { data: standIn.png, mimeType: 'image/png' },
    }),
    polls: null,
    cancel: null,
    // A blocked prompt, answered to the submission.
    refused: { outcome: 'blocked-prompt', detail: 'PROHIBITED_CONTENT' },
    failed: null,
    rateLimited: {
      status: 429,
      body: googleError(
        429,
        'RESOURCE_EXHAUSTED',
        'Resource has been exhausted (e.g. check quota).',
      ),
      retryAfter: '1',
    },
    retryInfo: {
      status: 429,
      body: googleError(429, 'RESOURCE_EXHAUSTED', 'You exceeded your current quota.', [
        { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '23s' },
      ]),
    },
    // The Gemini API answers a wrong key with a 400, which is no refusal.
    rejected: { status: 400, transient: false, refused: false },
    retired: { model: GEMINI_IMAGE_RETIRED_MODEL, replacement: 'gemini-3.1-flash-image' },
    models: {
      path: `/v1beta/models/${GEMINI_IMAGE_DEFAULT_MODEL}`,
      // A models/ prefix is the same model.
      retired: {
        model: `models/${GEMINI_IMAGE_RETIRED_MODEL}`,
        check: {
          state: 'retired',
          detail: GEMINI_IMAGE_RETIRED_MESSAGE,
          replacement: 'gemini-3.1-flash-image',
        },
      },
      unknown: {
        model: 'gemini-3.1-flash-imag',
        check: {
          state: 'unknown',
          detail: expect.stringContaining('is not found for API version v1beta'),
        },
      },
    },
  },
];

describe.each(ADAPTERS)('the $name image adapter', (adapter) => {
  let rig: Harness;
  let standIn: StandIn;

  beforeAll(async () => {
    rig = await adapter.start();
    standIn = rig.standIn;
  });
  afterAll(() => standIn.close());
  beforeEach(() => rig.reset());

  /** The error `promise` failed with: a ProviderError that carries no key. */
  async function caught(promise: Promise<unknown>): Promise<ProviderError> {
    const error = await promise.then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(ProviderError);
    const { message, stack, cause } = error as ProviderError;
    const everything = `${message} ${stack} ${JSON.stringify(error)} ${String(cause)}`;
    expect(everything).not.toContain(standIn.apiKey);
    return error as ProviderError;
  }

  async function pollUntilDone(provider: ImageProvider, handle: ProviderHandle) {
    const states: string[] = [];
    for (let poll = 0; poll < 10; poll += 1) {
      const result = await provider.poll(handle);
      states.push(result.state);
      if (result.state !== 'queued' && result.state !== 'running') return { states, result };
    }
    throw new Error(`still not done after 10 polls: ${states.join(', ')}`);
  }

  /** How a scene ends: its last poll, or the final error its submission was answered with. */
  async function ending(provider: ImageProvider): Promise<PollResult> {
    let submitted: Submitted;
    try {
      submitted = await provider.submit(LANDSCAPE);
    } catch (thrown) {
      const error = await caught(Promise.reject(thrown));
      expect(error.details.transient).toBe(false);
      const refused = error.details.refused === true;
      return { state: 'failed', refused, reason: error.message, detail: String(error.cause) };
    }
    return (await pollUntilDone(provider, submitted)).result;
  }

  it('names itself as an image model, with its default model', () => {
    expect(rig.provider()).toMatchObject({
      kind: 'image',
      name: adapter.name,
      model: adapter.model,
    });
  });

  it('submits the documented request with its key in its own header', async () => {
    const submitted = await rig.provider().submit(LANDSCAPE);
    const sent = standIn.received.at(-1);
    const expected = adapter.request('landscape');
    expect(sent?.method).toBe('POST');
    expect(sent?.path).toBe(expected.path);
    expect(sent?.body).toEqual(expected.body);
    expect(sent?.headers).toMatchObject(adapter.auth(standIn));
    // The key goes in one header only: Google's in x-goog-api-key, the others' in authorization.
    const [header] = Object.keys(adapter.auth(standIn));
    const other = header === 'authorization' ? 'x-goog-api-key' : 'authorization';
    expect(sent?.headers[other]).toBeUndefined();
    expect(sent?.path).not.toContain(standIn.apiKey);
    expect(submitted).toStrictEqual(adapter.submitted(standIn, submitted.externalId));
  });

  it('asks for the portrait shape for a portrait video', async () => {
    await rig.provider().submit(PORTRAIT);
    const expected = adapter.request('portrait');
    expect(standIn.received.at(-1)?.path).toBe(expected.path);
    expect(standIn.received.at(-1)?.body).toEqual(expected.body);
  });

  it('makes the picture: polled to success and fetched without the key, or answered at once', async () => {
    const provider = rig.provider();
    const submitted = await provider.submit(LANDSCAPE);
    let picture: Buffer;
    if (adapter.polls) {
      const { states, result } = await pollUntilDone(provider, submitted);
      expect(states).toEqual(adapter.polls.states);
      expect(result).toEqual({
        state: 'succeeded',
        outputUrl: expect.stringMatching(/\/files\/[\w-]+\.png$/u),
        seconds: adapter.polls.seconds,
      });
      const response = await provider.fetchOutput((result as { outputUrl: string }).outputUrl);
      expect(response.headers.get('content-type')).toBe('image/png');
      picture = Buffer.from(await response.arrayBuffer());
      // The file host is public: the key does not go to it.
      expect(standIn.received.at(-1)?.headers.authorization).toBeUndefined();
      expect(standIn.received.at(-1)?.headers['x-goog-api-key']).toBeUndefined();
    } else {
      expect(submitted.output?.mimeType).toBe('image/png');
      picture = submitted.output?.data ?? Buffer.from('');
    }
    expect(picture.equals(standIn.png)).toBe(true);
    const metadata = await sharp(picture).metadata();
    expect(metadata).toMatchObject({ format: 'png', width: 64, height: 36 });
  });

  const cancel = adapter.cancel;
  if (cancel) {
    it('polls a job by its id alone, and cancels it at the documented address with the key', async () => {
      rig.script().pollsBeforeDone = 0;
      const provider = rig.provider();
      const handle = await provider.submit(LANDSCAPE);
      expect((await provider.poll({ externalId: handle.externalId })).state).toBe('succeeded');
      for (const target of [handle, { externalId: handle.externalId }]) {
        await provider.cancel(target);
        const sent = standIn.received.at(-1);
        expect({ method: sent?.method, path: sent?.path }).toEqual(cancel(handle.externalId));
        expect(sent?.headers).toMatchObject(adapter.auth(standIn));
      }
    });
  }

  it('reads a safety refusal as refused, in words a member can act on', async () => {
    rig.script().outcome = adapter.refused.outcome;
    const result = await ending(rig.provider());
    expect(result).toMatchObject({ state: 'failed', refused: true, reason: REFUSED_MESSAGE });
    expect((result as { detail?: string }).detail).toContain(adapter.refused.detail);
  });

  const failed = adapter.failed;
  if (failed) {
    it('reads a failed job as failed, not refused', async () => {
      rig.script().outcome = failed.outcome;
      const result = await ending(rig.provider());
      expect(result).toMatchObject({ state: 'failed', refused: false, reason: FAILED_MESSAGE });
      expect((result as { detail?: string }).detail).toContain(failed.detail);
    });
  }

  it('reads a 429 at submission as passing, after its Retry-After', async () => {
    rig.script().submitErrors = [adapter.rateLimited];
    const limited = await caught(rig.provider().submit(LANDSCAPE));
    expect(limited.details).toMatchObject({ status: 429, transient: true, retryAfterMs: 1000 });
  });

  const retryInfo = adapter.retryInfo;
  if (retryInfo) {
    it("waits as long as a 429's RetryInfo asks when it sends no Retry-After", async () => {
      rig.script().submitErrors = [retryInfo];
      const quota = await caught(rig.provider().submit(LANDSCAPE));
      expect(quota.details).toMatchObject({ status: 429, transient: true, retryAfterMs: 23_000 });
    });
  }

  if (adapter.polls) {
    it('reads a 429 while polling as passing, after its Retry-After, then polls on', async () => {
      const provider = rig.provider();
      const handle = await provider.submit(LANDSCAPE);
      rig.script().rateLimitedPolls = 1;
      const error = await caught(provider.poll(handle));
      expect(error.details).toMatchObject({ status: 429, transient: true, retryAfterMs: 1000 });
      expect((await provider.poll(handle)).state).toBe('queued');
    });
  }

  it('reads a rejected key as final, keeping it out of the error', async () => {
    const error = await caught(rig.provider({ wrongKey: true }).submit(LANDSCAPE));
    expect(error.details).toMatchObject(adapter.rejected);
  });

  it('reads an unreachable provider as passing', async () => {
    const nowhere = rig.provider({ baseUrl: 'http://127.0.0.1:9' });
    const error = await caught(nowhere.submit(LANDSCAPE));
    expect(error.details).toMatchObject({ status: null, transient: true });
  });

  const retired = adapter.retired;
  if (retired) {
    it('reads a submission told the model is gone as retired, with its replacement', async () => {
      const error = await caught(rig.provider({ model: retired.model }).submit(LANDSCAPE));
      expect(error.message).toBe(RETIRED_IMAGE_MODEL_MESSAGE);
      expect(error.details).toMatchObject({ status: 404, transient: false, retired: true });
      expect(String(error.cause)).toContain(`replacement: ${retired.replacement}`);
    });
  }

  it('checks its model at start-up: available, retired, or unknown', async () => {
    const { models } = adapter;
    expect(await rig.checker().checkModel()).toEqual({ state: 'available' });
    expect(standIn.received.at(-1)).toMatchObject({
      method: 'GET',
      path: models.path,
      headers: adapter.auth(standIn),
    });
    if (models.retired) {
      expect(await rig.checker(models.retired.model).checkModel()).toEqual(models.retired.check);
    }
    expect(await rig.checker(models.unknown.model).checkModel()).toEqual(models.unknown.check);
  });
});
