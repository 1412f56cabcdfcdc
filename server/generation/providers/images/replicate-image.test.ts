// What only the Replicate image adapter does, against a stand-in of Replicate's predictions API: a
// pinned version's predictions and its own page for the model check, and an output that is a single
// URL rather than a list. The cases every image adapter shares (request shapes, polls, the picture,
// refusals, 429s, keys, cancel, retirements, the model check) are in image-model.contract.test.ts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  REPLICATE_PINNED_VERSION,
  type ReplicateImageStandIn,
  replicateImageScript,
  startReplicateImageStandIn,
} from '../../../../test/provider-stand-ins/replicate-image';
import { createReplicateImageProvider } from './replicate-image';

let standIn: ReplicateImageStandIn;

beforeAll(async () => {
  standIn = await startReplicateImageStandIn();
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.script = replicateImageScript();
  standIn.received.length = 0;
});

function replicate(overrides: Partial<Parameters<typeof createReplicateImageProvider>[0]> = {}) {
  return createReplicateImageProvider({
    apiKey: standIn.apiKey,
    baseUrl: standIn.baseUrl,
    model: null,
    ...overrides,
  });
}

describe('the Replicate image provider', () => {
  it('creates a pinned version at /predictions, 9:16 for a portrait video', async () => {
    await replicate({ model: `someone/pinned:${REPLICATE_PINNED_VERSION}` }).submit({
      prompt: 'A lighthouse at dusk',
      aspectRatio: 'portrait',
    });
    const sent = standIn.received.at(-1);
    expect(sent?.path).toBe('/v1/predictions');
    expect(sent?.body).toEqual({
      version: REPLICATE_PINNED_VERSION,
      input: {
        prompt: 'A lighthouse at dusk',
        aspect_ratio: '9:16',
        num_outputs: 1,
        output_format: 'png',
      },
    });
  });

  it('takes an output that is a single URL, and finds a prediction by its id alone', async () => {
    standIn.script.outcome = 'string';
    standIn.script.pollsBeforeDone = 0;
    const provider = replicate();
    const { externalId } = await provider.submit({
      prompt: 'A lighthouse at dusk',
      aspectRatio: 'landscape',
    });
    const result = await provider.poll({ externalId });
    expect(result).toMatchObject({
      state: 'succeeded',
      outputUrl: expect.stringMatching(/\.png$/u),
    });
    expect(standIn.received.at(-1)?.path).toBe(`/v1/predictions/${externalId}`);
  });

  it("checks a pinned version at the version's own page", async () => {
    const pinned = replicate({ model: `someone/pinned:${REPLICATE_PINNED_VERSION}` });
    expect(await pinned.checkModel()).toEqual({ state: 'available' });
    expect(standIn.received.at(-1)?.path).toBe(
      `/v1/models/someone/pinned/versions/${REPLICATE_PINNED_VERSION}`,
    );
  });
});
