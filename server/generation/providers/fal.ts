// fal's queue API (https://docs.fal.ai/model-apis/model-endpoints/queue): submit to
// queue.fal.run/{endpoint}, read the status URL the answer gives, fetch the result from its
// response URL, cancel with a PUT. The endpoint is configurable: Veo, Kling, Wan, Seedance on fal.

import { trimSlash } from '../../outbound/http';
import {
  dataUri,
  FAILED_MESSAGE,
  type ProviderHttpOptions,
  REFUSED_MESSAGE,
  requestJson,
} from './http';
import {
  type PollResult,
  ProviderError,
  type ProviderHandle,
  type VideoProvider,
} from './provider';

export const FAL_DEFAULT_BASE_URL = 'https://queue.fal.run';
export const FAL_DEFAULT_ENDPOINT = 'fal-ai/veo3/fast';

type FalSubmitted = {
  request_id: string;
  status_url?: string;
  response_url?: string;
  cancel_url?: string;
};
type FalStatus = {
  status: 'IN_QUEUE' | 'IN_PROGRESS' | 'COMPLETED' | string;
  metrics?: { inference_time?: number | null };
  // Not in fal's documented status shape; read in case a failure is reported here too.
  error?: string | null;
  error_type?: string | null;
};
type FalResult = { video?: { url?: string } | null };

/** fal's endpoint namespaces: their app id has three parts (workflows/owner/app). */
const NAMESPACES = new Set(['workflows', 'comfy']);

export function createFalProvider(
  options: ProviderHttpOptions & { apiKey: string; baseUrl?: string | null; model?: string | null },
): VideoProvider {
  const base = trimSlash(options.baseUrl ?? FAL_DEFAULT_BASE_URL);
  const endpoint = (options.model ?? FAL_DEFAULT_ENDPOINT).replace(/^\/+|\/+$/gu, '');
  const headers = { authorization: `Key ${options.apiKey}`, 'content-type': 'application/json' };
  const http = { fetch: options.fetch, timeoutMs: options.timeoutMs, refusal: falRefusal };
  // fal's request URLs name the app (owner/app) without the endpoint's sub-path: a request
  // to fal-ai/kling-video/v2.1/standard/text-to-video is polled at fal-ai/kling-video/requests/….
  const parts = endpoint.split('/');
  const app = parts.slice(0, NAMESPACES.has(parts[0] ?? '') ? 3 : 2).join('/');
  const requestUrl = (handle: ProviderHandle, suffix: string) =>
    `${base}/${app}/requests/${encodeURIComponent(handle.externalId)}${suffix}`;
  const isVeo = /veo/iu.test(endpoint);
  const isKling = /kling/iu.test(endpoint);
  const clipSeconds = (seconds: number) => (isVeo ? 8 : isKling ? (seconds > 5 ? 10 : 5) : seconds);

  return {
    name: 'fal',
    model: endpoint,
    clipSeconds,
    async submit(job, signal) {
      // Image-to-video is its own endpoint on fal: …/text-to-video becomes …/image-to-video.
      const target = job.image ? imageEndpoint(endpoint) : endpoint;
      const input: Record<string, unknown> = {
        prompt: job.prompt,
        aspect_ratio: job.aspectRatio === 'portrait' ? '9:16' : '16:9',
        // Endpoints disagree on the length's form: Veo on fal takes "4s" | "6s" | "8s", Kling
        // "5" | "10" and most others a number of seconds as a string.
        duration: isVeo ? '8s' : String(clipSeconds(job.durationSeconds)),
      };
      // fal documents data URIs as accepted by "some models" in place of a file URL; the video
      // endpoints configured here take them, which spares an upload to fal's CDN first.
      if (job.image) input.image_url = dataUri(job.image);
      const answer = await requestJson<FalSubmitted>(
        `${base}/${target}`,
        { method: 'POST', headers, body: JSON.stringify(input), signal },
        { ...http, what: 'video model' },
      );
      return {
        externalId: answer.request_id,
        statusUrl: answer.status_url,
        resultUrl: answer.response_url,
        cancelUrl: answer.cancel_url,
      };
    },
    async poll(handle, signal): Promise<PollResult> {
      const status = await requestJson<FalStatus>(
        handle.statusUrl ?? requestUrl(handle, '/status'),
        { headers, signal },
        { ...http, what: 'job' },
      );
      if (status.status === 'IN_QUEUE') return { state: 'queued' };
      if (status.status !== 'COMPLETED') return { state: 'running' };
      if (status.error) {
        const detail = `fal ${status.error_type ?? 'error'}: ${status.error}`;
        const refused = /content_policy|safety|nsfw/iu.test(detail);
        return {
          state: 'failed',
          refused,
          reason: refused ? REFUSED_MESSAGE : FAILED_MESSAGE,
          detail,
        };
      }
      // COMPLETED means the outcome is stored: a failed request answers its response URL with
      // the error it ended with, a 422 `detail` list for a refusal or a 5xx with `error_type`.
      let result: FalResult;
      try {
        result = await requestJson<FalResult>(
          handle.resultUrl ?? requestUrl(handle, ''),
          { headers, signal },
          { ...http, what: 'job', transient: storedFailureIsFinal },
        );
      } catch (error) {
        if (!(error instanceof ProviderError) || error.transient) throw error;
        const refused = error.details.refused === true;
        return {
          state: 'failed',
          refused,
          reason: refused ? REFUSED_MESSAGE : FAILED_MESSAGE,
          detail: `fal answered HTTP ${error.details.status}: ${String(error.cause ?? '')}`,
        };
      }
      const url = result.video?.url;
      if (!url) {
        return { state: 'failed', refused: false, reason: 'The video provider sent no video.' };
      }
      const seconds = status.metrics?.inference_time ?? undefined;
      return { state: 'succeeded', outputUrl: url, ...(seconds ? { seconds } : {}) };
    },
    async cancel(handle, signal) {
      await requestJson(
        handle.cancelUrl ?? requestUrl(handle, '/cancel'),
        { method: 'PUT', headers, signal },
        { ...http, what: 'job' },
      );
    },
    fetchOutput(outputUrl, signal) {
      // fal's media URLs are public; the key is not sent to the file host.
      return (options.fetch ?? globalThis.fetch)(outputUrl, { signal });
    },
  };
}

function imageEndpoint(endpoint: string): string {
  if (endpoint.endsWith('/image-to-video')) return endpoint;
  if (endpoint.endsWith('/text-to-video'))
    return endpoint.replace(/text-to-video$/u, 'image-to-video');
  return `${endpoint}/image-to-video`;
}

/**
 * A 5xx from a completed request's response URL that carries fal's `error_type` (body or
 * X-Fal-Error-Type header) is the request's own failure, kept by fal after its retries: asking
 * again gets the same answer. Other 5xx (no error type) stay passing outages.
 */
export function storedFailureIsFinal(
  status: number,
  body: unknown,
  headers: Headers,
): boolean | undefined {
  if (status < 500) return undefined;
  const typed =
    headers.has('x-fal-error-type') ||
    (typeof body === 'object' && body !== null && 'error_type' in body);
  return typed ? false : undefined;
}

/**
 * fal's model errors are a `detail` list of {loc, msg, type}; a safety checker's refusal has
 * type content_policy_violation (https://docs.fal.ai/errors). Some endpoints still answer a
 * plain `detail` string, so its words are read too.
 */
export function falRefusal(status: number, body: unknown): string | null {
  if (status !== 422 && status !== 400) return null;
  const detail = (body as { detail?: unknown } | null)?.detail;
  const typed =
    Array.isArray(detail) &&
    detail.some((item) => (item as { type?: unknown })?.type === 'content_policy_violation');
  const worded =
    typeof detail === 'string' && /content.?policy|content checker|nsfw|safety/iu.test(detail);
  return typed || worded ? REFUSED_MESSAGE : null;
}
