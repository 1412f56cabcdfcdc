// Veo on the Gemini API (https://ai.google.dev/gemini-api/docs/video): POST
// models/{model}:predictLongRunning, poll the operation it names, then download the video with the
// API key. 8 s clips with native audio, 16:9 or 9:16, image-to-video from the member's image.
// The key travels in the x-goog-api-key header, never in a URL that could be logged.
import {
  FAILED_MESSAGE,
  type ProviderHttpOptions,
  REFUSED_MESSAGE,
  requestJson,
  trimSlash,
} from './http';
import type { PollResult, SceneJob, VideoProvider } from './provider';

export const VEO_DEFAULT_BASE_URL = 'https://generativelanguage.googleapis.com/v1beta';
export const VEO_DEFAULT_MODEL = 'veo-3.1-generate-preview';

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

/** Words Google uses when its responsible-AI filters turn a prompt or an image down. */
const SAFETY_WORDS = /safety|policy|responsible|prohibited|blocked|sensitive/iu;

export function createVeoProvider(
  options: ProviderHttpOptions & { apiKey: string; baseUrl?: string | null; model?: string | null },
): VideoProvider {
  const base = trimSlash(options.baseUrl ?? VEO_DEFAULT_BASE_URL);
  const model = options.model ?? VEO_DEFAULT_MODEL;
  const headers = { 'x-goog-api-key': options.apiKey, 'content-type': 'application/json' };
  const http = { fetch: options.fetch, timeoutMs: options.timeoutMs, refusal: veoRefusal };
  const send = options.fetch ?? globalThis.fetch;
  const apiOrigin = new URL(base).origin;

  return {
    name: 'veo',
    model,
    // Veo 3.x makes 4, 6 or 8 s; scenes are 8 s.
    clipSeconds: () => 8,
    async submit(job: SceneJob, signal?: AbortSignal) {
      const instance: Record<string, unknown> = { prompt: job.prompt };
      if (job.image) {
        // The Gemini API takes the image's bytes as bytesBase64Encoded + mimeType (what the
        // @google/genai SDK sends); it answers 400 "`inlineData` isn't supported by this model".
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
      // The Gemini API reports no progress for Veo operations; running until done.
      if (!operation.done) return { state: 'running' };
      if (operation.error) {
        const detail = `Veo error ${operation.error.code ?? '?'}: ${operation.error.message ?? ''}`;
        const refused = SAFETY_WORDS.test(operation.error.message ?? '');
        return {
          state: 'failed',
          refused,
          reason: refused ? REFUSED_MESSAGE : FAILED_MESSAGE,
          detail,
        };
      }
      const answer = operation.response?.generateVideoResponse;
      const uri = answer?.generatedSamples?.find((sample) => sample.video?.uri)?.video?.uri;
      if (uri) return { state: 'succeeded', outputUrl: uri };
      // Done without a video: Google's responsible-AI filter held it back. Its reasons stay in
      // the log: they can quote the prompt or name policies, not words for a member.
      const reasons = answer?.raiMediaFilteredReasons?.join(' ') ?? '';
      return {
        state: 'failed',
        refused: true,
        reason: REFUSED_MESSAGE,
        detail: `Veo filtered ${answer?.raiMediaFilteredCount ?? 0} video(s). ${reasons}`.trim(),
      };
    },
    async cancel(handle, signal) {
      // google.longrunning's cancel (POST {name}:cancel). The Gemini API documents it for tuning
      // operations only; a Veo operation may answer 404 or 501, which the caller shrugs off.
      await requestJson(
        `${base}/${handle.externalId}:cancel`,
        { method: 'POST', headers, body: '{}', signal },
        { ...http, what: 'job' },
      );
    },
    fetchOutput(outputUrl, signal) {
      // The file link (…/files/{id}:download?alt=media) needs the key and redirects to the bytes,
      // as `curl -L -H "x-goog-api-key: …"` in Google's guide. The key goes only to the API's
      // own host: a link anywhere else is fetched without it.
      const sameHost = new URL(outputUrl).origin === apiOrigin;
      return send(outputUrl, {
        headers: sameHost ? { 'x-goog-api-key': options.apiKey } : {},
        redirect: 'follow',
        signal,
      });
    },
  };
}

/** A 400 that names safety or policy is a refusal of the prompt or image. */
function veoRefusal(status: number, body: unknown): string | null {
  if (status !== 400) return null;
  return SAFETY_WORDS.test(JSON.stringify(body ?? '')) ? REFUSED_MESSAGE : null;
}
