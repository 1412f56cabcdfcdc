// Replicate's predictions API (https://replicate.com/docs/reference/http): create a prediction
// for a model (owner/name, or owner/name:version), get it by the URL its answer gives, cancel it.
// The image goes in as a data URI under the model's own input name (VIDEO_IMAGE_FIELD).

import { trimSlash } from '../../outbound/http';
import {
  dataUri,
  FAILED_MESSAGE,
  type ProviderHttpOptions,
  REFUSED_MESSAGE,
  requestJson,
} from './http';
import { checkModelAt } from './images/image-http';
import type { PollResult, SceneJob, VideoProvider } from './provider';

export const REPLICATE_DEFAULT_BASE_URL = 'https://api.replicate.com/v1';
export const REPLICATE_DEFAULT_MODEL = 'google/veo-3-fast';

type Prediction = {
  id: string;
  status: 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled' | string;
  output?: string | string[] | null;
  error?: string | null;
  logs?: string | null;
  metrics?: { predict_time?: number };
  urls?: { get?: string; cancel?: string };
};

export function createReplicateProvider(
  options: ProviderHttpOptions & {
    apiKey: string;
    baseUrl?: string | null;
    model?: string | null;
    imageField?: string | null;
  },
): VideoProvider {
  const base = trimSlash(options.baseUrl ?? REPLICATE_DEFAULT_BASE_URL);
  const model = options.model ?? REPLICATE_DEFAULT_MODEL;
  const imageField = options.imageField ?? 'image';
  const headers = { authorization: `Bearer ${options.apiKey}`, 'content-type': 'application/json' };
  const http = { fetch: options.fetch, timeoutMs: options.timeoutMs, refusal: replicateRefusal };
  // owner/name runs an official model's latest version; owner/name:version a given one.
  const [name, version] = model.split(':');

  return {
    name: 'replicate',
    model,
    clipSeconds: (seconds) => seconds,
    async submit(job: SceneJob, signal?: AbortSignal) {
      const input: Record<string, unknown> = {
        prompt: job.prompt,
        aspect_ratio: job.aspectRatio === 'portrait' ? '9:16' : '16:9',
        duration: job.durationSeconds,
      };
      if (job.image) input[imageField] = dataUri(job.image);
      const [url, body] = version
        ? [`${base}/predictions`, { version, input }]
        : [`${base}/models/${name}/predictions`, { input }];
      const prediction = await requestJson<Prediction>(
        url,
        { method: 'POST', headers, body: JSON.stringify(body), signal },
        { ...http, what: 'video model' },
      );
      return {
        externalId: prediction.id,
        statusUrl: prediction.urls?.get,
        cancelUrl: prediction.urls?.cancel,
      };
    },
    async poll(handle, signal): Promise<PollResult> {
      const prediction = await requestJson<Prediction>(
        handle.statusUrl ?? `${base}/predictions/${encodeURIComponent(handle.externalId)}`,
        { headers, signal },
        { ...http, what: 'job' },
      );
      if (prediction.status === 'starting') return { state: 'queued' };
      if (prediction.status === 'processing') {
        return { state: 'running', progress: progressFromLogs(prediction.logs) };
      }
      if (prediction.status === 'succeeded') {
        const output = Array.isArray(prediction.output) ? prediction.output[0] : prediction.output;
        if (!output) {
          return { state: 'failed', refused: false, reason: 'The video provider sent no video.' };
        }
        const seconds = prediction.metrics?.predict_time;
        return { state: 'succeeded', outputUrl: output, ...(seconds ? { seconds } : {}) };
      }
      // failed, canceled (or aborted): `error` says why, in Replicate's or the model's words.
      const refused = isRefusal(prediction.error ?? '');
      return {
        state: 'failed',
        refused,
        reason: refused ? REFUSED_MESSAGE : FAILED_MESSAGE,
        detail: `Replicate ${prediction.status}: ${prediction.error ?? ''}`.trim(),
      };
    },
    async cancel(handle, signal) {
      await requestJson(
        handle.cancelUrl ?? `${base}/predictions/${encodeURIComponent(handle.externalId)}/cancel`,
        { method: 'POST', headers, signal },
        { ...http, what: 'job' },
      );
    },
    fetchOutput(outputUrl, signal) {
      // replicate.delivery files are public; the token is not sent to the file host.
      return (options.fetch ?? globalThis.fetch)(outputUrl, { signal });
    },
    checkModel(signal) {
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

/** The last percentage a model's progress bar printed (`45%|████`), as 0..1. */
export function progressFromLogs(logs: string | null | undefined): number | undefined {
  const matches = [...(logs ?? '').matchAll(/(\d{1,3})%\|/gu)];
  const last = matches.at(-1)?.[1];
  return last === undefined ? undefined : Math.min(1, Number(last) / 100);
}

/** Replicate's safety checker: "flagged as sensitive … (E005)"; models' own NSFW filters. */
function isRefusal(text: string): boolean {
  return /nsfw|sensitive|E005|safety|content policy/iu.test(text);
}

function replicateRefusal(status: number, body: unknown): string | null {
  return status === 422 && isRefusal(JSON.stringify(body ?? '')) ? REFUSED_MESSAGE : null;
}
