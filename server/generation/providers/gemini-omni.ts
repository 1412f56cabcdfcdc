// Gemini Omni on the Gemini API, through the Interactions API: one background interaction per
// scene, polled until completed, its video read from the model_output step (inline base64, or a
// file link). 3–10 s clips with native audio, 16:9 or 9:16, image-to-video from the member's image.
//
// The shapes, from https://ai.google.dev/gemini-api/docs/omni and the @google/genai SDK's
// generated types (src/gaos/models/interactions/*.ts):
// - POST {base}/interactions {model, input, response_modalities, response_format, generation_config,
//   background} answers an Interaction {id, status}. `background: true` runs it on Google's side,
//   so the call answers at once and we poll like any other provider.
// - Aspect ratio and length go in `response_format: {type: "video", aspect_ratio: "16:9" | "9:16",
//   duration: "8s"}` (a string: whole seconds 3–10 followed by "s"); `delivery: "uri"` exists, but
//   GET interactions/{id} answers the video inline whatever was asked, so it is not sent.
// - `generation_config.video_config.task` says text_to_video or image_to_video instead of leaving
//   the model to guess from the prompt; the image goes first in `input` as {type: "image", data,
//   mime_type}, then the prompt as {type: "text", text}.
// - status: in_progress | queued | requires_action | completed | failed | cancelled | incomplete |
//   budget_exceeded. The REST answer has no `output_video` (that is the SDK's): the video is a
//   {type: "video", mime_type, data | uri} in the content of the step of type "model_output", and
//   a step's failure is its `error` (a google.rpc.Status).
// - Cancel: POST {base}/interactions/{id}/cancel, for background interactions still running.
// The calls (the key in the x-goog-api-key header, never in a URL) are google-client.ts's.

import { dataUrl, GOOGLE_SAFETY_WORDS } from './google';
import { createGeminiApiClient, GEMINI_API_BASE_URL } from './google-client';
import { failedResult, type ProviderHttpOptions } from './http';
import type { PollResult, SceneJob, Submitted, VideoProvider } from './provider';

export const GEMINI_OMNI_DEFAULT_BASE_URL = GEMINI_API_BASE_URL;
export const GEMINI_OMNI_DEFAULT_MODEL = 'gemini-omni-1.1-flash';

/** Omni makes whole seconds from 3 to 10 (1.2 on Cloud goes to 15; the Gemini API's 1.1 to 10). */
const SHORTEST_SECONDS = 3;
const LONGEST_SECONDS = 10;

type InteractionContent = {
  type?: string;
  text?: string;
  data?: string;
  uri?: string;
  mime_type?: string;
};
type RpcStatus = { code?: number; message?: string };
type InteractionStep = { type?: string; content?: InteractionContent[]; error?: RpcStatus };

/** The Interaction resource, as far as we read it. */
type Interaction = {
  id: string;
  status?: string;
  steps?: InteractionStep[];
  /** Earlier v1beta answers listed the model's content here instead of in steps. */
  outputs?: InteractionContent[];
  error?: RpcStatus;
};

export function createGeminiOmniProvider(
  options: ProviderHttpOptions & { apiKey: string; baseUrl?: string | null; model?: string | null },
): VideoProvider {
  const model = options.model ?? GEMINI_OMNI_DEFAULT_MODEL;
  const google = createGeminiApiClient({ ...options, model });
  const base = google.base;
  const interactionUrl = (id: string) => `${base}/interactions/${encodeURIComponent(id)}`;
  const clipSeconds = (seconds: number) =>
    Math.min(LONGEST_SECONDS, Math.max(SHORTEST_SECONDS, Math.round(seconds)));

  return {
    name: 'gemini',
    model,
    clipSeconds,
    async submit(job: SceneJob, signal?: AbortSignal): Promise<Submitted> {
      const input = job.image
        ? [
            {
              type: 'image',
              data: job.image.data.toString('base64'),
              mime_type: job.image.mimeType,
            },
            { type: 'text', text: job.prompt },
          ]
        : job.prompt;
      const body = {
        model,
        input,
        response_modalities: ['video'],
        response_format: {
          type: 'video',
          aspect_ratio: job.aspectRatio === 'portrait' ? '9:16' : '16:9',
          duration: `${clipSeconds(job.durationSeconds)}s`,
        },
        generation_config: {
          video_config: { task: job.image ? 'image_to_video' : 'text_to_video' },
        },
        background: true,
      };
      const interaction = await google.submit<Interaction>(`${base}/interactions`, body, signal);
      const handle = {
        externalId: interaction.id,
        statusUrl: interactionUrl(interaction.id),
        cancelUrl: `${interactionUrl(interaction.id)}/cancel`,
      };
      // Google may finish a short clip before answering; its bytes are then here already.
      const video = interaction.status === 'completed' ? videoOf(interaction) : undefined;
      if (video?.data) {
        const output = {
          data: Buffer.from(video.data, 'base64'),
          mimeType: video.mime_type ?? 'video/mp4',
        };
        return { ...handle, output };
      }
      return handle;
    },
    async poll(handle, signal): Promise<PollResult> {
      const interaction = await google.modelCall<Interaction>(
        handle.statusUrl ?? interactionUrl(handle.externalId),
        { signal, what: 'job' },
      );
      const status = interaction.status ?? '';
      if (status === 'queued') return { state: 'queued' };
      // in_progress, and any status this client does not know yet: still working, not failed.
      if (!FINISHED.has(status)) return { state: 'running' };
      if (status === 'completed') {
        const video = videoOf(interaction);
        if (video?.data) {
          return { state: 'succeeded', outputUrl: dataUrl(video.data, video.mime_type ?? '') };
        }
        if (video?.uri) return { state: 'succeeded', outputUrl: video.uri };
      }
      return failure(interaction);
    },
    async cancel(handle, signal) {
      await google.call(handle.cancelUrl ?? `${interactionUrl(handle.externalId)}/cancel`, {
        method: 'POST',
        signal,
        what: 'job',
      });
    },
    fetchOutput: (outputUrl, signal) => google.fetchFile(outputUrl, signal),
    checkModel: (signal) => google.checkModel(google.modelUrl, signal),
  };
}

/** Statuses after which the interaction will not change. */
const FINISHED = new Set([
  'completed',
  'failed',
  'cancelled',
  'incomplete',
  'budget_exceeded',
  'requires_action',
]);

/** Everything the model put out, in order: the model_output steps' content (or older outputs). */
function modelContent(interaction: Interaction): InteractionContent[] {
  const fromSteps = (interaction.steps ?? [])
    .filter((step) => step.type === 'model_output')
    .flatMap((step) => step.content ?? []);
  return fromSteps.length > 0 ? fromSteps : (interaction.outputs ?? []);
}

/** The last video the model put out, with its bytes or its link. */
function videoOf(interaction: Interaction): InteractionContent | undefined {
  return modelContent(interaction).findLast(
    (content) => content.type === 'video' && (content.data || content.uri),
  );
}

/**
 * A finished interaction without a video. A safety block shows as a failed status whose error
 * (or the model's own text) speaks of safety or policy; Google's words stay in the log.
 */
function failure(interaction: Interaction): PollResult {
  const errors = [interaction.error, ...(interaction.steps ?? []).map((step) => step.error)]
    .filter((error): error is RpcStatus => Boolean(error))
    .map((error) => `${error.code ?? '?'}: ${error.message ?? ''}`);
  const text = modelContent(interaction)
    .map((content) => content.text ?? '')
    .join(' ')
    .trim();
  const said = [...errors, text].filter(Boolean).join(' | ');
  return failedResult(
    GOOGLE_SAFETY_WORDS.test(said),
    `Gemini interaction ${interaction.id} ${interaction.status ?? 'ended'} without a video. ${said}`.trim(),
  );
}
