// fal's queue API client, shared by the fal video and image adapters, so they repeat no HTTP.
// https://docs.fal.ai/model-apis/model-endpoints/queue: submit to queue.fal.run/{endpoint} with Key
// auth, read the status URL the answer gives, fetch the outcome from its response URL, cancel with
// a PUT. The adapters only build their input and read their own result (a video, or images).

import { trimSlash } from '../../outbound/http';
import { failedResult, type ProviderHttpOptions, REFUSED_MESSAGE, requestJson } from './http';
import { fetchPublicFile } from './images/image-http';
import { type PollResult, ProviderError, type ProviderHandle } from './provider';

export const FAL_DEFAULT_BASE_URL = 'https://queue.fal.run';

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

/** fal's endpoint namespaces: their app id has three parts (workflows/owner/app). */
const NAMESPACES = new Set(['workflows', 'comfy']);

export function createFalClient(
  options: ProviderHttpOptions & { apiKey: string; baseUrl?: string | null; model: string },
) {
  const base = trimSlash(options.baseUrl ?? FAL_DEFAULT_BASE_URL);
  const endpoint = options.model.replace(/^\/+|\/+$/gu, '');
  const authorization = `Key ${options.apiKey}`;
  const headers = { authorization, 'content-type': 'application/json' };
  const http = { fetch: options.fetch, timeoutMs: options.timeoutMs, refusal: falRefusal };
  // fal's request URLs name the app (owner/app) without the endpoint's sub-path: a request
  // to fal-ai/kling-video/v2.1/standard/text-to-video is polled at fal-ai/kling-video/requests/….
  const parts = endpoint.split('/');
  const app = parts.slice(0, NAMESPACES.has(parts[0] ?? '') ? 3 : 2).join('/');
  const requestUrl = (handle: ProviderHandle, suffix: string) =>
    `${base}/${app}/requests/${encodeURIComponent(handle.externalId)}${suffix}`;

  return {
    base,
    endpoint,
    /** The key alone, for fal's other APIs (the Platform APIs' model search). */
    authorization,
    /** Queues `input` at `target` (the endpoint or a sibling); `what` names it in messages. */
    async submit(
      target: string,
      input: unknown,
      what: string,
      signal?: AbortSignal,
    ): Promise<ProviderHandle> {
      const answer = await requestJson<FalSubmitted>(
        `${base}/${target}`,
        { method: 'POST', headers, body: JSON.stringify(input), signal },
        { ...http, what },
      );
      return {
        externalId: answer.request_id,
        statusUrl: answer.status_url,
        resultUrl: answer.response_url,
        cancelUrl: answer.cancel_url,
      };
    },
    /**
     * The request's state; once COMPLETED, its stored outcome: a failure in fal's words, or the
     * result, which `read` turns into the adapter's answer (with the status, for its metrics).
     */
    async poll<T>(
      handle: ProviderHandle,
      signal: AbortSignal | undefined,
      read: (result: T, status: FalStatus) => PollResult,
    ): Promise<PollResult> {
      const status = await requestJson<FalStatus>(
        handle.statusUrl ?? requestUrl(handle, '/status'),
        { headers, signal },
        { ...http, what: 'job' },
      );
      if (status.status === 'IN_QUEUE') return { state: 'queued' };
      if (status.status !== 'COMPLETED') return { state: 'running' };
      if (status.error) {
        const detail = `fal ${status.error_type ?? 'error'}: ${status.error}`;
        return failedResult(/content_policy|safety|nsfw/iu.test(detail), detail);
      }
      // COMPLETED means the outcome is stored: a failed request answers its response URL with
      // the error it ended with, a 422 `detail` list for a refusal or a 5xx with `error_type`.
      let result: T;
      try {
        result = await requestJson<T>(
          handle.resultUrl ?? requestUrl(handle, ''),
          { headers, signal },
          { ...http, what: 'job', transient: storedFailureIsFinal },
        );
      } catch (error) {
        if (!(error instanceof ProviderError) || error.transient) throw error;
        return failedResult(
          error.details.refused === true,
          `fal answered HTTP ${error.details.status}: ${String(error.cause ?? '')}`,
        );
      }
      return read(result, status);
    },
    async cancel(handle: ProviderHandle, signal?: AbortSignal): Promise<void> {
      await requestJson(
        handle.cancelUrl ?? requestUrl(handle, '/cancel'),
        { method: 'PUT', headers, signal },
        { ...http, what: 'job' },
      );
    },
    /** fal's media URLs (v3.fal.media) are public; the key is not sent to the file host. */
    fetchOutput(outputUrl: string, signal?: AbortSignal): Promise<Response> {
      return fetchPublicFile(options.fetch, outputUrl, signal);
    },
  };
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
