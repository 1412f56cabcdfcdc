// Veo on the Gemini API (https://ai.google.dev/gemini-api/docs/video): POST
// models/{model}:predictLongRunning, poll the operation it names, then download the video with the
// API key. 8 s clips with native audio, 16:9 or 9:16, image-to-video from the member's image.
// The calls (the key in the x-goog-api-key header, never in a URL) are google-client.ts's.

import { readVeoOperation, veoRequest } from './google';
import { createGeminiApiClient, GEMINI_API_BASE_URL } from './google-client';
import type { ProviderHttpOptions } from './http';
import type { PollResult, SceneJob, VideoProvider } from './provider';

export const VEO_DEFAULT_BASE_URL = GEMINI_API_BASE_URL;
/**
 * Google shut down veo-2.0-generate-001 and veo-3.0-(fast-)generate-001 on the Gemini API on
 * 30 June 2026 (changelog, 15 June 2026: "use the Veo 3.1 preview model IDs or the 3.1 GA models
 * through Gemini Enterprise Agent Platform"), then the three Veo 3.1 previews on 22 October 2026,
 * naming gemini-omni-1.1-flash as their replacement. What is left of Veo is the 3.1 GA id, so that
 * is the default; the start-up model check says at once if the Gemini API does not serve it to
 * this key, and VIDEO_PROVIDER=gemini (Omni) or vertex (Veo 3.1 GA) are the dependable choices.
 */
export const VEO_DEFAULT_MODEL = 'veo-3.1-generate-001';

/** A google.longrunning.Operation as the Gemini API answers it for predictLongRunning. */
type VeoOperation = {
  name: string;
  done?: boolean;
  error?: { code?: number; message?: string };
  response?: {
    generateVideoResponse?: {
      generatedSamples?: { video?: { uri?: string } }[];
      raiMediaFilteredCount?: number;
      raiMediaFilteredReasons?: string[];
    };
  };
};

export function createVeoProvider(
  options: ProviderHttpOptions & { apiKey: string; baseUrl?: string | null; model?: string | null },
): VideoProvider {
  const model = options.model ?? VEO_DEFAULT_MODEL;
  const google = createGeminiApiClient({ ...options, model });
  const base = google.base;

  return {
    name: 'veo',
    model,
    // Veo 3.x makes 4, 6 or 8 s; scenes are 8 s.
    clipSeconds: () => 8,
    async submit(job: SceneJob, signal?: AbortSignal) {
      // A retired id answers 404 "… is no longer available": failed refunded, alerted, and
      // the next video goes to a fallback model.
      const operation = await google.submit<VeoOperation>(
        `${google.modelUrl}:predictLongRunning`,
        veoRequest(job),
        signal,
      );
      return { externalId: operation.name, statusUrl: `${base}/${operation.name}` };
    },
    async poll(handle, signal): Promise<PollResult> {
      const operation = await google.modelCall<VeoOperation>(
        handle.statusUrl ?? `${base}/${handle.externalId}`,
        { signal, what: 'job', json: true },
      );
      // The Gemini API reports no progress for Veo operations; running until done.
      return readVeoOperation('Veo', operation, () => {
        const answer = operation.response?.generateVideoResponse;
        const samples = answer?.generatedSamples;
        return {
          outputUrl: samples?.find((sample) => sample.video?.uri)?.video?.uri,
          filtered: answer,
        };
      });
    },
    async cancel(handle, signal) {
      // google.longrunning's cancel (POST {name}:cancel). The Gemini API documents it for tuning
      // operations only; a Veo operation may answer 404 or 501, which the caller shrugs off.
      await google.call(`${base}/${handle.externalId}:cancel`, {
        method: 'POST',
        body: '{}',
        signal,
        what: 'job',
        json: true,
      });
    },
    fetchOutput: (outputUrl, signal) => google.fetchFile(outputUrl, signal),
    checkModel: (signal) => google.checkModel(google.modelUrl, signal),
  };
}
