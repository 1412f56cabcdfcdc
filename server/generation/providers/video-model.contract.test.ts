// One contract for every video adapter: the same cases over each, against its provider's stand-in.
// fal, Replicate, Veo, Vertex Veo and Gemini Omni are built as the server builds them
// (createVideoProvider) against stand-ins that speak their documented shapes. What differs
// between them (paths, bodies, the words a detail keeps, statuses) is each adapter's row in
// ADAPTERS; what only one vendor does is tested in that adapter's own file.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type FakeError,
  startFakeFal,
  startFakeReplicate,
  startFakeVeo,
} from '../../../test/fake-providers';
import {
  OMNI_RETIRED_MESSAGE,
  OMNI_RETIRED_MODEL,
  startOmniStandIn,
} from '../../../test/provider-stand-ins/gemini-omni';
import type { Received, ScriptedFake } from '../../../test/provider-stand-ins/serve';
import {
  startVeoModels,
  VEO_RETIRED_ANSWER,
  VEO_RETIRED_MODEL,
} from '../../../test/provider-stand-ins/veo-models';
import {
  startVertexStandIn,
  VERTEX_LOCATION,
  VERTEX_PROJECT,
  VERTEX_RETIRED_MODEL,
} from '../../../test/provider-stand-ins/vertex';
import { GEMINI_OMNI_DEFAULT_MODEL } from './gemini-omni';
import { FAILED_MESSAGE, REFUSED_MESSAGE } from './http';
import { createVideoProvider, type ProviderSettings } from './index';
import {
  type PollResult,
  ProviderError,
  type ProviderHandle,
  type SceneJob,
  type VideoProvider,
} from './provider';
import { REPLICATE_DEFAULT_MODEL } from './replicate';
import { VEO_DEFAULT_MODEL } from './veo';
import { VERTEX_DEFAULT_MODEL } from './vertex';

const CLIP = Buffer.from('pretend these are mp4 bytes');
const IMAGE = { data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]), mimeType: 'image/png' };
const IMAGE_BASE64 = IMAGE.data.toString('base64');
const IMAGE_DATA_URI = `data:image/png;base64,${IMAGE_BASE64}`;
const PROMPT = 'A lighthouse at dusk';
const LANDSCAPE: SceneJob = {
  prompt: PROMPT,
  image: null,
  aspectRatio: 'landscape',
  durationSeconds: 8,
};
const PORTRAIT: SceneJob = { ...LANDSCAPE, aspectRatio: 'portrait' };
const IMAGE_TO_VIDEO: SceneJob = { ...PORTRAIT, image: IMAGE };
/** A credential in `authorization`, or in x-goog-api-key, with the content type of a JSON body. */
const AUTH_JSON = ['authorization', 'content-type'];
const KEY_JSON = ['content-type', 'x-goog-api-key'];
const KEY_REJECTED = 'The video provider rejected our API key.';
const CREDENTIALS_REJECTED = 'The video provider rejected our Google Cloud credentials.';
const KLING = 'fal-ai/kling-video/v2.1/standard/text-to-video';
const VERTEX_MODEL_PATH = `projects/${VERTEX_PROJECT}/locations/${VERTEX_LOCATION}/publishers/google/models/${VERTEX_DEFAULT_MODEL}`;
/** A model Replicate's stand-in answers 404 for, as it does one it does not have. */
const REPLICATE_UNKNOWN = 'someone/unknown-video-model';
/** A Google 429 without Retry-After, whose RetryInfo asks for 23 s. */
const RETRY_INFO: FakeError = {
  status: 429,
  body: {
    error: {
      code: 429,
      message: 'You exceeded your current quota.',
      status: 'RESOURCE_EXHAUSTED',
      details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '23s' }],
    },
  },
};

/** How a test wants the adapter built: a wrong credential, another host, model or fetch. */
type Options = {
  wrongKey?: boolean;
  baseUrl?: string;
  model?: string | null;
  fetch?: typeof fetch;
};
type Built = Options & { fetch: typeof fetch };

/** One adapter against its stand-in. */
type Harness = {
  fake: ScriptedFake;
  provider(options?: Options): VideoProvider;
  /** The adapter built where its model check is answered (Veo's by a stand-in of its own). */
  checker(options?: Options): VideoProvider;
  /** Every request the adapter sent, as its fetch saw it. */
  sent: { url: string; headers: Headers }[];
  /** What no error may carry: the key, or the access tokens the stand-in handed out. */
  secrets(): string[];
  /** A submission error whose body echoes our credential back. */
  echo: FakeError;
  close(): Promise<void>;
};

type Adapter = {
  name: ProviderSettings['provider'];
  /** The model the adapter is configured with here, as it records it. */
  model: string;
  start(): Promise<Harness>;
  /** [seconds asked, seconds the model makes]. */
  clipSeconds: [number, number][];
  /** The headers that carry the credential. */
  auth(fake: ScriptedFake): Record<string, unknown>;
  /** The header names each call carries: the credential, and the JSON content type if any. */
  headers: { submit: string[]; poll: string[]; cancel: string[] };
  /** The documented submission for a job (always a POST). */
  request(job: SceneJob): { path: string; body: unknown };
  externalId: RegExp;
  handle(fake: ScriptedFake, externalId: string): ProviderHandle;
  /** The first three polls of a job that is not done yet. */
  waiting: PollResult[];
  succeeded(fake: ScriptedFake, externalId: string): unknown;
  /** public: a file host, no key; keyed: a keyed link that redirects; inline: no request. */
  download: 'public' | 'keyed' | 'inline';
  cancel(handle: ProviderHandle): { method: string; path: string };
  /** The words a refusal's detail keeps, and a refusal answered to the submission itself. */
  refused: { detail: string; atSubmission: FakeError };
  failed: { detail: string };
  /** A final 4xx answered to a submission. */
  invalid: FakeError;
  /** Whether the client reads a 429's google.rpc.RetryInfo (Google's clients do). */
  readsRetryInfo: boolean;
  rejected: { status: number; message: string };
  /** Whether a file link on the API's own host gets the key (Google's file links need it). */
  keyToApiHost: boolean;
  /** Where the adapter reads Google's retirements: a retired model and what its submission says. */
  retired: { model: string; before?(fake: ScriptedFake): void; message: string } | null;
  /** The start-up model check, where the adapter has one. */
  models: {
    path: string;
    unknown: string;
    retired?: { model: string; detail: string; replacement: string };
    rejected: { status: number; message: string };
  } | null;
};

const ratio = (job: SceneJob) => (job.aspectRatio === 'portrait' ? '9:16' : '16:9');
const veoInstance = (job: SceneJob) => ({
  prompt: PROMPT,
  ...(job.image ? { image: { bytesBase64Encoded: IMAGE_BASE64, mimeType: 'image/png' } } : {}),
});
const keyOf = (fake: ScriptedFake, options: Options) =>
  options.wrongKey ? `${fake.apiKey}-wrong` : fake.apiKey;

/** Records what the adapter sends, then sends it. */
function recording(sent: Harness['sent'], send: typeof fetch): typeof fetch {
  return (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    sent.push({ url, headers: new Headers(init?.headers) });
    return send(input, init);
  };
}

function harness(parts: {
  fake: ScriptedFake;
  build(options: Built): VideoProvider;
  checker?(options: Built): VideoProvider;
  secrets?(): string[];
  echo?: FakeError;
  close?(): Promise<void>;
}): Harness {
  const sent: Harness['sent'] = [];
  const built = (options: Options): Built => ({
    ...options,
    fetch: recording(sent, options.fetch ?? globalThis.fetch),
  });
  return {
    fake: parts.fake,
    sent,
    provider: (options = {}) => parts.build(built(options)),
    checker: (options = {}) => (parts.checker ?? parts.build)(built(options)),
    secrets: parts.secrets ?? (() => [parts.fake.apiKey]),
    echo: parts.echo ?? { status: 500, body: { echoed: { key: parts.fake.apiKey } } },
    close: parts.close ?? (() => parts.fake.close()),
  };
}

/** An adapter with an API key, built against `baseUrl` with `model` unless the test says. */
function keyed(
  name: 'fal' | 'replicate' | 'veo' | 'gemini',
  fake: ScriptedFake,
  model: string | null,
  baseUrl = fake.baseUrl,
) {
  return (options: Built) =>
    createVideoProvider({
      provider: name,
      apiKey: keyOf(fake, options),
      baseUrl: options.baseUrl ?? baseUrl,
      model: options.model === undefined ? model : options.model,
      imageField: 'start_image',
      fetch: options.fetch,
    });
}

const ADAPTERS: Adapter[] = [
  {
    name: 'fal',
    model: KLING,
    start: async () => {
      const fake = await startFakeFal();
      return harness({ fake, build: keyed('fal', fake, KLING) });
    },
    // Kling makes 5 or 10 s clips.
    clipSeconds: [
      [8, 10],
      [5, 5],
    ],
    auth: (fake) => ({ authorization: `Key ${fake.apiKey}` }),
    headers: {
      submit: AUTH_JSON,
      poll: AUTH_JSON,
      cancel: AUTH_JSON,
    },
    request: (job) => ({
      // Image-to-video is the endpoint's sibling; Kling takes the length as a string of seconds.
      path: job.image ? '/fal-ai/kling-video/v2.1/standard/image-to-video' : `/${KLING}`,
      body: {
        prompt: PROMPT,
        aspect_ratio: ratio(job),
        duration: '10',
        ...(job.image ? { image_url: IMAGE_DATA_URI } : {}),
      },
    }),
    externalId: /^[0-9a-f-]{36}$/u,
    // Status, response and cancel URLs name the app without the endpoint's sub-path.
    handle: (fake, id) => {
      const app = `${fake.baseUrl}/fal-ai/kling-video/requests/${id}`;
      return {
        externalId: id,
        statusUrl: `${app}/status`,
        resultUrl: app,
        cancelUrl: `${app}/cancel`,
      };
    },
    waiting: [{ state: 'queued' }, { state: 'running' }, { state: 'running' }],
    succeeded: (fake, id) => ({
      state: 'succeeded',
      outputUrl: `${fake.baseUrl}/files/public/${id}.mp4`,
      seconds: 12.5,
    }),
    download: 'public',
    cancel: (handle) => ({
      method: 'PUT',
      path: `/fal-ai/kling-video/requests/${handle.externalId}/cancel`,
    }),
    refused: {
      detail: 'content_policy_violation',
      atSubmission: {
        status: 422,
        body: {
          detail: [
            {
              loc: ['body', 'image_url'],
              msg: 'The content was flagged by a content checker.',
              type: 'content_policy_violation',
            },
          ],
        },
      },
    },
    // A stored failure: a 5xx with error_type at the response URL.
    failed: { detail: 'runner_disconnected' },
    invalid: { status: 400, body: { detail: 'duration must be 5 or 10' } },
    readsRetryInfo: false,
    rejected: { status: 401, message: KEY_REJECTED },
    keyToApiHost: false,
    retired: null,
    models: null,
  },
  {
    name: 'replicate',
    model: REPLICATE_DEFAULT_MODEL,
    start: async () => {
      const fake = await startFakeReplicate();
      fake.retiredModels.add(REPLICATE_UNKNOWN);
      return harness({ fake, build: keyed('replicate', fake, null) });
    },
    clipSeconds: [
      [8, 8],
      [5, 5],
    ],
    auth: (fake) => ({ authorization: `Bearer ${fake.apiKey}` }),
    headers: {
      submit: AUTH_JSON,
      poll: AUTH_JSON,
      cancel: AUTH_JSON,
    },
    request: (job) => ({
      path: `/models/${REPLICATE_DEFAULT_MODEL}/predictions`,
      body: {
        input: {
          prompt: PROMPT,
          aspect_ratio: ratio(job),
          duration: 8,
          // Under the model's own field (VIDEO_IMAGE_FIELD), here start_image.
          ...(job.image ? { start_image: IMAGE_DATA_URI } : {}),
        },
      },
    }),
    externalId: /^[0-9a-f]{20}$/u,
    handle: (fake, id) => ({
      externalId: id,
      statusUrl: `${fake.baseUrl}/predictions/${id}`,
      cancelUrl: `${fake.baseUrl}/predictions/${id}/cancel`,
    }),
    // The progress its logs print.
    waiting: [
      { state: 'running', progress: 0.4 },
      { state: 'running', progress: 0.4 },
      { state: 'running', progress: 0.4 },
    ],
    succeeded: (fake, id) => ({
      state: 'succeeded',
      outputUrl: `${fake.baseUrl}/files/public/${id}.mp4`,
      seconds: 41.2,
    }),
    download: 'public',
    cancel: (handle) => ({ method: 'POST', path: `/predictions/${handle.externalId}/cancel` }),
    refused: {
      detail: 'E005',
      atSubmission: {
        status: 422,
        body: {
          title: 'Input validation failed',
          detail: 'The input was flagged as sensitive (E005).',
        },
      },
    },
    failed: { detail: 'CUDA out of memory' },
    invalid: {
      status: 422,
      body: { title: 'Input validation failed', detail: '- duration: must be 5' },
    },
    readsRetryInfo: false,
    rejected: { status: 401, message: KEY_REJECTED },
    keyToApiHost: false,
    retired: null,
    models: {
      path: `/models/${REPLICATE_DEFAULT_MODEL}`,
      unknown: REPLICATE_UNKNOWN,
      rejected: { status: 401, message: KEY_REJECTED },
    },
  },
  {
    name: 'veo',
    model: VEO_DEFAULT_MODEL,
    start: async () => {
      const fake = await startFakeVeo();
      const models = await startVeoModels(fake.apiKey);
      return harness({
        fake,
        build: keyed('veo', fake, null),
        checker: keyed('veo', fake, null, models.baseUrl),
        close: async () => {
          await fake.close();
          await models.close();
        },
      });
    },
    // Veo 3.x makes 8 s whatever is asked.
    clipSeconds: [
      [5, 8],
      [8, 8],
    ],
    auth: (fake) => ({ 'x-goog-api-key': fake.apiKey }),
    headers: {
      submit: KEY_JSON,
      poll: KEY_JSON,
      cancel: KEY_JSON,
    },
    request: (job) => ({
      path: `/models/${VEO_DEFAULT_MODEL}:predictLongRunning`,
      body: {
        instances: [veoInstance(job)],
        parameters: { aspectRatio: ratio(job), durationSeconds: 8, resolution: '720p' },
      },
    }),
    externalId: new RegExp(`^models/${VEO_DEFAULT_MODEL}/operations/.+`, 'u'),
    handle: (fake, id) => ({ externalId: id, statusUrl: `${fake.baseUrl}/${id}` }),
    // The Gemini API reports no progress for Veo operations.
    waiting: [{ state: 'running' }, { state: 'running' }, { state: 'running' }],
    succeeded: () => ({
      state: 'succeeded',
      outputUrl: expect.stringMatching(/\/files\/[^/]+:download\?alt=media$/u),
    }),
    download: 'keyed',
    cancel: (handle) => ({ method: 'POST', path: `/${handle.externalId}:cancel` }),
    refused: {
      detail: 'The prompt could not be submitted.',
      atSubmission: {
        status: 400,
        body: {
          error: {
            code: 400,
            message:
              "Your use case is currently not supported. Please refer to Google's Responsible AI practices.",
          },
        },
      },
    },
    failed: { detail: 'Internal error' },
    invalid: { status: 400, body: { error: { code: 400, message: 'Invalid aspect ratio' } } },
    readsRetryInfo: true,
    rejected: { status: 401, message: KEY_REJECTED },
    keyToApiHost: true,
    retired: {
      model: VEO_RETIRED_MODEL,
      before: (fake) => {
        fake.script.submitErrors = [{ status: 404, body: VEO_RETIRED_ANSWER }];
      },
      message:
        'The video model veo-3.1-generate-preview is no longer available from Google. Google names gemini-omni-1.1-flash as its replacement.',
    },
    models: {
      path: `/v1beta/models/${VEO_DEFAULT_MODEL}`,
      unknown: 'veo-9-generate',
      retired: {
        model: VEO_RETIRED_MODEL,
        detail: VEO_RETIRED_ANSWER.error.message,
        replacement: 'gemini-omni-1.1-flash',
      },
      rejected: { status: 403, message: KEY_REJECTED },
    },
  },
  {
    name: 'vertex',
    model: VERTEX_DEFAULT_MODEL,
    start: async () => {
      const standIn = await startVertexStandIn();
      const tokenUrl = `${standIn.baseUrl}/token`;
      return harness({
        fake: standIn,
        build: (options) =>
          createVideoProvider({
            provider: 'vertex',
            apiKey: '',
            baseUrl: options.baseUrl ?? standIn.baseUrl,
            model: options.model ?? null,
            vertex: {
              project: VERTEX_PROJECT,
              location: VERTEX_LOCATION,
              credentialsFile: options.wrongKey ? standIn.strangerKeyFile : standIn.keyFile,
            },
            // The token exchange always reaches the token server, whatever fetch a test gives.
            fetch: (input, init) =>
              String(input) === tokenUrl
                ? globalThis.fetch(input, init)
                : options.fetch(input, init),
          }),
        secrets: () => [...standIn.tokens],
        echo: {
          status: 500,
          body: (sent: Received) => ({ echoed: { authorization: sent.headers.authorization } }),
        },
      });
    },
    clipSeconds: [
      [5, 8],
      [8, 8],
    ],
    auth: () => ({ authorization: expect.stringMatching(/^Bearer ya29\.test-/u) }),
    headers: {
      submit: AUTH_JSON,
      poll: AUTH_JSON,
      cancel: AUTH_JSON,
    },
    request: (job) => ({
      path: `/v1/${VERTEX_MODEL_PATH}:predictLongRunning`,
      body: {
        instances: [veoInstance(job)],
        parameters: {
          aspectRatio: ratio(job),
          durationSeconds: 8,
          sampleCount: 1,
          generateAudio: true,
          resolution: '720p',
        },
      },
    }),
    externalId: new RegExp(`^${VERTEX_MODEL_PATH.replaceAll('.', '\\.')}/operations/.+`, 'u'),
    handle: (fake, id) => ({
      externalId: id,
      statusUrl: `${fake.baseUrl}/v1/${VERTEX_MODEL_PATH}:fetchPredictOperation`,
    }),
    waiting: [{ state: 'running' }, { state: 'running' }, { state: 'running' }],
    // The video comes back inline (no storageUri asked for).
    succeeded: () => ({
      state: 'succeeded',
      outputUrl: `data:video/mp4;base64,${CLIP.toString('base64')}`,
    }),
    download: 'inline',
    cancel: (handle) => ({ method: 'POST', path: `/v1/${handle.externalId}:cancel` }),
    refused: {
      detail: '17301594',
      atSubmission: {
        status: 400,
        body: { error: { code: 400, message: 'The prompt violates Responsible AI practices.' } },
      },
    },
    failed: { detail: 'Internal error' },
    invalid: { status: 400, body: { error: { code: 400, message: 'Invalid aspect ratio' } } },
    readsRetryInfo: true,
    rejected: { status: 400, message: CREDENTIALS_REJECTED },
    keyToApiHost: false,
    retired: {
      model: VERTEX_RETIRED_MODEL,
      message:
        'The video model veo-3.0-fast-generate-001 is no longer available from Google. Google names veo-3.1-fast-generate-001 as its replacement.',
    },
    models: {
      path: `/v1/publishers/google/models/${VERTEX_DEFAULT_MODEL}`,
      unknown: 'veo-9-generate-001',
      retired: {
        model: VERTEX_RETIRED_MODEL,
        detail: `Publisher Model \`publishers/google/models/${VERTEX_RETIRED_MODEL}\` is no longer available. Please migrate to veo-3.1-fast-generate-001.`,
        replacement: 'veo-3.1-fast-generate-001',
      },
      rejected: { status: 400, message: CREDENTIALS_REJECTED },
    },
  },
  {
    name: 'gemini',
    model: GEMINI_OMNI_DEFAULT_MODEL,
    start: async () => {
      const standIn = await startOmniStandIn();
      return harness({ fake: standIn, build: keyed('gemini', standIn, null) });
    },
    // Whole seconds from 3 to 10.
    clipSeconds: [
      [1, 3],
      [5, 5],
      [8, 8],
      [8.4, 8],
      [12, 10],
    ],
    auth: (fake) => ({ 'x-goog-api-key': fake.apiKey }),
    // Its poll and cancel have no body, so no content type.
    headers: {
      submit: KEY_JSON,
      poll: ['x-goog-api-key'],
      cancel: ['x-goog-api-key'],
    },
    request: (job) => ({
      path: '/v1beta/interactions',
      body: {
        model: GEMINI_OMNI_DEFAULT_MODEL,
        // The member's image goes first, then the prompt.
        input: job.image
          ? [
              { type: 'image', data: IMAGE_BASE64, mime_type: 'image/png' },
              { type: 'text', text: PROMPT },
            ]
          : PROMPT,
        response_modalities: ['video'],
        response_format: { type: 'video', aspect_ratio: ratio(job), duration: '8s' },
        generation_config: {
          video_config: { task: job.image ? 'image_to_video' : 'text_to_video' },
        },
        background: true,
      },
    }),
    externalId: /^v1_/u,
    handle: (fake, id) => ({
      externalId: id,
      statusUrl: `${fake.baseUrl}/interactions/${id}`,
      cancelUrl: `${fake.baseUrl}/interactions/${id}/cancel`,
    }),
    waiting: [{ state: 'queued' }, { state: 'running' }, { state: 'running' }],
    succeeded: () => ({
      state: 'succeeded',
      outputUrl: `data:video/mp4;base64,${CLIP.toString('base64')}`,
    }),
    download: 'inline',
    cancel: (handle) => ({
      method: 'POST',
      path: `/v1beta/interactions/${handle.externalId}/cancel`,
    }),
    refused: {
      detail: 'blocked by the safety filters',
      atSubmission: {
        status: 400,
        body: { error: { code: 400, message: 'The request was blocked by safety filters.' } },
      },
    },
    failed: { detail: 'Internal error' },
    invalid: { status: 400, body: { error: { code: 400, message: 'Invalid duration' } } },
    readsRetryInfo: true,
    rejected: { status: 403, message: KEY_REJECTED },
    keyToApiHost: true,
    retired: {
      model: OMNI_RETIRED_MODEL,
      message:
        'The video model gemini-omni-flash-preview is no longer available from Google. Google names gemini-omni-1.2-flash as its replacement.',
    },
    models: {
      path: `/v1beta/models/${GEMINI_OMNI_DEFAULT_MODEL}`,
      unknown: 'gemini-omni-9-flash',
      retired: {
        model: OMNI_RETIRED_MODEL,
        detail: OMNI_RETIRED_MESSAGE,
        replacement: 'gemini-omni-1.2-flash',
      },
      rejected: { status: 403, message: KEY_REJECTED },
    },
  },
];

describe.each(ADAPTERS)('the $name video adapter', (adapter) => {
  let standIn: Harness;
  let fake: ScriptedFake;
  let provider: VideoProvider;

  beforeAll(async () => {
    standIn = await adapter.start();
    fake = standIn.fake;
  });
  afterAll(() => standIn.close());
  beforeEach(() => {
    fake.script = { pollsBeforeDone: 3, outcome: 'succeed', rateLimitedPolls: 0, output: CLIP };
    provider = standIn.provider();
  });

  /** The error `promise` failed with: a ProviderError that carries no credential. */
  async function caught(promise: Promise<unknown> | undefined): Promise<ProviderError> {
    const error = await (promise ?? Promise.resolve()).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(ProviderError);
    const { message, stack, cause } = error as ProviderError;
    const everything = `${message} ${stack} ${JSON.stringify(error)} ${String(cause)}`;
    for (const secret of standIn.secrets()) expect(everything).not.toContain(secret);
    // Neither a private key nor a signed grant may reach a log through an error.
    expect(everything).not.toContain('PRIVATE KEY');
    expect(everything).not.toMatch(/eyJ[\w-]+\.eyJ/u);
    return error as ProviderError;
  }

  async function pollUntilDone(
    handle: ProviderHandle,
  ): Promise<{ result: PollResult; polls: number }> {
    for (let polls = 1; polls <= 20; polls += 1) {
      const result = await provider.poll(handle);
      if (result.state !== 'queued' && result.state !== 'running') return { result, polls };
    }
    throw new Error('never done');
  }

  it('names itself and its model, and says how long the clips it makes are', () => {
    expect(provider.name).toBe(adapter.name);
    expect(provider.model).toBe(adapter.model);
    for (const [asked, made] of adapter.clipSeconds) expect(provider.clipSeconds(asked)).toBe(made);
  });

  it('submits the documented request, its credential in a header and never in a URL', async () => {
    const handle = await provider.submit(LANDSCAPE);
    const sent = fake.submissions.at(-1);
    const expected = adapter.request(LANDSCAPE);
    expect(sent?.method).toBe('POST');
    expect(sent?.path).toBe(expected.path);
    expect(sent?.body).toEqual(expected.body);
    expect(sent?.headers).toMatchObject(adapter.auth(fake));
    for (const secret of standIn.secrets()) {
      for (const { url } of standIn.sent) expect(url).not.toContain(secret);
    }
    expect(handle.externalId).toMatch(adapter.externalId);
    expect(handle).toStrictEqual(adapter.handle(fake, handle.externalId));
  });

  it('sends its credential on every call, and a JSON content type where the call has one', async () => {
    const from = standIn.sent.length;
    const handle = await provider.submit(LANDSCAPE);
    await provider.poll(handle);
    await provider.cancel(handle);
    const calls = standIn.sent.slice(from);
    const names = calls.map(({ headers }) => [...headers.keys()].sort());
    expect(names).toEqual([adapter.headers.submit, adapter.headers.poll, adapter.headers.cancel]);
    for (const { headers } of calls) {
      expect(Object.fromEntries(headers)).toMatchObject(adapter.auth(fake));
    }
  });

  it('asks for 9:16 for a portrait video', async () => {
    await provider.submit(PORTRAIT);
    const expected = adapter.request(PORTRAIT);
    expect(fake.submissions.at(-1)?.path).toBe(expected.path);
    expect(fake.submissions.at(-1)?.body).toEqual(expected.body);
  });

  it("sends the member's image for image-to-video", async () => {
    await provider.submit(IMAGE_TO_VIDEO);
    const expected = adapter.request(IMAGE_TO_VIDEO);
    expect(fake.submissions.at(-1)?.path).toBe(expected.path);
    expect(fake.submissions.at(-1)?.body).toEqual(expected.body);
  });

  it('waits while the job works, then succeeds after several polls and fetches the clip', async () => {
    const handle = await provider.submit(LANDSCAPE);
    const before = fake.polls;
    const waiting = [];
    for (let poll = 0; poll < 3; poll += 1) waiting.push(await provider.poll(handle));
    expect(waiting).toEqual(adapter.waiting);
    const result = await provider.poll(handle);
    expect(fake.polls - before).toBe(4);
    expect(result).toEqual(adapter.succeeded(fake, handle.externalId));

    const downloads = fake.downloads.length;
    const requests = standIn.sent.length;
    const response = await provider.fetchOutput((result as { outputUrl: string }).outputUrl);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(CLIP);
    const fetched = fake.downloads.slice(downloads);
    if (adapter.download === 'public') {
      // The file host is public: no credential goes to it.
      expect(fetched).toHaveLength(1);
      expect(fetched[0]?.headers.authorization).toBeUndefined();
      expect(fetched[0]?.headers['x-goog-api-key']).toBeUndefined();
    } else if (adapter.download === 'keyed') {
      // The keyed link, then the redirect it answered with.
      const [link, bytes] = fetched;
      expect(link?.headers['x-goog-api-key']).toBe(fake.apiKey);
      expect(bytes?.path).toMatch(/^\/files\/public\//u);
    } else {
      // Decoded here: nothing more was asked of the provider.
      expect(standIn.sent.length).toBe(requests);
      expect(response.headers.get('content-type')).toBe('video/mp4');
    }
  });

  it('polls and cancels a job by its external id alone, at the documented addresses', async () => {
    fake.script.pollsBeforeDone = 0;
    const { externalId } = await provider.submit(LANDSCAPE);
    expect((await provider.poll({ externalId })).state).toBe('succeeded');
    await provider.cancel({ externalId });
    const sent = fake.cancels.at(-1);
    expect({ method: sent?.method, path: sent?.path }).toEqual(adapter.cancel({ externalId }));
    expect(sent?.headers).toMatchObject(adapter.auth(fake));
  });

  it('cancels at the documented address, with its credential', async () => {
    const handle = await provider.submit(LANDSCAPE);
    await provider.cancel(handle);
    const sent = fake.cancels.at(-1);
    expect({ method: sent?.method, path: sent?.path }).toEqual(adapter.cancel(handle));
    expect(sent?.headers).toMatchObject(adapter.auth(fake));
  });

  it('reads a safety refusal as refused, in words a member can act on', async () => {
    fake.script.outcome = 'refuse';
    const { result } = await pollUntilDone(await provider.submit(LANDSCAPE));
    expect(result).toMatchObject({ state: 'failed', refused: true, reason: REFUSED_MESSAGE });
    expect((result as { detail?: string }).detail).toContain(adapter.refused.detail);
  });

  it('reads a failed job as failed, not refused', async () => {
    fake.script.outcome = 'fail';
    const { result } = await pollUntilDone(await provider.submit(LANDSCAPE));
    expect(result).toMatchObject({ state: 'failed', refused: false, reason: FAILED_MESSAGE });
    expect((result as { detail?: string }).detail).toContain(adapter.failed.detail);
  });

  it('reads a refusal answered to the submission as final and refused', async () => {
    fake.script.submitErrors = [adapter.refused.atSubmission];
    const refused = await caught(provider.submit(IMAGE_TO_VIDEO));
    expect(refused.details).toMatchObject({
      status: adapter.refused.atSubmission.status,
      transient: false,
      refused: true,
    });
    expect(refused.message).toBe(REFUSED_MESSAGE);
  });

  it('reads a 5xx at submission as passing, and a 4xx as final in our words', async () => {
    fake.script.submitErrors = [{ status: 500 }, adapter.invalid];
    const outage = await caught(provider.submit(LANDSCAPE));
    expect(outage.details).toMatchObject({ status: 500, transient: true });
    const invalid = await caught(provider.submit(LANDSCAPE));
    expect(invalid.details).toMatchObject({
      status: adapter.invalid.status,
      transient: false,
      refused: false,
    });
    expect(invalid.message).toBe(
      `The video provider turned this video down (HTTP ${adapter.invalid.status}).`,
    );
  });

  it('reads a 429 at submission as passing, after its Retry-After', async () => {
    fake.script.submitErrors = [{ status: 429, retryAfter: '1' }];
    const limited = await caught(provider.submit(LANDSCAPE));
    expect(limited.details).toMatchObject({ status: 429, transient: true, retryAfterMs: 1000 });
  });

  it('reads a 429 while polling as passing, after its Retry-After in seconds or as a date, then polls on', async () => {
    const handle = await provider.submit(LANDSCAPE);
    fake.script.rateLimitedPolls = 1;
    const limited = await caught(provider.poll(handle));
    expect(limited.details).toMatchObject({ status: 429, transient: true, retryAfterMs: 1000 });
    expect(limited.details.retired).toBeUndefined();

    fake.script.pollErrors = [
      { status: 429, retryAfter: new Date(Date.now() + 30_000).toUTCString() },
      { status: 429, retryAfter: '7' },
    ];
    const dated = await caught(provider.poll(handle));
    expect(dated.details.retryAfterMs).toBeGreaterThan(25_000);
    expect(dated.details.retryAfterMs).toBeLessThanOrEqual(30_000);
    const seconds = await caught(provider.poll(handle));
    expect(seconds.details).toMatchObject({ status: 429, transient: true, retryAfterMs: 7000 });

    expect(await provider.poll(handle)).toEqual(adapter.waiting[0]);
    expect((await pollUntilDone(handle)).result.state).toBe('succeeded');
  });

  it('reads a 5xx while polling as passing, after its Retry-After when it gives one', async () => {
    const handle = await provider.submit(LANDSCAPE);
    fake.script.pollErrors = [{ status: 500 }, { status: 503, retryAfter: '7' }];
    const first = await caught(provider.poll(handle));
    expect(first.details).toMatchObject({ status: 500, transient: true });
    expect(first.details.retryAfterMs).toBeUndefined();
    const second = await caught(provider.poll(handle));
    expect(second.details).toMatchObject({ status: 503, transient: true, retryAfterMs: 7000 });
    expect(await provider.poll(handle)).toEqual(adapter.waiting[0]);
  });

  it("waits as long as a Google 429's RetryInfo asks when it sends no Retry-After", async () => {
    const handle = await provider.submit(LANDSCAPE);
    fake.script.pollErrors = [RETRY_INFO];
    const limited = await caught(provider.poll(handle));
    expect(limited.details).toMatchObject({ status: 429, transient: true });
    expect(limited.details.retryAfterMs).toBe(adapter.readsRetryInfo ? 23_000 : undefined);
  });

  it('reads a rejected credential as final, in our words, keeping it out of the error', async () => {
    const error = await caught(standIn.provider({ wrongKey: true }).submit(LANDSCAPE));
    expect(error.message).toBe(adapter.rejected.message);
    expect(error.details).toMatchObject({ status: adapter.rejected.status, transient: false });
  });

  it('keeps the credential out of an answer that echoes it back', async () => {
    fake.script.submitErrors = [standIn.echo];
    const echoed = await caught(provider.submit(LANDSCAPE));
    expect(echoed.transient).toBe(true);
    expect(String(echoed.cause)).toContain('[redacted]');
  });

  it('reads an unreachable provider as passing', async () => {
    const nowhere = standIn.provider({ baseUrl: 'http://127.0.0.1:9' });
    const error = await caught(nowhere.submit(LANDSCAPE));
    expect(error.details).toMatchObject({ status: null, transient: true });
  });

  it('reads an answer that is not JSON as final', async () => {
    const broken = standIn.provider({
      fetch: async () => new Response('<html>gateway</html>', { status: 200 }),
    });
    const error = await caught(broken.submit(LANDSCAPE));
    expect(error.transient).toBe(false);
    expect(error.message).toBe('The video provider sent an answer we could not read.');
  });

  it("sends a key with a download only to the API's own host, where its file links need it", async () => {
    const seen: Headers[] = [];
    const downloader = standIn.provider({
      fetch: async (_url, init) => {
        seen.push(new Headers(init?.headers));
        return new Response('bytes');
      },
    });
    await downloader.fetchOutput('https://storage.example.com/clip.mp4');
    await downloader.fetchOutput(`${fake.baseUrl}/files/abc:download?alt=media`);
    expect(seen.map((headers) => headers.get('x-goog-api-key'))).toEqual([
      null,
      adapter.keyToApiHost ? fake.apiKey : null,
    ]);
    expect(seen.map((headers) => headers.get('authorization'))).toEqual([null, null]);
  });

  const retired = adapter.retired;
  if (retired) {
    it('fails a submission to a retired model as retired, naming it and its replacement', async () => {
      retired.before?.(fake);
      const error = await caught(standIn.provider({ model: retired.model }).submit(LANDSCAPE));
      expect(error.details).toMatchObject({ status: 404, transient: false, retired: true });
      expect(error.message).toBe(retired.message);
    });
  }

  const models = adapter.models;
  if (models) {
    it('checks its model at start-up: available, retired with its replacement, or unknown', async () => {
      expect(await standIn.checker().checkModel?.()).toEqual({ state: 'available' });
      const asked = standIn.sent.at(-1);
      expect(new URL(asked?.url ?? 'http://nowhere').pathname).toBe(models.path);
      expect(Object.fromEntries(asked?.headers ?? [])).toMatchObject(adapter.auth(fake));
      if (models.retired) {
        const { model, ...check } = models.retired;
        expect(await standIn.checker({ model }).checkModel?.()).toEqual({
          state: 'retired',
          ...check,
        });
      }
      expect(await standIn.checker({ model: models.unknown }).checkModel?.()).toMatchObject({
        state: 'unknown',
      });
    });

    it('throws a rejected credential from the model check rather than calling the model unknown', async () => {
      const error = await caught(standIn.checker({ wrongKey: true }).checkModel?.());
      expect(error.details).toMatchObject({ status: models.rejected.status, transient: false });
      expect(error.message).toBe(models.rejected.message);
    });
  } else {
    it('has no model check to answer at start-up', () => {
      expect(provider.checkModel).toBeUndefined();
    });
  }
});
