// Replicate's predictions API for a text-to-image model (FLUX.1 [schnell] unless IMAGE_MODEL names
// another): create a prediction for owner/name (or owner/name:version), poll its `urls.get`, take
// the picture's URL from `output`, cancel at `urls.cancel` (https://replicate.com/docs/reference/http).

import { trimSlash } from '../../../outbound/http';
import { FAILED_MESSAGE, type ProviderHttpOptions, REFUSED_MESSAGE, requestJson } from '../http';
import type { ImageProvider, PollResult } from '../provider';
import {
  asRetired,
  checkModelAt,
  fetchPublicFile,
  NO_PICTURE_MESSAGE,
  ratioText,
} from './image-http';

/** With /v1, as REPLICATE_BASE_URL is for the video client. */
export const REPLICATE_IMAGE_DEFAULT_BASE_URL = 'https://api.replicate.com/v1';
export const REPLICATE_IMAGE_DEFAULT_MODEL = 'black-forest-labs/flux-schnell';

type Prediction = {
  id: string;
  status: 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled' | 'aborted' | string;
  output?: string | string[] | null;
  error?: string | null;
  metrics?: { predict_time?: number };
  urls?: { get?: string; cancel?: string };
};

export function createReplicateImageProvider(
  options: ProviderHttpOptions & { apiKey: string; baseUrl?: string | null; model?: string | null },
): ImageProvider {
  const base = trimSlash(options.baseUrl ?? REPLICATE_IMAGE_DEFAULT_BASE_URL);
  const model = options.model ?? REPLICATE_IMAGE_DEFAULT_MODEL;
  const headers = { authorization: `Bearer ${options.apiKey}`, 'content-type': 'application/json' };
  const http = { fetch: options.fetch, timeoutMs: options.timeoutMs, refusal: replicateRefusal };
  // owner/name runs an official model's latest version; owner/name:version a given one.
  const [name, version] = model.split(':');
  const predictionUrl = (id: string) => `${base}/predictions/${encodeURIComponent(id)}`;

  return {
    kind: 'image',
    name: 'replicate',
    model,
    async submit(job, signal) {
      const input = {
        prompt: job.prompt,
        aspect_ratio: ratioText(job.aspectRatio),
        num_outputs: 1,
        // Lossless, so the renderer's camera moves start from the model's own pixels.
        output_format: 'png',
      };
      const [url, body] = version
        ? [`${base}/predictions`, { version, input }]
        : [`${base}/models/${name}/predictions`, { input }];
      const prediction = await requestJson<Prediction>(
        url,
        { method: 'POST', headers, body: JSON.stringify(body), signal },
        { ...http, what: 'image model' },
      ).catch((error: unknown) => {
        throw asRetired(error, model);
      });
      return {
        externalId: prediction.id,
        statusUrl: prediction.urls?.get,
        cancelUrl: prediction.urls?.cancel,
      };
    },
    async poll(handle, signal): Promise<PollResult> {
      const prediction = await requestJson<Prediction>(
        handle.statusUrl ?? predictionUrl(handle.externalId),
        { headers, signal },
        { ...http, what: 'job' },
      );
      if (prediction.status === 'starting') return { state: 'queued' };
      if (prediction.status === 'processing') return { state: 'running' };
      if (prediction.status === 'succeeded') {
        // FLUX answers a list of file URLs (one per num_outputs); other models a single URL.
        const output = Array.isArray(prediction.output) ? prediction.output[0] : prediction.output;
        if (!output) return { state: 'failed', refused: false, reason: NO_PICTURE_MESSAGE };
        const seconds = prediction.metrics?.predict_time;
        return { state: 'succeeded', outputUrl: output, ...(seconds ? { seconds } : {}) };
      }
      // failed, canceled or aborted: `error` says why, in Replicate's or the model's words.
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
        handle.cancelUrl ?? `${predictionUrl(handle.externalId)}/cancel`,
        { method: 'POST', headers, signal },
        { ...http, what: 'job' },
      );
    },
    fetchOutput(outputUrl, signal) {
      // replicate.delivery files are public (for an hour); the token is not sent to the file host.
      return fetchPublicFile(options.fetch, outputUrl, signal);
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

/**
 * FLUX's safety checker fails the prediction with "NSFW content detected"; Replicate's own
 * filter says "flagged as sensitive (E005)".
 */
function isRefusal(text: string): boolean {
  return /nsfw|sensitive|E005|safety|content policy/iu.test(text);
}

function replicateRefusal(status: number, body: unknown): string | null {
  return status === 422 && isRefusal(JSON.stringify(body ?? '')) ? REFUSED_MESSAGE : null;
}
