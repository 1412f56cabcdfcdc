// What only the Veo adapter does, against a stand-in Gemini API: its default is no Veo id Google
// has shut down, and a poll that says the model is gone is a retirement while an operation not
// found is not. The cases every video adapter shares (request shapes, polls, the keyed download,
// refusals, errors, cancel, retirements at submission, the model check) are in
// video-model.contract.test.ts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeProvider, startFakeVeo } from '../../../test/fake-providers';
import { VEO_RETIRED_ANSWER } from '../../../test/provider-stand-ins/veo-models';
import { ProviderError, type VideoProvider } from './provider';
import { createVeoProvider, VEO_DEFAULT_MODEL } from './veo';

let fake: FakeProvider;
let veo: VideoProvider;

beforeAll(async () => {
  fake = await startFakeVeo();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.script = {
    pollsBeforeDone: 3,
    outcome: 'succeed',
    rateLimitedPolls: 0,
    output: Buffer.from('pretend these are mp4 bytes'),
  };
  veo = createVeoProvider({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, model: null });
});

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

describe("the Veo provider and Google's retirements", () => {
  it('no longer defaults to a Veo id Google has shut down on the Gemini API', () => {
    expect(VEO_DEFAULT_MODEL).not.toMatch(/preview|veo-3\.0|veo-2\.0/u);
  });

  it('fails a poll that says the model is gone as retired, but not an operation not found', async () => {
    const handle = await veo.submit({
      prompt: 'A lighthouse at dusk',
      image: null,
      aspectRatio: 'landscape',
      durationSeconds: 8,
    });
    fake.script.pollErrors = [
      { status: 404, body: VEO_RETIRED_ANSWER },
      { status: 404, body: { error: { code: 404, message: `${handle.externalId} not found` } } },
    ];
    expect((await caught(veo.poll(handle))).details.retired).toBe(true);
    const missing = await caught(veo.poll(handle));
    expect(missing.details).toMatchObject({ status: 404, transient: false });
    expect(missing.details.retired).toBeUndefined();
  });
});
