// fal's queue API for a text-to-image endpoint (FLUX.1 [schnell] unless IMAGE_MODEL names another):
// submit to queue.fal.run/{endpoint}, poll the status URL, read the picture's URL from the response
// URL, cancel with a PUT (https://docs.fal.ai/model-apis/model-endpoints/queue), as the video
// client does. Its safety checker's `has_nsfw_concepts` flag is a refusal.

import { trimSlash } from '../../../outbound/http';
import { falRefusal, storedFailureIsFinal } from '../fal';
import { FAILED_MESSAGE, type ProviderHttpOptions, REFUSED_MESSAGE, requestJson } from '../http';
import {
  type ImageProvider,
  type ModelCheck,
  type PollResult,
  ProviderError,
  type ProviderHandle,
} from '../provider';
import { asRetired, checkModelAt, fetchPublicFile, NO_PICTURE_MESSAGE } from './image-http';

export const FAL_IMAGE_DEFAULT_BASE_URL = 'https://queue.fal.run';
export const FAL_IMAGE_DEFAULT_MODEL = 'fal-ai/flux/schnell';
/** fal's Platform APIs, where `GET /models?endpoint_id=…` describes one endpoint. */
export const FAL_PLATFORM_DEFAULT_BASE_URL = 'https://api.fal.ai/v1';

/**
 * fal's image_size presets (https://docs.fal.ai/documentation/model-apis/model-arguments):
 * landscape_16_9 is 1024×576 and portrait_16_9 576×1024, both under one billed megapixel.
 */
export const FAL_IMAGE_SIZES = {
  landscape: { preset: 'landscape_16_9', width: 1024, height: 576 },
  portrait: { preset: 'portrait_16_9', width: 576, height: 1024 },
} as const;

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
/** The result shape fal's image endpoints share (FLUX, SDXL, Recraft …). */
type FalImageResult = {
  images?: { url?: string; width?: number; height?: number; content_type?: string }[] | null;
  has_nsfw_concepts?: boolean[] | null;
  timings?: { inference?: number | null } | null;
};
/** The Platform APIs' model search in find mode. */
type FalModels = {
  models?: { endpoint_id?: string; metadata?: { status?: string; display_name?: string } }[];
};

/** fal's endpoint namespaces: their app id has three parts (workflows/owner/app). */
const NAMESPACES = new Set(['workflows', 'comfy']);

export function createFalImageProvider(
  options: ProviderHttpOptions & {
    apiKey: string;
    baseUrl?: string | null;
    model?: string | null;
    /**
     * Where fal's Platform APIs answer. Left out, it is fal's own when the queue is fal's own,
     * and there is none (the check answers `unchecked`) when FAL_BASE_URL points elsewhere: a
     * stand-in or a proxy is not asked about a catalogue it may not serve.
     */
    platformBaseUrl?: string | null;
  },
): ImageProvider {
  const base = trimSlash(options.baseUrl ?? FAL_IMAGE_DEFAULT_BASE_URL);
  const endpoint = (options.model ?? FAL_IMAGE_DEFAULT_MODEL).replace(/^\/+|\/+$/gu, '');
  const platform =
    options.platformBaseUrl !== undefined
      ? options.platformBaseUrl && trimSlash(options.platformBaseUrl)
      : base === FAL_IMAGE_DEFAULT_BASE_URL
        ? FAL_PLATFORM_DEFAULT_BASE_URL
        : null;
  const headers = { authorization: `Key ${options.apiKey}`, 'content-type': 'application/json' };
  const http = { fetch: options.fetch, timeoutMs: options.timeoutMs, refusal: falRefusal };
  // Request URLs name the app (owner/app) without the endpoint's sub-path: a request to
  // fal-ai/flux/schnell is polled at fal-ai/flux/requests/{id}/status.
  const parts = endpoint.split('/');
  const app = parts.slice(0, NAMESPACES.has(parts[0] ?? '') ? 3 : 2).join('/');
  const requestUrl = (handle: ProviderHandle, suffix: string) =>
    `${base}/${app}/requests/${encodeURIComponent(handle.externalId)}${suffix}`;

  return {
    kind: 'image',
    name: 'fal',
    model: endpoint,
    async submit(job, signal) {
      const input = {
        prompt: job.prompt,
        image_size: FAL_IMAGE_SIZES[job.aspectRatio].preset,
        num_images: 1,
        // On by default for FLUX on fal; said outright so a flagged picture is always marked.
        enable_safety_checker: true,
      };
      const answer = await requestJson<FalSubmitted>(
        `${base}/${endpoint}`,
        { method: 'POST', headers, body: JSON.stringify(input), signal },
        { ...http, what: 'image model' },
      ).catch((error: unknown) => {
        throw asRetired(error, endpoint);
      });
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
        return failed(/content_policy|safety|nsfw/iu.test(detail), detail);
      }
      // COMPLETED means the outcome is stored: a failed request answers its response URL with
      // the error it ended with, a 422 `detail` list for a refusal or a 5xx with `error_type`.
      let result: FalImageResult;
      try {
        result = await requestJson<FalImageResult>(
          handle.resultUrl ?? requestUrl(handle, ''),
          { headers, signal },
          { ...http, what: 'job', transient: storedFailureIsFinal },
        );
      } catch (error) {
        if (!(error instanceof ProviderError) || error.transient) throw error;
        return failed(
          error.details.refused === true,
          `fal answered HTTP ${error.details.status}: ${String(error.cause ?? '')}`,
        );
      }
      // The safety checker does not fail the request: it answers a blacked-out picture and
      // flags it, so the flag is what says the prompt was turned down.
      if (result.has_nsfw_concepts?.[0] === true) {
        return failed(true, 'fal safety checker: has_nsfw_concepts [true]');
      }
      const url = result.images?.[0]?.url;
      if (!url) return { state: 'failed', refused: false, reason: NO_PICTURE_MESSAGE };
      const seconds = status.metrics?.inference_time ?? result.timings?.inference ?? undefined;
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
      // fal's media URLs (v3.fal.media) are public; the key is not sent to the file host.
      return fetchPublicFile(options.fetch, outputUrl, signal);
    },
    async checkModel(signal): Promise<ModelCheck> {
      // The queue API has no models list, but fal's Platform APIs find an endpoint by its id
      // (https://docs.fal.ai/platform-apis/v1/models), with `status` active or deprecated.
      if (!platform) return { state: 'unchecked' };
      return checkModelAt<FalModels>(
        `${platform}/models?endpoint_id=${encodeURIComponent(endpoint)}`,
        { headers: { authorization: headers.authorization }, signal },
        {
          fetch: options.fetch,
          timeoutMs: options.timeoutMs,
          model: endpoint,
          read: (body) => readModel(endpoint, body),
        },
      );
    },
  };
}

/** The endpoint in fal's catalogue: absent is unknown, `deprecated` is on its way out. */
function readModel(endpoint: string, body: FalModels): ModelCheck {
  const found = body.models?.find((model) => model.endpoint_id === endpoint);
  if (!found) return { state: 'unknown', detail: `fal lists no endpoint ${endpoint}.` };
  if (found.metadata?.status === 'deprecated') {
    return { state: 'retired', detail: `fal lists ${endpoint} as deprecated.` };
  }
  return { state: 'available' };
}

function failed(refused: boolean, detail: string): PollResult {
  return { state: 'failed', refused, reason: refused ? REFUSED_MESSAGE : FAILED_MESSAGE, detail };
}
