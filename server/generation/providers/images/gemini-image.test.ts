// The Gemini image client against a stand-in of the Gemini API, speaking its documented shapes:
// generateContent with the IMAGE modality and the aspect ratio (key in x-goog-api-key), the
// picture answered at once in an inlineData part (interim thought pictures skipped), blocked
// prompts and filtered pictures as refusals, no picture, 429s, a retired model, and models.get.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REFUSED_MESSAGE } from '../http';
import { type ImageJob, type ImageProvider, ProviderError } from '../provider';
import { createGeminiImageProvider, GEMINI_IMAGE_DEFAULT_MODEL } from './gemini-image';
import { NO_PICTURE_MESSAGE, RETIRED_IMAGE_MODEL_MESSAGE, retirement } from './image-http';

const API_KEY = 'AIzaTestKey-1234567890';
const RETIRED = 'gemini-2.5-flash-image-preview';

type Received = {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
};
/** What the next generateContent answers. */
type Answer =
  | 'picture'
  | 'thought-then-picture'
  | 'blocked-prompt'
  | 'image-safety'
  | 'text-only'
  | 'rate-limited-header'
  | 'rate-limited-retry-info';

let png: Buffer;
let thoughtPng: Buffer;
let baseUrl: string;
let close: () => Promise<void>;
let answer: Answer;
const received: Received[] = [];

beforeAll(async () => {
  const still = (background: string) =>
    sharp({ create: { width: 64, height: 36, channels: 3, background } })
      .png()
      .toBuffer();
  png = await still('#336699');
  thoughtPng = await still('#999999');
  const server = createServer((request, response) => {
    void handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1beta`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});
afterAll(() => close());
beforeEach(() => {
  answer = 'picture';
  received.length = 0;
});

function googleError(code: number, status: string, message: string, details?: unknown[]) {
  return { error: { code, message, status, ...(details ? { details } : {}) } };
}

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  const path = decodeURIComponent(new URL(request.url ?? '/', baseUrl).pathname);
  const sent: Received = {
    method: request.method ?? 'GET',
    path,
    headers: request.headers,
    body: text ? JSON.parse(text) : null,
  };
  received.push(sent);
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
    response.end(JSON.stringify(body));
  };
  if (request.headers['x-goog-api-key'] !== API_KEY) {
    json(
      400,
      googleError(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.'),
    );
    return;
  }
  const model = /^\/v1beta\/models\/([\w.-]+)(:generateContent)?$/u.exec(path);
  if (model?.[1] === RETIRED) {
    json(
      404,
      googleError(
        404,
        'NOT_FOUND',
        `This model models/${RETIRED} is no longer available. Use gemini-3.1-flash-image instead.`,
      ),
    );
    return;
  }
  if (model?.[1] !== GEMINI_IMAGE_DEFAULT_MODEL) {
    json(
      404,
      googleError(
        404,
        'NOT_FOUND',
        `models/${model?.[1]} is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.`,
      ),
    );
    return;
  }
  if (sent.method === 'GET' && !model[2]) {
    json(200, {
      name: `models/${GEMINI_IMAGE_DEFAULT_MODEL}`,
      version: '3.1',
      displayName: 'Gemini 3.1 Flash Image',
      supportedGenerationMethods: ['generateContent', 'countTokens', 'batchGenerateContent'],
    });
    return;
  }
  const usageMetadata = { promptTokenCount: 9, candidatesTokenCount: 1120, totalTokenCount: 1129 };
  const finalPart = { inlineData: { mimeType: 'image/png', data: png.toString('base64') } };
  switch (answer) {
    case 'picture':
    case 'thought-then-picture':
      json(200, {
        candidates: [
          {
            content: {
              role: 'model',
              parts: [
                ...(answer === 'thought-then-picture'
                  ? [
                      { text: 'Composing the lighthouse…', thought: true },
                      {
                        inlineData: { mimeType: 'image/png', data: thoughtPng.toString('base64') },
                        thought: true,
                      },
                    ]
                  : []),
                finalPart,
              ],
            },
            finishReason: 'STOP',
            index: 0,
          },
        ],
        usageMetadata,
        modelVersion: GEMINI_IMAGE_DEFAULT_MODEL,
        responseId: 'resp-lighthouse-1',
      });
      return;
    case 'blocked-prompt':
      json(200, {
        promptFeedback: { blockReason: 'PROHIBITED_CONTENT' },
        usageMetadata: { promptTokenCount: 9, totalTokenCount: 9 },
        modelVersion: GEMINI_IMAGE_DEFAULT_MODEL,
        responseId: 'resp-blocked',
      });
      return;
    case 'image-safety':
      json(200, {
        candidates: [{ content: { role: 'model' }, finishReason: 'IMAGE_SAFETY', index: 0 }],
        usageMetadata,
        modelVersion: GEMINI_IMAGE_DEFAULT_MODEL,
        responseId: 'resp-filtered',
      });
      return;
    case 'text-only':
      json(200, {
        candidates: [
          {
            content: { role: 'model', parts: [{ text: 'I can describe a lighthouse instead.' }] },
            finishReason: 'STOP',
            index: 0,
          },
        ],
        usageMetadata,
        modelVersion: GEMINI_IMAGE_DEFAULT_MODEL,
        responseId: 'resp-text',
      });
      return;
    case 'rate-limited-header':
      json(
        429,
        googleError(429, 'RESOURCE_EXHAUSTED', 'Resource has been exhausted (e.g. check quota).'),
        { 'retry-after': '1' },
      );
      return;
    case 'rate-limited-retry-info':
      json(
        429,
        googleError(429, 'RESOURCE_EXHAUSTED', 'You exceeded your current quota.', [
          { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '23s' },
        ]),
      );
      return;
  }
}

function gemini(overrides: Partial<Parameters<typeof createGeminiImageProvider>[0]> = {}) {
  return createGeminiImageProvider({ apiKey: API_KEY, baseUrl, model: null, ...overrides });
}

function job(overrides: Partial<ImageJob> = {}): ImageJob {
  return { prompt: 'A lighthouse at dusk', aspectRatio: 'landscape', ...overrides };
}

async function caught(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ProviderError);
  expect(`${(error as Error).message} ${String((error as Error).cause)}`).not.toContain(API_KEY);
  return error as ProviderError;
}

describe('the Gemini image provider', () => {
  it('asks generateContent for an IMAGE at 16:9 with the key in x-goog-api-key, and gets it at once', async () => {
    const provider: ImageProvider = gemini();
    expect(provider).toMatchObject({
      kind: 'image',
      name: 'gemini',
      model: GEMINI_IMAGE_DEFAULT_MODEL,
    });
    const submitted = await provider.submit(job());
    const sent = received.at(-1);
    expect(sent?.method).toBe('POST');
    expect(sent?.path).toBe(`/v1beta/models/${GEMINI_IMAGE_DEFAULT_MODEL}:generateContent`);
    expect(sent?.headers['x-goog-api-key']).toBe(API_KEY);
    expect(sent?.headers.authorization).toBeUndefined();
    expect(sent?.body).toEqual({
      contents: [{ parts: [{ text: 'A lighthouse at dusk' }] }],
      generationConfig: {
        responseModalities: ['IMAGE'],
        imageConfig: { aspectRatio: '16:9' },
      },
    });
    expect(submitted.externalId).toBe('resp-lighthouse-1');
    expect(submitted.output?.mimeType).toBe('image/png');
    expect(submitted.output?.data.equals(png)).toBe(true);
    const picture = await sharp(submitted.output?.data).metadata();
    expect(picture).toMatchObject({ format: 'png', width: 64, height: 36 });
  });

  it('asks for 9:16 for a portrait video', async () => {
    await gemini().submit(job({ aspectRatio: 'portrait' }));
    expect(received.at(-1)?.body).toMatchObject({
      generationConfig: { imageConfig: { aspectRatio: '9:16' } },
    });
  });

  it('skips interim thought pictures and keeps the final one', async () => {
    answer = 'thought-then-picture';
    const submitted = await gemini().submit(job());
    expect(submitted.output?.data.equals(png)).toBe(true);
  });

  it('has no job to poll or file to fetch, and nothing to cancel', async () => {
    const provider = gemini();
    const submitted = await provider.submit(job());
    await expect(provider.poll(submitted)).rejects.toThrow(/no job to poll/u);
    await expect(provider.fetchOutput('https://example.com/x.png')).rejects.toThrow(
      /no file to fetch/u,
    );
    const before = received.length;
    await provider.cancel(submitted);
    expect(received.length).toBe(before);
  });

  it('reads a blocked prompt as a final refusal', async () => {
    answer = 'blocked-prompt';
    const error = await caught(gemini().submit(job()));
    expect(error.message).toBe(REFUSED_MESSAGE);
    expect(error.details).toMatchObject({ transient: false, refused: true });
    expect(String(error.cause)).toContain('PROHIBITED_CONTENT');
  });

  it('reads an IMAGE_SAFETY finish as a final refusal', async () => {
    answer = 'image-safety';
    const error = await caught(gemini().submit(job()));
    expect(error.message).toBe(REFUSED_MESSAGE);
    expect(error.details).toMatchObject({ transient: false, refused: true });
    expect(String(error.cause)).toContain('IMAGE_SAFETY');
  });

  it('reads an answer without a picture as a final failure', async () => {
    answer = 'text-only';
    const error = await caught(gemini().submit(job()));
    expect(error.message).toBe(NO_PICTURE_MESSAGE);
    expect(error.details).toMatchObject({ transient: false });
    expect(error.details.refused).toBeUndefined();
    expect(String(error.cause)).toContain('I can describe a lighthouse instead.');
  });

  it('reads a 429 as passing, after Retry-After or the RetryInfo delay in its body', async () => {
    answer = 'rate-limited-header';
    const limited = await caught(gemini().submit(job()));
    expect(limited.details).toMatchObject({ status: 429, transient: true, retryAfterMs: 1000 });

    answer = 'rate-limited-retry-info';
    const quota = await caught(gemini().submit(job()));
    expect(quota.details).toMatchObject({ status: 429, transient: true, retryAfterMs: 23_000 });
  });

  it('reads a 404 "no longer available" at submission as a retired model', async () => {
    const error = await caught(gemini({ model: RETIRED }).submit(job()));
    expect(error.message).toBe(RETIRED_IMAGE_MODEL_MESSAGE);
    expect(error.details).toMatchObject({ status: 404, transient: false, retired: true });
    expect(String(error.cause)).toContain('replacement: gemini-3.1-flash-image');
  });

  it('keeps the key out of a rejected key', async () => {
    const error = await caught(gemini({ apiKey: `${API_KEY}-wrong` }).submit(job()));
    expect(error.details).toMatchObject({ status: 400, transient: false, refused: false });
  });

  it('checks the model with models.get: available, retired with its replacement, or unknown', async () => {
    expect(await gemini().checkModel()).toEqual({ state: 'available' });
    expect(received.at(-1)).toMatchObject({
      method: 'GET',
      path: `/v1beta/models/${GEMINI_IMAGE_DEFAULT_MODEL}`,
      headers: { 'x-goog-api-key': API_KEY },
    });

    expect(await gemini({ model: `models/${RETIRED}` }).checkModel()).toEqual({
      state: 'retired',
      detail: `This model models/${RETIRED} is no longer available. Use gemini-3.1-flash-image instead.`,
      replacement: 'gemini-3.1-flash-image',
    });
    expect(await gemini({ model: 'gemini-3.1-flash-imag' }).checkModel()).toMatchObject({
      state: 'unknown',
      detail: expect.stringContaining('is not found for API version v1beta'),
    });
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
