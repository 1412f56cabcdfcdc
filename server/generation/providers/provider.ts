// The one interface every paid video model sits behind: submit one scene, poll it, cancel it, and
// fetch what it made. A provider is a thin HTTP client: the waiting between polls, the retries and
// the storing belong to the durable generation in generation/provider-renders.ts.

import type { AspectRatio } from '../../../shared/catalogue';

/** One scene to generate. */
export type SceneJob = {
  prompt: string;
  /** The member's source image, for image-to-video. */
  image: { data: Buffer; mimeType: string } | null;
  aspectRatio: AspectRatio;
  durationSeconds: number;
};

/**
 * What a provider needs to find a submitted job again, kept in the job's row as JSON: the
 * external id, and the status, result and cancel URLs its answer gave, where it gives them.
 */
export type ProviderHandle = {
  externalId: string;
  statusUrl?: string;
  resultUrl?: string;
  cancelUrl?: string;
};

export type PollResult =
  | { state: 'queued' }
  /** `progress`: 0..1 when the provider says. */
  | { state: 'running'; progress?: number }
  /**
   * `outputUrl`: where the finished clip can be fetched (with fetchOutput); `seconds`: how long
   * the provider says it worked on it (Replicate's predict_time, fal's inference_time), if it says.
   */
  | { state: 'succeeded'; outputUrl: string; seconds?: number }
  /**
   * `reason`: a sentence a member may read; `refused`: a safety filter turned the prompt down;
   * `detail`: what the provider itself said, for our logs only (its wording is not for members).
   */
  | { state: 'failed'; reason: string; refused: boolean; detail?: string };

/**
 * What a submission answers: the handle, and for a model that answers at once (Gemini's
 * generateContent for images, say) the output itself, stored at once with no poll.
 */
export type Submitted = ProviderHandle & { output?: { data: Buffer; mimeType: string } };

/**
 * Whether a configured model still serves, from the provider's models list or get: `retired`
 * when the provider says it is no longer available (with its replacement where it names one),
 * `unknown` when it does not know the id, `unchecked` when the provider has no way to ask.
 */
export type ModelCheck =
  | { state: 'available' }
  | { state: 'unchecked' }
  | { state: 'retired' | 'unknown'; detail: string; replacement?: string };

/** One scene's still to generate with an image model. */
export type ImageJob = { prompt: string; aspectRatio: AspectRatio };

/**
 * An image model behind the same durable flow as a video model: submit once, poll, fetch. The
 * still it makes is animated by our renderer (a camera move, parallax), not by the model.
 */
export interface ImageProvider {
  readonly kind: 'image';
  /** 'fal', 'replicate' or 'gemini'. */
  readonly name: string;
  readonly model: string;
  submit(job: ImageJob, signal?: AbortSignal): Promise<Submitted>;
  poll(handle: ProviderHandle, signal?: AbortSignal): Promise<PollResult>;
  cancel(handle: ProviderHandle, signal?: AbortSignal): Promise<void>;
  fetchOutput(outputUrl: string, signal?: AbortSignal): Promise<Response>;
  checkModel(signal?: AbortSignal): Promise<ModelCheck>;
}

export interface VideoProvider {
  readonly kind?: 'video';
  /** 'veo', 'gemini', 'vertex', 'fal' or 'replicate'. */
  readonly name: string;
  /** The model or endpoint asked for, as recorded on each video. */
  readonly model: string;
  submit(job: SceneJob, signal?: AbortSignal): Promise<Submitted>;
  poll(handle: ProviderHandle, signal?: AbortSignal): Promise<PollResult>;
  /** Best effort: asks the provider to stop (a timed-out or abandoned job). */
  cancel(handle: ProviderHandle, signal?: AbortSignal): Promise<void>;
  /** The finished clip's bytes (with whatever authentication the provider's file URLs need). */
  fetchOutput(outputUrl: string, signal?: AbortSignal): Promise<Response>;
  /**
   * How long the clip will be when `seconds` are asked for: models offer a few lengths only
   * (Kling 5 or 10 s); the output is checked against this, then cut or held to the scene.
   */
  clipSeconds(seconds: number): number;
  /** Asked once at start-up for the configured models (a models list or get). */
  checkModel?(signal?: AbortSignal): Promise<ModelCheck>;
}

/**
 * A provider answered with an HTTP error or could not be reached. `transient` (429, 5xx, network)
 * is worth retrying, after `retryAfterMs` when the answer said (Retry-After); anything else is
 * final and `message` says what went wrong in words a member may read.
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly details: {
      status: number | null;
      transient: boolean;
      retryAfterMs?: number;
      refused?: boolean;
      /**
       * The provider says the model is no longer available (retired, shut down): the video fails
       * refunded, the operator is alerted, and the next video goes to a fallback model.
       */
      retired?: boolean;
      cause?: unknown;
    },
  ) {
    super(message, { cause: details.cause });
  }

  get transient(): boolean {
    return this.details.transient;
  }
}
