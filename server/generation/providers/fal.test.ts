// What only the fal video adapter does, against a stand-in queue API: each endpoint's own form of
// the length (Veo on fal, the default endpoint, takes "8s"). The cases every video adapter shares
// (request shapes, polls, refusals, errors, cancel, keys) are in video-model.contract.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeProvider, startFakeFal } from '../../../test/fake-providers';
import { createFalProvider, FAL_DEFAULT_ENDPOINT } from './fal';

let fake: FakeProvider;

beforeAll(async () => {
  fake = await startFakeFal();
});
afterAll(() => fake.close());

describe('the fal provider', () => {
  it('sends "8s" and 9:16 to Veo on fal, the default endpoint', async () => {
    const veo = createFalProvider({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, model: null });
    expect(veo.model).toBe(FAL_DEFAULT_ENDPOINT);
    await veo.submit({
      prompt: 'A lighthouse at dusk',
      image: null,
      aspectRatio: 'portrait',
      durationSeconds: 8,
    });
    const sent = fake.submissions.at(-1);
    expect(sent?.path).toBe(`/${FAL_DEFAULT_ENDPOINT}`);
    expect(sent?.body).toMatchObject({ aspect_ratio: '9:16', duration: '8s' });
    expect(veo.clipSeconds(5)).toBe(8);
  });
});
