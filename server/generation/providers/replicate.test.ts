// The Replicate client against a stand-in predictions API: an official model's predictions or a
// version's (Bearer auth, input fields, the image under the model's own field), the prediction's
// get and cancel URLs, progress from the logs, E005 as a refusal, and every error's class.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeProvider, startFakeReplicate } from '../../../test/fake-providers';
import { ProviderError, type SceneJob, type VideoProvider } from './provider';
import { createReplicateProvider, progressFromLogs, REPLICATE_DEFAULT_MODEL } from './replicate';

const CLIP = Buffer.from('pretend these are mp4 bytes');
const IMAGE = { data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 4, 5, 6]), mimeType: 'image/png' };

let fake: FakeProvider;
let replicate: VideoProvider;

beforeAll(async () => {
  fake = await startFakeReplicate();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.script = { pollsBeforeDone: 3, outcome: 'succeed', rateLimitedPolls: 0, output: CLIP };
  replicate = createReplicateProvider({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, model: null });
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

/** The input of the last prediction created. */
function lastInput(): Record<string, string> | undefined {
  return (fake.submissions.at(-1)?.body as { input?: Record<string, string> } | undefined)?.input;
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

describe('the Replicate provider', () => {
  it("creates a prediction at the official model's endpoint with Bearer auth", async () => {
    const handle = await replicate.submit(job());
    const sent = fake.submissions.at(-1);
    expect(sent?.method).toBe('POST');
    expect(sent?.path).toBe(`/models/${REPLICATE_DEFAULT_MODEL}/predictions`);
    expect(sent?.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(sent?.body).toEqual({
      input: { prompt: 'A lighthouse at dusk', aspect_ratio: '16:9', duration: 8 },
    });
    expect(handle).toEqual({
      externalId: expect.any(String),
      statusUrl: `${fake.baseUrl}/predictions/${handle.externalId}`,
      cancelUrl: `${fake.baseUrl}/predictions/${handle.externalId}/cancel`,
    });
  });

  it('creates a prediction of a given version at /predictions', async () => {
    const pinned = createReplicateProvider({
      apiKey: fake.apiKey,
      baseUrl: fake.baseUrl,
      model: 'someone/video-model:5c7d5dc6dd8bf75c1acaa8565735e7986bc5b66206b55cca93cb72c9bf15ccaa',
    });
    await pinned.submit(job({ aspectRatio: 'portrait' }));
    const sent = fake.submissions.at(-1);
    expect(sent?.path).toBe('/predictions');
    expect(sent?.body).toEqual({
      version: '5c7d5dc6dd8bf75c1acaa8565735e7986bc5b66206b55cca93cb72c9bf15ccaa',
      input: { prompt: 'A lighthouse at dusk', aspect_ratio: '9:16', duration: 8 },
    });
  });

  it("sends the image as a data URI under `image`, or the model's own field", async () => {
    await replicate.submit(job({ image: IMAGE }));
    const input = lastInput();
    expect(input?.image).toBe(`data:image/png;base64,${IMAGE.data.toString('base64')}`);

    const kling = createReplicateProvider({
      apiKey: fake.apiKey,
      baseUrl: fake.baseUrl,
      model: 'kwaivgi/kling-v2.1',
      imageField: 'start_image',
    });
    await kling.submit(job({ image: IMAGE }));
    const klingInput = lastInput();
    expect(klingInput?.image).toBeUndefined();
    expect(Buffer.from(klingInput?.start_image?.split(',')[1] ?? '', 'base64')).toEqual(IMAGE.data);
  });

  it('is running with the progress its logs print, then succeeds with the output URL', async () => {
    const handle = await replicate.submit(job());
    for (let poll = 0; poll < 3; poll += 1) {
      expect(await replicate.poll(handle)).toEqual({ state: 'running', progress: 0.4 });
    }
    const result = await replicate.poll(handle);
    expect(result).toEqual({
      state: 'succeeded',
      outputUrl: `${fake.baseUrl}/files/public/${handle.externalId}.mp4`,
      seconds: 41.2,
    });
    const response = await replicate.fetchOutput((result as { outputUrl: string }).outputUrl);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(CLIP);
    expect(fake.downloads.at(-1)?.headers.authorization).toBeUndefined();
  });

  it('takes the first of several outputs and reads starting as queued', async () => {
    const answers = [
      { id: 'p1', status: 'starting', output: null },
      { id: 'p1', status: 'succeeded', output: ['https://replicate.delivery/a.mp4', 'b.mp4'] },
    ];
    const stub = createReplicateProvider({
      apiKey: 'r8_stub-token-0000',
      baseUrl: 'https://api.example.com/v1',
      model: null,
      fetch: async () => Response.json(answers.shift()),
    });
    expect(await stub.poll({ externalId: 'p1' })).toEqual({ state: 'queued' });
    expect(await stub.poll({ externalId: 'p1' })).toEqual({
      state: 'succeeded',
      outputUrl: 'https://replicate.delivery/a.mp4',
    });
  });

  it('reads progress from the last percentage a progress bar printed', () => {
    expect(progressFromLogs('loading\n  5%|▌   | 1/20\n 45%|████▌ | 9/20')).toBe(0.45);
    expect(progressFromLogs('100%|██████████| 20/20')).toBe(1);
    expect(progressFromLogs('no bar yet')).toBeUndefined();
    expect(progressFromLogs(null)).toBeUndefined();
  });

  it('reads "flagged as sensitive (E005)" as a refusal, in our words', async () => {
    fake.script.outcome = 'refuse';
    fake.script.pollsBeforeDone = 0;
    const result = await replicate.poll(await replicate.submit(job()));
    expect(result).toMatchObject({
      state: 'failed',
      refused: true,
      reason:
        "The video provider's safety filter declined this scene. Please rephrase the description.",
    });
    expect((result as { detail?: string }).detail).toContain('E005');
  });

  it('reads a failed prediction as failed, not refused', async () => {
    fake.script.outcome = 'fail';
    fake.script.pollsBeforeDone = 0;
    const result = await replicate.poll(await replicate.submit(job()));
    expect(result).toMatchObject({
      state: 'failed',
      refused: false,
      reason: 'The video provider could not make this scene.',
    });
    expect((result as { detail?: string }).detail).toContain('CUDA out of memory');
  });

  it('reads a 429 as passing after its Retry-After, a 500 as passing and a 422 as final', async () => {
    const handle = await replicate.submit(job());
    fake.script.rateLimitedPolls = 1;
    const limited = await caught(replicate.poll(handle));
    expect(limited.details).toMatchObject({ status: 429, transient: true, retryAfterMs: 1000 });

    fake.script.pollErrors = [{ status: 500 }];
    const outage = await caught(replicate.poll(handle));
    expect(outage.details).toMatchObject({ status: 500, transient: true });

    fake.script.submitErrors = [
      { status: 422, body: { title: 'Input validation failed', detail: '- duration: must be 5' } },
    ];
    const invalid = await caught(replicate.submit(job()));
    expect(invalid.details).toMatchObject({ status: 422, transient: false, refused: false });
    expect(invalid.message).toBe('The video provider turned this video down (HTTP 422).');
  });

  it('keeps the key out of a rejected token', async () => {
    const wrong = createReplicateProvider({
      apiKey: `${fake.apiKey}-wrong`,
      baseUrl: fake.baseUrl,
      model: null,
    });
    const error = await caught(wrong.submit(job()));
    expect(error.message).toBe('The video provider rejected our API key.');
    expect(error.details).toMatchObject({ status: 401, transient: false });
  });

  it("cancels with a POST to the prediction's cancel URL", async () => {
    const handle = await replicate.submit(job());
    await replicate.cancel(handle);
    const sent = fake.cancels.at(-1);
    expect(sent?.method).toBe('POST');
    expect(sent?.path).toBe(`/predictions/${handle.externalId}/cancel`);
    expect(sent?.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
  });
});

describe("the Replicate provider's model check", () => {
  it('finds a model that serves and reports one Replicate does not have', async () => {
    expect(await replicate.checkModel?.()).toEqual({ state: 'available' });
    fake.retiredModels.add(REPLICATE_DEFAULT_MODEL);
    try {
      expect(await replicate.checkModel?.()).toMatchObject({ state: 'unknown' });
    } finally {
      fake.retiredModels.delete(REPLICATE_DEFAULT_MODEL);
    }
  });
});
