// The fal client against a stand-in queue API: the submission to the endpoint (Key auth, input
// fields, each endpoint's form of duration, image-to-video's own endpoint), the status, response
// and cancel URLs the answer gives (or their documented fallbacks), refusals and stored failures.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeProvider, startFakeFal } from '../../../test/fake-providers';
import { createFalProvider, FAL_DEFAULT_ENDPOINT } from './fal';
import { ProviderError, type SceneJob, type VideoProvider } from './provider';

const CLIP = Buffer.from('pretend these are mp4 bytes');
const IMAGE = { data: Buffer.from([0xff, 0xd8, 0xff, 1, 2, 3]), mimeType: 'image/jpeg' };
const KLING = 'fal-ai/kling-video/v2.1/standard/text-to-video';

let fake: FakeProvider;
let kling: VideoProvider;

beforeAll(async () => {
  fake = await startFakeFal();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.script = { pollsBeforeDone: 3, outcome: 'succeed', rateLimitedPolls: 0, output: CLIP };
  kling = createFalProvider({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, model: KLING });
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

describe('the fal provider', () => {
  it('submits the input to queue/{endpoint} with Key auth and keeps the URLs fal answers', async () => {
    const handle = await kling.submit(job());
    const sent = fake.submissions.at(-1);
    expect(sent?.method).toBe('POST');
    expect(sent?.path).toBe(`/${KLING}`);
    expect(sent?.headers.authorization).toBe(`Key ${fake.apiKey}`);
    // Kling makes 5 or 10 s clips, and takes the length as a string of seconds.
    expect(sent?.body).toEqual({
      prompt: 'A lighthouse at dusk',
      aspect_ratio: '16:9',
      duration: '10',
    });
    // Status, response and cancel URLs name the app without the endpoint's sub-path.
    const app = `${fake.baseUrl}/fal-ai/kling-video/requests/${handle.externalId}`;
    expect(handle).toEqual({
      externalId: expect.any(String),
      statusUrl: `${app}/status`,
      resultUrl: app,
      cancelUrl: `${app}/cancel`,
    });
    expect(kling.clipSeconds(8)).toBe(10);
    expect(kling.clipSeconds(5)).toBe(5);
  });

  it('sends "8s" and 9:16 to Veo on fal, the default endpoint', async () => {
    const veo = createFalProvider({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, model: null });
    expect(veo.model).toBe(FAL_DEFAULT_ENDPOINT);
    await veo.submit(job({ aspectRatio: 'portrait' }));
    const sent = fake.submissions.at(-1);
    expect(sent?.path).toBe(`/${FAL_DEFAULT_ENDPOINT}`);
    expect(sent?.body).toMatchObject({ aspect_ratio: '9:16', duration: '8s' });
    expect(veo.clipSeconds(5)).toBe(8);
  });

  it('sends the image as a data URI to the image-to-video endpoint', async () => {
    await kling.submit(job({ image: IMAGE }));
    const sent = fake.submissions.at(-1);
    expect(sent?.path).toBe('/fal-ai/kling-video/v2.1/standard/image-to-video');
    const imageUrl = (sent?.body as { image_url?: string } | undefined)?.image_url ?? '';
    expect(imageUrl.startsWith('data:image/jpeg;base64,')).toBe(true);
    expect(Buffer.from(imageUrl.split(',')[1] ?? '', 'base64')).toEqual(IMAGE.data);
  });

  it('is queued, then running, then succeeds with the video URL, fetched without the key', async () => {
    const handle = await kling.submit(job());
    const states = [];
    for (let poll = 0; poll < 3; poll += 1) states.push((await kling.poll(handle)).state);
    expect(states).toEqual(['queued', 'running', 'running']);
    const result = await kling.poll(handle);
    expect(result).toEqual({
      state: 'succeeded',
      outputUrl: `${fake.baseUrl}/files/public/${handle.externalId}.mp4`,
      seconds: 12.5,
    });

    const response = await kling.fetchOutput((result as { outputUrl: string }).outputUrl);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(CLIP);
    expect(fake.downloads.at(-1)?.headers.authorization).toBeUndefined();
  });

  it('finds the request by its id alone at the documented app URLs', async () => {
    fake.script.pollsBeforeDone = 0;
    const { externalId } = await kling.submit(job());
    const result = await kling.poll({ externalId });
    expect(result.state).toBe('succeeded');
    await kling.cancel({ externalId });
    expect(fake.cancels.at(-1)?.path).toBe(`/fal-ai/kling-video/requests/${externalId}/cancel`);
  });

  it('reads a content_policy_violation as a refusal, at the result or at submission', async () => {
    fake.script.outcome = 'refuse';
    fake.script.pollsBeforeDone = 0;
    const result = await kling.poll(await kling.submit(job()));
    expect(result).toMatchObject({
      state: 'failed',
      refused: true,
      reason:
        "The video provider's safety filter declined this scene. Please rephrase the description.",
    });
    expect((result as { detail?: string }).detail).toContain('content_policy_violation');

    fake.script.submitErrors = [
      {
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
    ];
    const refused = await caught(kling.submit(job({ image: IMAGE })));
    expect(refused.details).toMatchObject({ status: 422, transient: false, refused: true });
    expect(refused.message).toMatch(/safety filter/);
  });

  it('reads a stored failure (a 5xx with error_type at the response URL) as failed, not passing', async () => {
    fake.script.outcome = 'fail';
    fake.script.pollsBeforeDone = 0;
    const result = await kling.poll(await kling.submit(job()));
    expect(result).toMatchObject({
      state: 'failed',
      refused: false,
      reason: 'The video provider could not make this scene.',
    });
    expect((result as { detail?: string }).detail).toContain('runner_disconnected');
  });

  it('reads a 429 on the status URL as passing, after its Retry-After', async () => {
    const handle = await kling.submit(job());
    fake.script.rateLimitedPolls = 1;
    const error = await caught(kling.poll(handle));
    expect(error.details).toMatchObject({ status: 429, transient: true, retryAfterMs: 1000 });
    expect((await kling.poll(handle)).state).toBe('queued');
  });

  it('reads a 500 as passing and a 400 as final', async () => {
    fake.script.submitErrors = [
      { status: 500 },
      { status: 400, body: { detail: 'duration must be 5 or 10' } },
    ];
    const outage = await caught(kling.submit(job()));
    expect(outage.details).toMatchObject({ status: 500, transient: true });
    const invalid = await caught(kling.submit(job()));
    expect(invalid.details).toMatchObject({ status: 400, transient: false, refused: false });
    expect(invalid.message).toBe('The video provider turned this video down (HTTP 400).');
  });

  it('keeps the key out of a rejected key', async () => {
    const wrong = createFalProvider({
      apiKey: `${fake.apiKey}-wrong`,
      baseUrl: fake.baseUrl,
      model: KLING,
    });
    const error = await caught(wrong.submit(job()));
    expect(error.message).toBe('The video provider rejected our API key.');
    expect(error.details).toMatchObject({ status: 401, transient: false });
  });

  it('cancels with a PUT to the cancel URL', async () => {
    const handle = await kling.submit(job());
    await kling.cancel(handle);
    const sent = fake.cancels.at(-1);
    expect(sent?.method).toBe('PUT');
    expect(`${fake.baseUrl}${sent?.path}`).toBe(handle.cancelUrl);
    expect(sent?.headers.authorization).toBe(`Key ${fake.apiKey}`);
  });
});
