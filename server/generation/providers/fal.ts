// fal's queue API (https://docs.fal.ai/model-apis/model-endpoints/queue): submit to
// queue.fal.run/{endpoint}, read the status URL the answer gives, fetch the result from its
// response URL, cancel with a PUT. The endpoint is configurable: Veo, Kling, Wan, Seedance on fal.
import { dataUri, type ProviderHttpOptions, REFUSED_MESSAGE, requestJson, trimSlash } from './http';
import type { PollResult, ProviderHandle, SceneJob, VideoProvider } from './provider';

export const FAL_DEFAULT_BASE_URL = 'https://queue.fal.run';
export const FAL_DEFAULT_ENDPOINT = 'fal-ai/veo3/fast';

type FalSubmitted = {
  request_id: string;
  status_url?: string;
  response_url?: string;
  cancel_url?: string;
};
type FalStatus = {
  status: 'IN_QUEUE' | 'IN_PROGRESS' | 'COMPLETED' | string;
  error?: string | null;
  error_type?: string | null;
};
type FalResult = { video?: { url?: string } | null; detail?: unknown };

export function createFalProvider(
  options: ProviderHttpOptions & { apiKey: string; baseUrl?: string | null; model?: string | null },
): VideoProvider {
  const base = trimSlash(options.baseUrl ?? FAL_DEFAULT_BASE_URL);
  const endpoint = (options.model ?? FAL_DEFAULT_ENDPOINT).replace(/^\/+|\/+$/gu, '');
  const headers = { authorization: `Key ${options.apiKey}`, 'content-type': 'application/json' };
  const http = { fetch: options.fetch, timeoutMs: options.timeoutMs, refusal: falRefusal };
  // fal's request URLs name the app (owner/app), without the endpoint's sub-path.
  const app = endpoint.split('/').slice(0, 2).join('/');
  const requestUrl = (handle: ProviderHandle, suffix: string) =>
    `${base}/${app}/requests/${encodeURIComponent(handle.externalId)}${suffix}`;
  const isVeo = /veo/iu.test(endpoint);
  const isKling = /kling/iu.test(endpoint);
  const clipSeconds = (seconds: number) => (isVeo ? 8 : isKling ? (seconds > 5 ? 10 : 5) : seconds);

  return {
    name: 'fal',
    model: endpoint,
    clipSeconds,
    async submit(job: SceneJob, signal?: AbortSignal) {
      // Image-to-video is its own endpoint on fal: …/text-to-video becomes …/image-to-video.
      const target = job.image ? imageEndpoint(endpoint) : endpoint;
      const input: Record<string, unknown> = {
        prompt: job.prompt,
        aspect_ratio: job.aspectRatio === 'portrait' ? '9:16' : '16:9',
        duration: isVeo ? '8s' : String(clipSeconds(job.durationSeconds)),
      };
      if (job.image) input.image_url = dataUri(job.image);
      const answer = await requestJson<FalSubmitted>(
        `${base}/${target}`,
        { method: 'POST', headers, body: JSON.stringify(input), signal },
        { ...http, what: 'video model' },
      );
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
        const refused = /content|policy|safety|nsfw/iu.test(
          `${status.error_type ?? ''} ${status.error}`,
        );
        return {
          state: 'failed',
          refused,
          reason: refused ? REFUSED_MESSAGE : 'The video provider could not make this scene.',
        };
      }
      // A failed request answers its result URL with an error status (a 422 for a refusal).
      const result = await requestJson<FalResult>(
        handle.resultUrl ?? requestUrl(handle, ''),
        { headers, signal },
        { ...http, what: 'job' },
      ).catch((error: unknown) => {
        if (error instanceof Error && 'details' in error) {
          const details = (error as { details: { transient: boolean; refused?: boolean } }).details;
          if (!details.transient) {
            return { failed: true as const, refused: details.refused === true, error };
          }
        }
        throw error;
      });
      if ('failed' in result) {
        return {
          state: 'failed',
          refused: result.refused,
          reason: result.refused
            ? REFUSED_MESSAGE
            : 'The video provider could not make this scene.',
        };
      }
      const url = result.video?.url;
      if (!url) {
        return { state: 'failed', refused: false, reason: 'The video provider sent no video.' };
      }
      return { state: 'succeeded', outputUrl: url };
    },
    async cancel(handle, signal) {
      await requestJson(
        handle.cancelUrl ?? requestUrl(handle, '/cancel'),
        { method: 'PUT', headers, signal },
        { ...http, what: 'job' },
      );
    },
    fetchOutput(outputUrl, signal) {
      // fal's media URLs are public; the key is not sent to the file host.
      return (options.fetch ?? globalThis.fetch)(outputUrl, { signal });
    },
  };
}

function imageEndpoint(endpoint: string): string {
  if (endpoint.endsWith('/image-to-video')) return endpoint;
  if (endpoint.endsWith('/text-to-video'))
    return endpoint.replace(/text-to-video$/u, 'image-to-video');
  return `${endpoint}/image-to-video`;
}

/** A 422 whose detail says content policy: fal's safety refusal. */
function falRefusal(status: number, body: unknown): string | null {
  if (status !== 422 && status !== 400) return null;
  return /content_policy|policy|safety|nsfw/iu.test(JSON.stringify(body ?? ''))
    ? REFUSED_MESSAGE
    : null;
}
