// Gemini's image models on the Gemini API (https://ai.google.dev/gemini-api/docs/image-generation):
// one POST models/{model}:generateContent asking for the IMAGE modality answers the picture itself,
// base64 in an inlineData part. There is no job: submit hands the bytes back as `output`, which the
// durable flow stores at once and never polls. The call (the key in x-goog-api-key, never in a URL)
// is ../google-client.ts's.
import { randomUUID } from 'node:crypto';
import { trimSlash } from '../../../outbound/http';
import { retryDelaySeconds } from '../google';
import { createGoogleClient, GEMINI_API_BASE_URL, geminiKeyAuth } from '../google-client';
import { type ProviderHttpOptions, REFUSED_MESSAGE } from '../http';
import { type ImageProvider, type ModelCheck, ProviderError } from '../provider';
import { asRetired, checkModelAt, NO_PICTURE_MESSAGE, ratioText } from './image-http';

export const GEMINI_IMAGE_DEFAULT_BASE_URL = GEMINI_API_BASE_URL;
export const GEMINI_IMAGE_DEFAULT_MODEL = 'gemini-3.1-flash-image';
/**
 * The answer is the picture, made while the request waits (typically 5–20 s, longer under load),
 * so the submission gets more time than a call that only queues a job.
 */
export const GEMINI_IMAGE_TIMEOUT_MS = 120_000;

type GeminiPart = {
  text?: string;
  /** Gemini 3 image models may show interim "thought" pictures before the final one. */
  thought?: boolean;
  inlineData?: { mimeType?: string; data?: string };
};
type GenerateContentResponse = {
  candidates?: {
    content?: { parts?: GeminiPart[] };
    finishReason?: string;
    finishMessage?: string;
  }[];
  promptFeedback?: { blockReason?: string; blockReasonMessage?: string };
  responseId?: string;
  modelVersion?: string;
};
type GeminiModel = { name?: string; supportedGenerationMethods?: string[] };

/**
 * Finish reasons that mean a filter held the picture back (the API's FinishReason enum): the
 * prompt may pass once reworded, so the member is asked to rephrase.
 */
const REFUSAL_FINISH_REASONS = new Set([
  'SAFETY',
  'PROHIBITED_CONTENT',
  'BLOCKLIST',
  'SPII',
  'RECITATION',
  'IMAGE_SAFETY',
  'IMAGE_PROHIBITED_CONTENT',
  'IMAGE_RECITATION',
]);

export function createGeminiImageProvider(
  options: ProviderHttpOptions & { apiKey: string; baseUrl?: string | null; model?: string | null },
): ImageProvider {
  const base = trimSlash(options.baseUrl ?? GEMINI_IMAGE_DEFAULT_BASE_URL);
  const model = (options.model ?? GEMINI_IMAGE_DEFAULT_MODEL).replace(/^models\//u, '');
  const auth = geminiKeyAuth(options.apiKey);
  const google = createGoogleClient({ ...options, base, model, auth });
  const modelUrl = `${base}/models/${encodeURIComponent(model)}`;

  return {
    kind: 'image',
    name: 'gemini',
    model,
    async submit(job, signal) {
      const body = {
        contents: [{ parts: [{ text: job.prompt }] }],
        generationConfig: {
          // IMAGE alone: the model may otherwise answer a sentence about the picture instead.
          responseModalities: ['IMAGE'],
          imageConfig: { aspectRatio: ratioText(job.aspectRatio) },
        },
      };
      const answer = await google
        .call<GenerateContentResponse>(`${modelUrl}:generateContent`, {
          method: 'POST',
          body: JSON.stringify(body),
          signal,
          what: 'image model',
          json: true,
          timeoutMs: options.timeoutMs ?? GEMINI_IMAGE_TIMEOUT_MS,
        })
        .catch((error: unknown) => {
          throw withRetryDelay(asRetired(error, model));
        });
      return {
        externalId: answer.responseId ?? randomUUID(),
        output: pictureIn(answer),
      };
    },
    async poll(handle) {
      // Must not happen: the durable flow stores `output` from submit and never polls it.
      throw new Error(
        `Gemini image ${handle.externalId} has no job to poll: its picture came with the submission.`,
      );
    },
    async cancel() {
      // Nothing runs after the answer: the request either made its picture or failed.
    },
    async fetchOutput() {
      // Must not happen, as for poll: there is never an output URL to fetch.
      throw new Error(
        'Gemini image pictures arrive with the submission; there is no file to fetch.',
      );
    },
    async checkModel(signal) {
      // Read with the image models' words for a retirement (./image-http.ts), not the video's.
      return checkModelAt<GeminiModel>(
        modelUrl,
        { headers: await auth(false), signal },
        { fetch: options.fetch, timeoutMs: options.timeoutMs, model, read: readModel },
      );
    },
  };
}

/**
 * The final picture of the first candidate, or why there is none: a blocked prompt or a
 * filtered picture is a refusal; any other answer without a picture (text only, NO_IMAGE, OTHER)
 * is a final failure, as asking again would most likely be answered alike.
 */
function pictureIn(answer: GenerateContentResponse): { data: Buffer; mimeType: string } {
  const blocked = answer.promptFeedback?.blockReason;
  if (blocked) {
    const said = answer.promptFeedback?.blockReasonMessage ?? '';
    throw refusal(`Gemini blocked the prompt: ${blocked}. ${said}`.trim());
  }
  const candidate = answer.candidates?.[0];
  const parts = candidate?.content?.parts ?? [];
  const picture = parts.find((part) => !part.thought && part.inlineData?.data)?.inlineData;
  if (picture?.data) {
    return { data: Buffer.from(picture.data, 'base64'), mimeType: picture.mimeType ?? 'image/png' };
  }
  const reason = candidate?.finishReason ?? 'no candidate';
  const said = [candidate?.finishMessage, ...parts.map((part) => part.text)].filter(Boolean);
  const detail = `Gemini finished with ${reason} and no picture. ${said.join(' ')}`.trim();
  if (REFUSAL_FINISH_REASONS.has(reason)) throw refusal(detail);
  throw new ProviderError(NO_PICTURE_MESSAGE, { status: 200, transient: false, cause: detail });
}

function refusal(detail: string): ProviderError {
  // Google's reasons stay in the log: they can quote the prompt or name policies.
  return new ProviderError(REFUSED_MESSAGE, {
    status: 200,
    transient: false,
    refused: true,
    cause: detail,
  });
}

/** A model that serves generateContent; one listed without it cannot make pictures here. */
function readModel(body: GeminiModel): ModelCheck {
  const methods = body.supportedGenerationMethods;
  if (methods && !methods.includes('generateContent')) {
    return {
      state: 'unknown',
      detail: `${body.name ?? 'The model'} does not serve generateContent.`,
    };
  }
  return { state: 'available' };
}

/**
 * Google says when to come back in the 429's body (google.rpc.RetryInfo `retryDelay: "23s"`)
 * rather than in a Retry-After header; it is read from there when the header is absent.
 */
function withRetryDelay(error: unknown): unknown {
  if (!(error instanceof ProviderError) || !error.transient) return error;
  if (error.details.retryAfterMs !== undefined || typeof error.cause !== 'string') return error;
  const delay = retryDelaySeconds(error.cause);
  if (delay === undefined) return error;
  return new ProviderError(error.message, { ...error.details, retryAfterMs: delay * 1000 });
}
