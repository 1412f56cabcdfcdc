// fal's video adapter: a scene as input to a configurable queue endpoint (Veo, Kling, Wan,
// Seedance on fal), image-to-video at the endpoint's image-to-video sibling, the clip read from the
// result. The queue calls themselves are fal-client.ts's, shared with the image adapter.

import {
  createFalClient,
  FAL_DEFAULT_BASE_URL,
  falRefusal,
  storedFailureIsFinal,
} from './fal-client';
import { dataUri, type ProviderHttpOptions } from './http';
import type { VideoProvider } from './provider';

// The adapter's exports stay what they were, though the client now holds these.
export { FAL_DEFAULT_BASE_URL, falRefusal, storedFailureIsFinal };
export const FAL_DEFAULT_ENDPOINT = 'fal-ai/veo3/fast';

type FalResult = { video?: { url?: string } | null };

export function createFalProvider(
  options: ProviderHttpOptions & { apiKey: string; baseUrl?: string | null; model?: string | null },
): VideoProvider {
  const fal = createFalClient({ ...options, model: options.model ?? FAL_DEFAULT_ENDPOINT });
  const endpoint = fal.endpoint;
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
      return fal.submit(target, input, 'video model', signal);
    },
    poll(handle, signal) {
      return fal.poll<FalResult>(handle, signal, (result, status) => {
        const url = result.video?.url;
        if (!url) {
          return { state: 'failed', refused: false, reason: 'The video provider sent no video.' };
        }
        const seconds = status.metrics?.inference_time ?? undefined;
        return { state: 'succeeded', outputUrl: url, ...(seconds ? { seconds } : {}) };
      });
    },
    cancel: (handle, signal) => fal.cancel(handle, signal),
    fetchOutput: (outputUrl, signal) => fal.fetchOutput(outputUrl, signal),
  };
}

function imageEndpoint(endpoint: string): string {
  if (endpoint.endsWith('/image-to-video')) return endpoint;
  if (endpoint.endsWith('/text-to-video'))
    return endpoint.replace(/text-to-video$/u, 'image-to-video');
  return `${endpoint}/image-to-video`;
}
