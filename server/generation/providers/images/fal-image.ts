// fal's image adapter: FLUX.1 [schnell] (unless IMAGE_MODEL names another) on fal's queue API.
// The input asks for one picture at an image_size preset, the result's picture URL is the output,
// and its safety checker's `has_nsfw_concepts` flag is a refusal; the queue calls themselves
// (submit, status, response URL, cancel) are ../fal-client.ts's, shared with the video adapter.

import { trimSlash } from '../../../outbound/http';
import { createFalClient, FAL_DEFAULT_BASE_URL } from '../fal-client';
import { failedResult, type ProviderHttpOptions } from '../http';
import type { ImageProvider, ModelCheck } from '../provider';
import { asRetired, checkModelAt, NO_PICTURE_MESSAGE } from './image-http';

export const FAL_IMAGE_DEFAULT_BASE_URL = FAL_DEFAULT_BASE_URL;
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
  const fal = createFalClient({ ...options, model: options.model ?? FAL_IMAGE_DEFAULT_MODEL });
  const endpoint = fal.endpoint;
  const platform =
    options.platformBaseUrl !== undefined
      ? options.platformBaseUrl && trimSlash(options.platformBaseUrl)
      : fal.base === FAL_IMAGE_DEFAULT_BASE_URL
        ? FAL_PLATFORM_DEFAULT_BASE_URL
        : null;

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
      return fal.submit(endpoint, input, 'image model', signal).catch((error: unknown) => {
        throw asRetired(error, endpoint);
      });
    },
    poll(handle, signal) {
      return fal.poll<FalImageResult>(handle, signal, (result, status) => {
        // The safety checker does not fail the request: it answers a blacked-out picture and
        // flags it, so the flag is what says the prompt was turned down.
        if (result.has_nsfw_concepts?.[0] === true) {
          return failedResult(true, 'fal safety checker: has_nsfw_concepts [true]');
        }
        const url = result.images?.[0]?.url;
        if (!url) return { state: 'failed', refused: false, reason: NO_PICTURE_MESSAGE };
        const seconds = status.metrics?.inference_time ?? result.timings?.inference ?? undefined;
        return { state: 'succeeded', outputUrl: url, ...(seconds ? { seconds } : {}) };
      });
    },
    cancel: (handle, signal) => fal.cancel(handle, signal),
    fetchOutput: (outputUrl, signal) => fal.fetchOutput(outputUrl, signal),
    async checkModel(signal): Promise<ModelCheck> {
      // The queue API has no models list, but fal's Platform APIs find an endpoint by its id
      // (https://docs.fal.ai/platform-apis/v1/models), with `status` active or deprecated.
      if (!platform) return { state: 'unchecked' };
      return checkModelAt<FalModels>(
        `${platform}/models?endpoint_id=${encodeURIComponent(endpoint)}`,
        { headers: { authorization: fal.authorization }, signal },
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
