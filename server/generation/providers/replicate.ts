// Replicate's video adapter: a scene as a prediction's input for a video model (owner/name, or
// owner/name:version), progress from the model's logs. The image goes in as a data URI under the
// model's own input name (VIDEO_IMAGE_FIELD). The HTTP calls are replicate-client.ts's.

import { dataUri, type ProviderHttpOptions } from './http';
import type { SceneJob, VideoProvider } from './provider';
import { createReplicateClient, REPLICATE_DEFAULT_BASE_URL } from './replicate-client';

// The adapter's exports stay what they were, though the client now holds this.
export { REPLICATE_DEFAULT_BASE_URL };
export const REPLICATE_DEFAULT_MODEL = 'google/veo-3-fast';

export function createReplicateProvider(
  options: ProviderHttpOptions & {
    apiKey: string;
    baseUrl?: string | null;
    model?: string | null;
    imageField?: string | null;
  },
): VideoProvider {
  const model = options.model ?? REPLICATE_DEFAULT_MODEL;
  const replicate = createReplicateClient({ ...options, model });
  const imageField = options.imageField ?? 'image';
  const reading = { noOutput: 'The video provider sent no video.', progress: progressFromLogs };

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
      return replicate.submit(input, 'video model', signal);
    },
    poll: (handle, signal) => replicate.poll(handle, signal, reading),
    cancel: (handle, signal) => replicate.cancel(handle, signal),
    fetchOutput: (outputUrl, signal) => replicate.fetchOutput(outputUrl, signal),
    checkModel: (signal) => replicate.checkModel(signal),
  };
}

/** The last percentage a model's progress bar printed (`45%|████`), as 0..1. */
export function progressFromLogs(logs: string | null | undefined): number | undefined {
  const matches = [...(logs ?? '').matchAll(/(\d{1,3})%\|/gu)];
  const last = matches.at(-1)?.[1];
  return last === undefined ? undefined : Math.min(1, Number(last) / 100);
}
