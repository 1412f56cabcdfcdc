// Veo on the Gemini API (https://ai.google.dev/gemini-api/docs/video): POST
// models/{model}:predictLongRunning, poll the operation it names, then download the video with the
// API key. 8 s clips with native audio, 16:9 or 9:16, image-to-video from the member's image.
// The key travels in the x-goog-api-key header, never in a URL that could be logged.

import { trimSlash } from '../../outbound/http';
import { checkGoogleModel, fetchGoogleFile, GOOGLE_SAFETY_WORDS, withGoogleErrors } from './google';
import { FAILED_MESSAGE, type ProviderHttpOptions, REFUSED_MESSAGE, requestJson } from './http';
import type { PollResult, SceneJob, VideoProvider } from './provider';

export const VEO_DEFAULT_BASE_URL = 'https://generativelanguage.googleapis.com/v1beta';
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
  const base = trimSlash(options.baseUrl ?? VEO_DEFAULT_BASE_URL);
  const model = options.model ?? VEO_DEFAULT_MODEL;
  const keyHeader = { 'x-goog-api-key': options.apiKey };
  const headers = { ...keyHeader, 'content-type': 'application/json' };
  const http = { fetch: options.fetch, timeoutMs: options.timeoutMs, refusal: veoRefusal };
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
      // A retired id answers 404 "… is no longer available": failed refunded, alerted, and
      // the next video goes to a fallback model.
      const operation = await withGoogleErrors(
        model,
        requestJson<VeoOperation>(
          `${base}/models/${encodeURIComponent(model)}:predictLongRunning`,
          { method: 'POST', headers, body: JSON.stringify(body), signal },
          { ...http, what: 'video model' },
        ),
        { unknownIsRetired: true },
      );
      return { externalId: operation.name, statusUrl: `${base}/${operation.name}` };
    },
    async poll(handle, signal): Promise<PollResult> {
      const operation = await withGoogleErrors(
        model,
        requestJson<VeoOperation>(
          handle.statusUrl ?? `${base}/${handle.externalId}`,
          { headers, signal },
          { ...http, what: 'job' },
        ),
      );
      // The Gemini API reports no progress for Veo operations; running until done.
      if (!operation.done) return { state: 'running' };
      if (operation.error) {
        const detail = `Veo error ${operation.error.code ?? '?'}: ${operation.error.message ?? ''}`;
        const refused = GOOGLE_SAFETY_WORDS.test(operation.error.message ?? '');
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
      return fetchGoogleFile(outputUrl, {
        apiOrigin,
        headers: keyHeader,
        fetch: options.fetch,
        signal,
      });
    },
    checkModel(signal) {
      return checkGoogleModel(
        `${base}/models/${encodeURIComponent(model)}`,
        model,
        { headers: keyHeader, signal },
        { fetch: options.fetch, timeoutMs: options.timeoutMs },
      );
    },
  };
}

/** A 400 that names safety or policy is a refusal of the prompt or image. */
function veoRefusal(status: number, body: unknown): string | null {
  if (status !== 400) return null;
  return GOOGLE_SAFETY_WORDS.test(JSON.stringify(body ?? '')) ? REFUSED_MESSAGE : null;
}
