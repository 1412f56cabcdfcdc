// What only the Gemini image adapter does, against a stand-in of the Gemini API: the picture comes
// with the submission (interim thought pictures skipped), so there is no job to poll, fetch or
// cancel; a filtered picture is a refusal and an answer without one a final failure; and Google's
// words name a retired model's replacement only where they name one. The cases every image adapter
// shares (request shapes, the picture, the blocked prompt, 429s, keys, retirements, the model
// check) are in image-model.contract.test.ts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type GeminiImageStandIn,
  geminiImageScript,
  startGeminiImageStandIn,
} from '../../../../test/provider-stand-ins/gemini-image';
import { REFUSED_MESSAGE } from '../http';
import { ProviderError } from '../provider';
import { createGeminiImageProvider } from './gemini-image';
import { NO_PICTURE_MESSAGE, retirement } from './image-http';

const JOB = { prompt: 'A lighthouse at dusk', aspectRatio: 'landscape' } as const;

let standIn: GeminiImageStandIn;

beforeAll(async () => {
  standIn = await startGeminiImageStandIn();
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.script = geminiImageScript();
  standIn.received.length = 0;
});

function gemini() {
  return createGeminiImageProvider({
    apiKey: standIn.apiKey,
    baseUrl: standIn.baseUrl,
    model: null,
  });
}

async function caught(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ProviderError);
  expect(`${(error as Error).message} ${String((error as Error).cause)}`).not.toContain(
    standIn.apiKey,
  );
  return error as ProviderError;
}

describe('the Gemini image provider', () => {
  it('skips interim thought pictures and keeps the final one', async () => {
    standIn.script.outcome = 'thought-then-picture';
    const submitted = await gemini().submit(JOB);
    expect(submitted.output?.data.equals(standIn.png)).toBe(true);
  });

  it('has no job to poll or file to fetch, and nothing to cancel', async () => {
    const provider = gemini();
    const submitted = await provider.submit(JOB);
    await expect(provider.poll(submitted)).rejects.toThrow(/no job to poll/u);
    await expect(provider.fetchOutput('https://example.com/x.png')).rejects.toThrow(
      /no file to fetch/u,
    );
    const before = standIn.received.length;
    await provider.cancel(submitted);
    expect(standIn.received.length).toBe(before);
  });

  it('reads an IMAGE_SAFETY finish as a final refusal', async () => {
    standIn.script.outcome = 'image-safety';
    const error = await caught(gemini().submit(JOB));
    expect(error.message).toBe(REFUSED_MESSAGE);
    expect(error.details).toMatchObject({ transient: false, refused: true });
    expect(String(error.cause)).toContain('IMAGE_SAFETY');
  });

  it('reads an answer without a picture as a final failure', async () => {
    standIn.script.outcome = 'text-only';
    const error = await caught(gemini().submit(JOB));
    expect(error.message).toBe(NO_PICTURE_MESSAGE);
    expect(error.details).toMatchObject({ transient: false });
    expect(error.details.refused).toBeUndefined();
    expect(String(error.cause)).toContain('I can describe a lighthouse instead.');
  });
});

describe("Google's words for a retired model", () => {
  it('names the replacement only where the message names one', () => {
    expect(
      retirement(
        'gemini-1.0-pro-vision',
        'Gemini 1.0 Pro Vision has been deprecated on July 12, 2024. Consider switching to different model, for example gemini-1.5-flash.',
      ),
    ).toMatchObject({ replacement: 'gemini-1.5-flash' });
    const unnamed = retirement(
      'gemini-2.5-flash',
      'This model models/gemini-2.5-flash is no longer available to new users. Please update your code to use a newer model for the latest features and improvements.',
    );
    expect(unnamed).not.toBeNull();
    expect(unnamed?.replacement).toBeUndefined();
    expect(
      retirement(
        'gemini-pro',
        'models/gemini-pro is not found for API version v1beta, or is not supported for generateContent.',
      ),
    ).toBeNull();
  });
});
