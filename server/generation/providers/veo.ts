// Veo on the Gemini API (https://ai.google.dev/gemini-api/docs/video): POST
// models/{model}:predictLongRunning, poll the operation it names, then download the video with the
// API key. 8 s clips with native audio, 16:9 or 9:16, image-to-video from the member's image.
// The key travels in the x-goog-api-key header, never in a URL that could be logged.
import { type ProviderHttpOptions, REFUSED_MESSAGE, requestJson, trimSlash } from './http';
import type { PollResult, SceneJob, VideoProvider } from './provider';

export const VEO_DEFAULT_BASE_URL = 'https://generativelanguage.googleapis.com/v1beta';
export const VEO_DEFAULT_MODEL = 'veo-3.1-generate-preview';

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
  const base = trimSlash(options.baseUrl ?? VEO_DEFAULT_BASE_URL);
  const model = options.model ?? VEO_DEFAULT_MODEL;
  const headers = { 'x-goog-api-key': options.apiKey, 'content-type': 'application/json' };
  const http = { fetch: options.fetch, timeoutMs: options.timeoutMs, refusal: veoRefusal };

  return {
    name: 'veo',
    model,
    // Veo 3.x makes 4, 6 or 8 s; scenes are 8 s.
    clipSeconds: () => 8,
    async submit(job: SceneJob, signal?: AbortSignal) {
      const instance: Record<string, unknown> = { prompt: job.prompt };
      if (job.image) {
        instance.image = {
          bytesBase64Encoded: job.image.data.toString('base64'),
          mimeType: job.image.mimeType,
        };
      }
      const body = {
        instances: [instance],
        parameters: {
          aspectRatio: job.aspectRatio === 'portrait' ? '9:16' : '16:9',
          durationSeconds: 8,
          resolution: '720p',
        },
      };
      const operation = await requestJson<VeoOperation>(
        `${base}/models/${encodeURIComponent(model)}:predictLongRunning`,
        { method: 'POST', headers, body: JSON.stringify(body), signal },
        { ...http, what: 'video model' },
      );
      return { externalId: operation.name, statusUrl: `${base}/${operation.name}` };
    },
    async poll(handle, signal): Promise<PollResult> {
      const operation = await requestJson<VeoOperation>(
        handle.statusUrl ?? `${base}/${handle.externalId}`,
        { headers, signal },
        { ...http, what: 'job' },
      );
      if (!operation.done) return { state: 'running' };
      if (operation.error) {
        const refused = /safety|policy|responsible|blocked/iu.test(operation.error.message ?? '');
        return {
          state: 'failed',
          refused,
          reason: refused ? REFUSED_MESSAGE : 'The video provider could not make this scene.',
        };
      }
      const answer = operation.response?.generateVideoResponse;
      const uri = answer?.generatedSamples?.[0]?.video?.uri;
      if (uri) return { state: 'succeeded', outputUrl: uri };
      // Done without a video: Google's responsible-AI filter held it back.
      return { state: 'failed', refused: true, reason: REFUSED_MESSAGE };
    },
    async cancel(handle, signal) {
      await requestJson(
        `${base}/${handle.externalId}:cancel`,
        { method: 'POST', headers, body: '{}', signal },
        { ...http, what: 'job' },
      );
    },
    fetchOutput(outputUrl, signal) {
      // The file link needs the key too; fetch follows its redirect to the bytes.
      return (options.fetch ?? globalThis.fetch)(outputUrl, {
        headers: { 'x-goog-api-key': options.apiKey },
        redirect: 'follow',
        signal,
      });
    },
  };
}

/** A 400 that names safety or policy is a refusal of the prompt or image. */
function veoRefusal(status: number, body: unknown): string | null {
  if (status !== 400) return null;
  return /safety|policy|responsible|prohibited/iu.test(JSON.stringify(body ?? ''))
    ? REFUSED_MESSAGE
    : null;
}
