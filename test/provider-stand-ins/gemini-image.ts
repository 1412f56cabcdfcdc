// A stand-in for the Gemini API, as the Gemini image adapter uses it.
// Documented shapes, for the image contract and the adapter's own tests: generateContent answering
// the picture at once in an inlineData part (after interim thought pictures, for Gemini 3), a
// blocked prompt, a filtered picture, an answer in words only, Google's error bodies (a wrong key
// is a 400 there), a retired model's 404, and models.get.
import sharp from 'sharp';
import { GEMINI_IMAGE_DEFAULT_MODEL } from '../../server/generation/providers/images/gemini-image';
import type { FakeError } from '../fake-providers';
import { type Received, scriptedError, serve } from './serve';

/** A model the stand-in answers as Google does one it has shut down. */
export const GEMINI_IMAGE_RETIRED_MODEL = 'gemini-2.5-flash-image-preview';
export const GEMINI_IMAGE_RETIRED_MESSAGE = `This model models/${GEMINI_IMAGE_RETIRED_MODEL} is no longer available. Use gemini-3.1-flash-image instead.`;

export type GeminiImageScript = {
  /** What the next generateContent answers. */
  outcome: 'picture' | 'thought-then-picture' | 'blocked-prompt' | 'image-safety' | 'text-only';
  submitErrors: FakeError[];
};

export type GeminiImageStandIn = {
  baseUrl: string;
  apiKey: string;
  png: Buffer;
  /** The interim picture a thought part carries. */
  thoughtPng: Buffer;
  received: Received[];
  script: GeminiImageScript;
  close(): Promise<void>;
};

/** A google.rpc.Status error body. */
export function googleError(code: number, status: string, message: string, details?: unknown[]) {
  return { error: { code, message, status, ...(details ? { details } : {}) } };
}

export function geminiImageScript(): GeminiImageScript {
  return { outcome: 'picture', submitErrors: [] };
}

export async function startGeminiImageStandIn(): Promise<GeminiImageStandIn> {
  const still = (background: string) =>
    sharp({ create: { width: 64, height: 36, channels: 3, background } })
      .png()
      .toBuffer();
  const png = await still('#336699');
  const thoughtPng = await still('#999999');
  const standIn = {
    apiKey: 'AIzaTestKey-1234567890',
    png,
    thoughtPng,
    script: geminiImageScript(),
  };
  const type = { 'content-type': 'application/json; charset=UTF-8' };

  const served = await serve((request, respond) => {
    const path = decodeURIComponent(new URL(request.path, 'http://stand-in').pathname);
    if (request.headers['x-goog-api-key'] !== standIn.apiKey) {
      const invalid = 'API key not valid. Please pass a valid API key.';
      respond(400, googleError(400, 'INVALID_ARGUMENT', invalid), type);
      return;
    }
    const model = /^\/v1beta\/models\/([\w.-]+)(:generateContent)?$/u.exec(path);
    if (model?.[1] === GEMINI_IMAGE_RETIRED_MODEL) {
      respond(404, googleError(404, 'NOT_FOUND', GEMINI_IMAGE_RETIRED_MESSAGE), type);
      return;
    }
    if (model?.[1] !== GEMINI_IMAGE_DEFAULT_MODEL) {
      const message = `models/${model?.[1]} is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.`;
      respond(404, googleError(404, 'NOT_FOUND', message), type);
      return;
    }
    if (request.method === 'GET' && !model[2]) {
      respond(
        200,
        {
          name: `models/${GEMINI_IMAGE_DEFAULT_MODEL}`,
          version: '3.1',
          displayName: 'Gemini 3.1 Flash Image',
          supportedGenerationMethods: ['generateContent', 'countTokens', 'batchGenerateContent'],
        },
        type,
      );
      return;
    }
    if (scriptedError(standIn.script.submitErrors, request, respond)) return;
    const usageMetadata = {
      promptTokenCount: 9,
      candidatesTokenCount: 1120,
      totalTokenCount: 1129,
    };
    const answered = (body: Record<string, unknown>, responseId: string) =>
      respond(200, { ...body, modelVersion: GEMINI_IMAGE_DEFAULT_MODEL, responseId }, type);
    const candidate = (content: unknown, finishReason: string) => ({
      candidates: [{ content, finishReason, index: 0 }],
      usageMetadata,
    });
    const finalPart = { inlineData: { mimeType: 'image/png', data: png.toString('base64') } };
    switch (standIn.script.outcome) {
      case 'picture':
      case 'thought-then-picture': {
        const thoughts =
          standIn.script.outcome === 'thought-then-picture'
            ? [
                { text: 'Composing the lighthouse…', thought: true },
                {
                  inlineData: { mimeType: 'image/png', data: thoughtPng.toString('base64') },
                  thought: true,
                },
              ]
            : [];
        const parts = [...thoughts, finalPart];
        answered(candidate({ role: 'model', parts }, 'STOP'), 'resp-lighthouse-1');
        return;
      }
      case 'blocked-prompt':
        answered(
          {
            promptFeedback: { blockReason: 'PROHIBITED_CONTENT' },
            usageMetadata: { promptTokenCount: 9, totalTokenCount: 9 },
          },
          'resp-blocked',
        );
        return;
      case 'image-safety':
        answered(candidate({ role: 'model' }, 'IMAGE_SAFETY'), 'resp-filtered');
        return;
      case 'text-only': {
        const parts = [{ text: 'I can describe a lighthouse instead.' }];
        answered(candidate({ role: 'model', parts }, 'STOP'), 'resp-text');
        return;
      }
    }
  }, '/v1beta');
  return Object.assign(standIn, {
    baseUrl: served.baseUrl,
    received: served.received,
    close: served.close,
  });
}
