// Replicate's image adapter: FLUX.1 [schnell] (unless IMAGE_MODEL names another) as a prediction
// asking for one PNG at the scene's aspect ratio; the picture is the first URL of `output`. The
// HTTP calls (create, get, cancel, the model's page) are ../replicate-client.ts's.

import type { ProviderHttpOptions } from '../http';
import type { ImageProvider } from '../provider';
import { createReplicateClient, REPLICATE_DEFAULT_BASE_URL } from '../replicate-client';
import { asRetired, NO_PICTURE_MESSAGE, ratioText } from './image-http';

/** With /v1, as REPLICATE_BASE_URL is for the video client. */
export const REPLICATE_IMAGE_DEFAULT_BASE_URL = REPLICATE_DEFAULT_BASE_URL;
export const REPLICATE_IMAGE_DEFAULT_MODEL = 'black-forest-labs/flux-schnell';

export function createReplicateImageProvider(
  options: ProviderHttpOptions & { apiKey: string; baseUrl?: string | null; model?: string | null },
): ImageProvider {
  const model = options.model ?? REPLICATE_IMAGE_DEFAULT_MODEL;
  const replicate = createReplicateClient({ ...options, model });
  const reading = { noOutput: NO_PICTURE_MESSAGE };

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
      return replicate.submit(input, 'image model', signal).catch((error: unknown) => {
        throw asRetired(error, model);
      });
    },
    poll: (handle, signal) => replicate.poll(handle, signal, reading),
    cancel: (handle, signal) => replicate.cancel(handle, signal),
    fetchOutput: (outputUrl, signal) => replicate.fetchOutput(outputUrl, signal),
    checkModel: (signal) => replicate.checkModel(signal),
  };
}
