// What only the fal image adapter does, against a stand-in of fal's queue and Platform APIs: its
// safety checker's has_nsfw_concepts flag is a refusal (the request itself succeeds), and the model
// check asks fal's own catalogue only when the queue is fal's own. The cases every image adapter
// shares (request shapes, polls, the picture, refusals, 429s, keys, cancel, the model check) are in
// image-model.contract.test.ts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type FalImageStandIn,
  falImageScript,
  startFalImageStandIn,
} from '../../../../test/provider-stand-ins/fal-image';
import { REFUSED_MESSAGE } from '../http';
import { createFalImageProvider, FAL_IMAGE_DEFAULT_MODEL } from './fal-image';

let standIn: FalImageStandIn;

beforeAll(async () => {
  standIn = await startFalImageStandIn();
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.script = falImageScript();
  standIn.received.length = 0;
});

function fal(overrides: Partial<Parameters<typeof createFalImageProvider>[0]> = {}) {
  return createFalImageProvider({
    apiKey: standIn.apiKey,
    baseUrl: standIn.baseUrl,
    model: null,
    ...overrides,
  });
}

describe('the fal image provider', () => {
  it("reads the safety checker's has_nsfw_concepts flag as a refusal, not a picture", async () => {
    standIn.script.outcome = 'nsfw';
    standIn.script.pollsBeforeDone = 0;
    const provider = fal();
    const result = await provider.poll(
      await provider.submit({ prompt: 'A lighthouse at dusk', aspectRatio: 'landscape' }),
    );
    expect(result).toMatchObject({ state: 'failed', refused: true, reason: REFUSED_MESSAGE });
    expect((result as { detail?: string }).detail).toContain('has_nsfw_concepts');
  });

  it("asks fal's own Platform APIs when the queue is fal's own", async () => {
    const asked: string[] = [];
    const own = createFalImageProvider({
      apiKey: standIn.apiKey,
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
    const before = standIn.received.length;
    expect(await fal().checkModel()).toEqual({ state: 'unchecked' });
    expect(standIn.received.length).toBe(before);
  });
});
