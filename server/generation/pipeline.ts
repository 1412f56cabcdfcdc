// The render pipeline a worker runs for one attempt of a video request: claim it, plan the scenes,
// render each with the provider, join them, take a thumbnail, probe, store, complete. A failure
// marks the video failed with a readable message and refunds the attempt (a step past its time or
// memory limit also counts as a lost render); a lost claim (another worker took over after missed
// heartbeats) stops quietly; a worker that is stopping hands its renders back to the queue.
//
// The modes it dispatches to read top to bottom in their own files: local-draw.ts (our renderer
// draws the scenes), ai-finishing.ts (a paid model made them), combine.ts (earlier videos' clips),
// and finishing.ts, which all of them end with; render-run.ts holds what they share.

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AspectRatio } from '../../shared/catalogue';
import type { Storyboard } from '../../shared/schemas/videos';
import type { Logger } from '../logger';
import { holdingBackgroundRenders, inRenderLane } from '../media/ffmpeg';
import { RenderLimitExceeded } from '../render-limits';
import type { Storage } from '../storage/storage';
import { videoPrefix } from '../storage/storage-keys';
import { VoiceServiceError } from '../voice/cloud-http';
import { generate } from './ai-finishing';
import { combine } from './combine';
import type { Limiter } from './limiter';
import { drawLocally } from './local-draw';
import { type Planner, PlannerError } from './planner/planner';
import { type ProviderRenders, withAiVisuals } from './provider-renders';
import { ClaimLost, type RenderLifecycle, ShuttingDown } from './render-lifecycle';
import type { RenderRequest } from './render-repository';
import {
  memberStoryboardOf,
  type PlanScenes,
  ReadableRenderError,
  type RenderRun,
  sourceOf,
  voiceOf,
} from './render-run';
import type { StockFootage } from './stock/stock-source';
import { videoMark } from './video-mark';
import type { NarrationVoices } from './video-sound';
import { renderFolderPrefix } from './work-folders';

export const RENDER_FAILED_MESSAGE =
  "We couldn't render this video. Your credit has been refunded; please try again.";

export type PipelineDeps = {
  lifecycle: RenderLifecycle;
  /** Scenes made by a paid video model; absent: the local storyboard renderer makes them. */
  providerRenders?: ProviderRenders | null;
  storage: Storage;
  planner: Planner;
  /** The voices narration is spoken in; absent: videos have no voice. */
  voices?: NarrationVoices | null;
  limitFfmpeg: Limiter;
  /** Music under offline videos (RENDER_MUSIC); absent: on. */
  music?: boolean;
  /** The `stock` scene source (Pexels, Pixabay); absent: not offered. */
  stock?: StockFootage | null;
  log: Logger;
};

export class RenderPipeline {
  /** The queue priority of each render this worker has in hand. */
  private readonly inHand = new Set<{ priority: number }>();
  /** Renders under way, awaited when the worker stops. */
  private readonly running = new Set<Promise<void>>();
  /** Aborts every render with ShuttingDown when the worker stops. */
  private readonly stopping = new AbortController();

  constructor(private readonly deps: PipelineDeps) {}

  /**
   * Stops every render at once (their ffmpeg and preparation threads are killed) and hands each
   * back to the queue without counting a loss; waits at most `timeoutMs` for them to let go.
   */
  async stop(timeoutMs: number): Promise<void> {
    this.stopping.abort(new ShuttingDown());
    const settled = Promise.allSettled([...this.running]);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    });
    await Promise.race([settled, timeout]);
    clearTimeout(timer);
  }

  /** How many renders this worker has in hand, and the lowest queue priority among them. */
  renders(): { count: number; lowestPriority: number | null } {
    let lowest: number | null = null;
    for (const { priority } of this.inHand) lowest = Math.min(lowest ?? priority, priority);
    return { count: this.inHand.size, lowestPriority: lowest };
  }

  /**
   * Renders one attempt. `ahead`: the render was taken ahead of the queue because it outranks
   * what this worker was rendering; its ffmpeg work gets the limiter's extra slot and the CPU.
   */
  async run(
    job: { requestId: number; attempt: number; priority?: number },
    options: { ahead?: boolean } = {},
  ): Promise<void> {
    // A stopping worker takes nothing new: the job stays for the next worker.
    if (this.stopping.signal.aborted) return;
    const entry = { priority: job.priority ?? 0 };
    this.inHand.add(entry);
    const running = this.runInHand(job, options.ahead === true);
    this.running.add(running);
    try {
      await running;
    } finally {
      this.running.delete(running);
      this.inHand.delete(entry);
    }
  }

  private async runInHand(
    job: { requestId: number; attempt: number; priority?: number },
    ahead: boolean,
  ): Promise<void> {
    const { lifecycle } = this.deps;
    const request = await lifecycle.claim(job);
    if (!request) return;
    const lease = lifecycle.holdLease(request);
    const signal = AbortSignal.any([lease.signal, this.stopping.signal]);
    const workDir = await mkdtemp(path.join(os.tmpdir(), renderFolderPrefix(request.id)));
    const prefix = videoPrefix(request.userId, request.id, request.attempts);
    try {
      // This video's ffmpeg work waits for a slot in the order the queue gave it.
      const limit: Limiter = (task) => this.deps.limitFfmpeg(task, job.priority ?? 0, { ahead });
      // Background renders (demo clips) stay stopped from the claim to the end, not only while
      // this video's ffmpeg runs: its planning and set-up want the CPU too.
      await holdingBackgroundRenders(() =>
        inRenderLane(ahead ? 'ahead' : 'queued', async () => {
          if (request.kind === 'combine') {
            // Joined from finished videos, which carry their marks already.
            return combine(this.deps, request, {
              workDir,
              prefix,
              signal,
              limit,
              watermark: false,
            });
          }
          const { storage, log } = this.deps;
          const watermark = await videoMark(
            { repository: lifecycle.repository, storage, log },
            request,
            { workDir, signal, limit },
          );
          return this.render(request, { workDir, prefix, signal, limit, watermark });
        }),
      );
    } catch (error) {
      await this.deps.storage.deletePrefix(prefix).catch(() => undefined);
      if (error instanceof ClaimLost || lease.signal.reason instanceof ClaimLost) {
        this.deps.log.warn(`render of video ${request.id} was taken over by another worker`);
        return;
      }
      if (this.stopping.signal.aborted) {
        await lifecycle.requeueForShutdown(request).then(
          (released) =>
            released && this.deps.log.info(`video ${request.id} handed back to the queue`),
          (failure) =>
            // Its lease runs out instead, and another worker's sweep takes it back.
            this.deps.log.warn({ err: failure }, `could not hand video ${request.id} back`),
        );
        return;
      }
      await this.fail(request, error);
    } finally {
      lease.stop();
      await rm(workDir, { recursive: true, force: true });
    }
  }

  /**
   * The planner's scenes for the request (the member's title and description, or a job's). A
   * video model makes clips of a fixed length (8 s), so its scenes keep that length whatever the
   * voice says; everywhere else a narrated scene lasts as long as its speech.
   */
  private async plan(
    request: RenderRequest,
    hasSourceImage: boolean,
    signal: AbortSignal,
    fixedSceneSeconds: number | null,
  ): Promise<Storyboard> {
    const voice = voiceOf(request, this.deps);
    const written = memberStoryboardOf(request);
    const plan =
      written === null
        ? await this.deps.planner.plan(
            {
              title: request.title,
              description: request.videoPrompt ?? request.description,
              scenes: request.scenes,
              aspectRatio: request.aspectRatio as AspectRatio,
              hasSourceImage,
              narrationLanguage: voice?.language ?? null,
              voiced: voice !== null,
              engineRun: request.jobId !== null,
            },
            signal,
          )
        : withAiVisuals(written);
    if (fixedSceneSeconds === null) return plan;
    return {
      ...plan,
      scenes: plan.scenes.map((scene) => ({ ...scene, durationSeconds: fixedSceneSeconds })),
    };
  }

  /**
   * Sends the request to its mode: a paid model's scenes (AI finishing), else our renderer's
   * draw. Each mode asks for the plan (`planScenes`) at its own step: the local draw once it has
   * read the member's images, a model on its first turn.
   */
  private async render(request: RenderRequest, run: RenderRun): Promise<void> {
    const source = sourceOf(request, this.deps);
    const renders = this.deps.providerRenders;
    const planScenes: PlanScenes = (hasSourceImage, fixedSceneSeconds) =>
      this.plan(request, hasSourceImage, run.signal, fixedSceneSeconds);
    if (renders && (source === 'ai-video' || source === 'ai-image')) {
      await generate(
        this.deps,
        request,
        run,
        renders,
        source === 'ai-video' ? 'video' : 'image',
        planScenes,
      );
      return;
    }
    await drawLocally(this.deps, request, run, source, planScenes);
  }

  private async fail(request: RenderRequest, error: unknown): Promise<void> {
    const overLimit = error instanceof RenderLimitExceeded;
    if (overLimit) {
      // The operator's line: which video, which step, which limit.
      this.deps.log.error(
        { requestId: request.id, userId: request.userId, step: error.step, limit: error.limit },
        `render of video ${request.id} stopped: ${error.step} went past its ${error.limit} limit`,
      );
    } else {
      this.deps.log.warn({ err: error }, `render of video ${request.id} failed`);
    }
    await this.deps.lifecycle.fail(request, readableRenderMessage(error), { lost: overLimit });
  }
}

/** What a member reads when a render fails: our own readable messages as they are, else an apology. */
export function readableRenderMessage(error: unknown): string {
  return error instanceof ReadableRenderError ||
    error instanceof PlannerError ||
    error instanceof VoiceServiceError ||
    error instanceof RenderLimitExceeded
    ? (error as Error).message
    : RENDER_FAILED_MESSAGE;
}
