// What only the Replicate video adapter does, against a stand-in predictions API: a pinned
// version's predictions, the image under `image` or the model's own field, the first of several
// outputs, and progress from the logs. The cases every video adapter shares (request shapes, polls,
// refusals, errors, cancel, the model check) are in video-model.contract.test.ts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeProvider, startFakeReplicate } from '../../../test/fake-providers';
import type { SceneJob, VideoProvider } from './provider';
import { createReplicateProvider, progressFromLogs } from './replicate';

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

describe('the Replicate provider', () => {
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
});
