// Replicate's predictions API client, shared by the Replicate video and image adapters.
// https://replicate.com/docs/reference/http: create a prediction for a model (owner/name, or
// owner/name:version) with Bearer auth, get it by the URL its answer gives, cancel it, and ask for
// the model's own page at start-up. The adapters only build their input and name what they make.

import { trimSlash } from '../../outbound/http';
import { failedResult, type ProviderHttpOptions, REFUSED_MESSAGE, requestJson } from './http';
import { checkModelAt, fetchPublicFile } from './images/image-http';
import type { ModelCheck, PollResult, ProviderHandle } from './provider';

export const REPLICATE_DEFAULT_BASE_URL = 'https://api.replicate.com/v1';

type Prediction = {
  id: string;
  status: 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled' | 'aborted' | string;
  output?: string | string[] | null;
  error?: string | null;
  logs?: string | null;
  metrics?: { predict_time?: number };
  urls?: { get?: string; cancel?: string };
};

/** How an adapter reads a prediction: its words for no output, and progress from the logs. */
type PredictionReading = {
  noOutput: string;
  /** Present: a processing prediction's progress (0..1) from its logs; absent: none is given. */
  progress?: (logs: string | null | undefined) => number | undefined;
};

export function createReplicateClient(
  options: ProviderHttpOptions & { apiKey: string; baseUrl?: string | null; model: string },
) {
  const base = trimSlash(options.baseUrl ?? REPLICATE_DEFAULT_BASE_URL);
  const model = options.model;
  const headers = { authorization: `Bearer ${options.apiKey}`, 'content-type': 'application/json' };
  const http = { fetch: options.fetch, timeoutMs: options.timeoutMs, refusal: replicateRefusal };
  // owner/name runs an official model's latest version; owner/name:version a given one.
  const [name, version] = model.split(':');
  const predictionUrl = (id: string) => `${base}/predictions/${encodeURIComponent(id)}`;

  return {
    /** Creates a prediction of the model with `input`; `what` names the model in messages. */
    async submit(input: unknown, what: string, signal?: AbortSignal): Promise<ProviderHandle> {
      const [url, body] = version
        ? [`${base}/predictions`, { version, input }]
        : [`${base}/models/${name}/predictions`, { input }];
      const prediction = await requestJson<Prediction>(
        url,
        { method: 'POST', headers, body: JSON.stringify(body), signal },
        { ...http, what },
      );
      return {
        externalId: prediction.id,
        statusUrl: prediction.urls?.get,
        cancelUrl: prediction.urls?.cancel,
      };
    },
    async poll(
      handle: ProviderHandle,
      signal: AbortSignal | undefined,
      reading: PredictionReading,
    ): Promise<PollResult> {
      const prediction = await requestJson<Prediction>(
        handle.statusUrl ?? predictionUrl(handle.externalId),
        { headers, signal },
        { ...http, what: 'job' },
      );
      if (prediction.status === 'starting') return { state: 'queued' };
      if (prediction.status === 'processing') {
        return reading.progress
          ? { state: 'running', progress: reading.progress(prediction.logs) }
          : { state: 'running' };
      }
      if (prediction.status === 'succeeded') {
        // FLUX answers a list of file URLs (one per num_outputs); other models a single URL.
        const output = Array.isArray(prediction.output) ? prediction.output[0] : prediction.output;
        if (!output) return { state: 'failed', refused: false, reason: reading.noOutput };
        const seconds = prediction.metrics?.predict_time;
        return { state: 'succeeded', outputUrl: output, ...(seconds ? { seconds } : {}) };
      }
      // failed, canceled or aborted: `error` says why, in Replicate's or the model's words.
      return failedResult(
        isRefusal(prediction.error ?? ''),
        `Replicate ${prediction.status}: ${prediction.error ?? ''}`.trim(),
      );
    },
    async cancel(handle: ProviderHandle, signal?: AbortSignal): Promise<void> {
      await requestJson(
        handle.cancelUrl ?? `${predictionUrl(handle.externalId)}/cancel`,
        { method: 'POST', headers, signal },
        { ...http, what: 'job' },
      );
    },
    /** replicate.delivery files are public (for an hour): the token is not sent to them. */
    fetchOutput(outputUrl: string, signal?: AbortSignal): Promise<Response> {
      return fetchPublicFile(options.fetch, outputUrl, signal);
    },
    checkModel(signal?: AbortSignal): Promise<ModelCheck> {
      // The model's (or the pinned version's) own page in the API: 200 serves, 404 is gone.
      const url = version
        ? `${base}/models/${name}/versions/${encodeURIComponent(version)}`
        : `${base}/models/${name}`;
      return checkModelAt(
        url,
        { headers: { authorization: headers.authorization }, signal },
        { fetch: options.fetch, timeoutMs: options.timeoutMs, model },
      );
    },
  };
}

/**
 * Replicate's own safety filter says "flagged as sensitive (E005)"; models' own filters (FLUX's
 * "NSFW content detected") speak of NSFW, safety or a content policy.
 */
function isRefusal(text: string): boolean {
  return /nsfw|sensitive|E005|safety|content policy/iu.test(text);
}

function replicateRefusal(status: number, body: unknown): string | null {
  return status === 422 && isRefusal(JSON.stringify(body ?? '')) ? REFUSED_MESSAGE : null;
}
