// Each provider client against a stand-in that speaks its documented shapes: what is sent
// (path, key header, aspect ratio, duration, the image), success after several polls, 429 with
// Retry-After, a safety refusal, a failure, cancel, and the key kept out of every error.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type FakeProvider,
  startFakeFal,
  startFakeReplicate,
  startFakeVeo,
} from '../../../test/fake-providers';
import { createVideoProvider } from '.';
import {
  type PollResult,
  ProviderError,
  type ProviderHandle,
  type VideoProvider,
} from './provider';

const CLIP = Buffer.from('pretend these are mp4 bytes');
const IMAGE = { data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]), mimeType: 'image/png' };

type Case = {
  name: 'veo' | 'fal' | 'replicate';
  start: () => Promise<FakeProvider>;
  model: string;
  /** Where the submission went, and what it carried. */
  expectSubmission: (path: string, body: Record<string, unknown>, withImage: boolean) => void;
};

const cases: Case[] = [
  {
    name: 'veo',
    start: startFakeVeo,
    model: 'veo-3.1-generate-preview',
    expectSubmission: (path, body, withImage) => {
      expect(path).toBe('/models/veo-3.1-generate-preview:predictLongRunning');
      const instance = (body.instances as Record<string, unknown>[])[0] ?? {};
      expect(instance.prompt).toBe('A lighthouse at dusk');
      expect(body.parameters).toEqual({
        aspectRatio: '9:16',
        durationSeconds: 8,
        resolution: '720p',
      });
      expect(instance.image).toEqual(
        withImage
          ? { bytesBase64Encoded: IMAGE.data.toString('base64'), mimeType: 'image/png' }
          : undefined,
      );
    },
  },
  {
    name: 'fal',
    start: startFakeFal,
    model: 'fal-ai/kling-video/v2.1/standard/text-to-video',
    expectSubmission: (path, body, withImage) => {
      expect(path).toBe(
        withImage
          ? '/fal-ai/kling-video/v2.1/standard/image-to-video'
          : '/fal-ai/kling-video/v2.1/standard/text-to-video',
      );
      expect(body.prompt).toBe('A lighthouse at dusk');
      expect(body.aspect_ratio).toBe('9:16');
      expect(body.duration).toBe('10');
      expect(body.image_url).toBe(
        withImage ? `data:image/png;base64,${IMAGE.data.toString('base64')}` : undefined,
      );
    },
  },
  {
    name: 'replicate',
    start: startFakeReplicate,
    model: 'kwaivgi/kling-v2.1',
    expectSubmission: (path, body, withImage) => {
      expect(path).toBe('/models/kwaivgi/kling-v2.1/predictions');
      const input = body.input as Record<string, unknown>;
      expect(input.prompt).toBe('A lighthouse at dusk');
      expect(input.aspect_ratio).toBe('9:16');
      expect(input.duration).toBe(8);
      expect(input.start_image).toBe(
        withImage ? `data:image/png;base64,${IMAGE.data.toString('base64')}` : undefined,
      );
    },
  },
];

describe.each(cases)('the $name provider', ({ name, start, model, expectSubmission }) => {
  let fake: FakeProvider;
  let provider: VideoProvider;

  beforeAll(async () => {
    fake = await start();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.script = { pollsBeforeDone: 3, outcome: 'succeed', rateLimitedPolls: 0, output: CLIP };
    provider = createVideoProvider({
      provider: name,
      apiKey: fake.apiKey,
      baseUrl: fake.baseUrl,
      model,
      imageField: 'start_image',
    });
  });

  const job = (image: typeof IMAGE | null = null) => ({
    prompt: 'A lighthouse at dusk',
    image,
    aspectRatio: 'portrait' as const,
    durationSeconds: 8,
  });

  async function pollUntilDone(
    handle: ProviderHandle,
  ): Promise<{ result: PollResult; polls: number }> {
    for (let polls = 1; polls <= 20; polls += 1) {
      const result = await provider.poll(handle);
      if (result.state !== 'queued' && result.state !== 'running') return { result, polls };
    }
    throw new Error('never done');
  }

  it('submits the documented request, succeeds after several polls and fetches the clip', async () => {
    const handle = await provider.submit(job());
    const submission = fake.submissions.at(-1);
    expectSubmission(submission?.path ?? '', submission?.body as Record<string, unknown>, false);
    expect(handle.externalId).toBeTruthy();

    const { result, polls } = await pollUntilDone(handle);
    expect(polls).toBe(4);
    expect(result.state).toBe('succeeded');
    const response = await provider.fetchOutput((result as { outputUrl: string }).outputUrl);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(CLIP);
  });

  it('sends the member image for image-to-video', async () => {
    await provider.submit(job(IMAGE));
    const submission = fake.submissions.at(-1);
    expectSubmission(submission?.path ?? '', submission?.body as Record<string, unknown>, true);
  });

  it('reports a 429 as a passing error with its Retry-After, then polls on', async () => {
    const handle = await provider.submit(job());
    fake.script.rateLimitedPolls = 1;
    const error = await provider.poll(handle).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).transient).toBe(true);
    expect((error as ProviderError).details.retryAfterMs).toBe(1000);
    expect((await pollUntilDone(handle)).result.state).toBe('succeeded');
  });

  it('reads a safety refusal as refused, in words a member can act on', async () => {
    fake.script.outcome = 'refuse';
    const { result } = await pollUntilDone(await provider.submit(job()));
    expect(result).toMatchObject({ state: 'failed', refused: true });
    expect((result as { reason: string }).reason).toMatch(/safety filter.*rephrase/);
  });

  it('reads a failed job as failed, not refused', async () => {
    fake.script.outcome = 'fail';
    const { result } = await pollUntilDone(await provider.submit(job()));
    expect(result).toMatchObject({ state: 'failed', refused: false });
  });

  it('cancels at the documented address', async () => {
    const handle = await provider.submit(job());
    await provider.cancel(handle);
    expect(fake.cancels.at(-1)?.path).toContain(handle.externalId.split('/').at(-1));
  });

  it('keeps the key out of every error', async () => {
    const wrongKey = createVideoProvider({
      provider: name,
      apiKey: `${fake.apiKey}-wrong`,
      baseUrl: fake.baseUrl,
      model,
    });
    const error = await wrongKey.submit(job()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).transient).toBe(false);
    expect((error as Error).message).toBe('The video provider rejected our API key.');
    const everything = `${(error as Error).message} ${(error as Error).stack} ${JSON.stringify(error)} ${String((error as Error).cause)}`;
    expect(everything).not.toContain(fake.apiKey);
  });

  it('reports an unreachable provider as a passing error', async () => {
    const nowhere = createVideoProvider({
      provider: name,
      apiKey: fake.apiKey,
      baseUrl: 'http://127.0.0.1:9',
      model,
    });
    const error = await nowhere.submit(job()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).transient).toBe(true);
  });
});
