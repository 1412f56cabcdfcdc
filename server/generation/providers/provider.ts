// The one interface every paid video model sits behind: submit one scene, poll it, cancel it, and
// fetch what it made. A provider is a thin HTTP client: the waiting between polls, the retries and
// the storing belong to the durable generation in generation/provider-renders.ts.

import type { AspectRatio } from '../../../shared/plans';

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

export interface VideoProvider {
  /** 'veo', 'fal' or 'replicate'. */
  readonly name: string;
  /** The model or endpoint asked for, as recorded on each video. */
  readonly model: string;
  submit(job: SceneJob, signal?: AbortSignal): Promise<ProviderHandle>;
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
      cause?: unknown;
    },
  ) {
    super(message, { cause: details.cause });
  }

  get transient(): boolean {
    return this.details.transient;
  }
}
