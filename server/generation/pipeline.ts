// The render pipeline a worker runs for one attempt of a video request: claim it, plan the scenes,
// render each with the provider, join them, take a thumbnail, probe, store, complete. A failure
// marks the video failed with a readable message and refunds the attempt; a lost claim (another
// worker took over after missed heartbeats) stops quietly.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import type { AspectRatio } from '../../shared/plans';
import type { ScenePlan } from '../../shared/schemas/videos';
import type { Database } from '../db/client';
import { inTransaction } from '../db/transaction';
import type { CreditsService } from '../features/credits/service';
import { requestVideoId } from '../features/videos/presenter';
import type { VideoRequestRow, VideosRepository } from '../features/videos/repository';
import type { Logger } from '../logger';
import { inRenderLane } from '../media/ffmpeg';
import {
  fitClip,
  joinClips,
  probeMedia,
  renderScene,
  SCENE_SIZES,
  THUMBNAIL_SECONDS,
  takeThumbnail,
} from '../media/renderer';
import type { RealtimeBus } from '../realtime/bus';
import { keyFromMediaUrl, type Storage, videoPrefix } from '../storage/storage';
import type { Limiter } from './limiter';
import { type Planner, PlannerError } from './planner/planner';
import { renderFolderPrefix } from './work-folders';

export const RENDER_FAILED_MESSAGE =
  "We couldn't render this video. Your credit has been refunded; please try again.";
export const COMBINE_SOURCE_GONE_MESSAGE =
  'A video chosen for this combination has been deleted. Please choose the videos again.';
export const SOURCE_IMAGE_UNREADABLE_MESSAGE =
  'The source image could not be read. Please upload a different JPG, PNG or GIF image.';

/**
 * A scene clip to join. Stored clips bring their probed length (fresh ones are probed), and a
 * video's first scene its thumbnail when one exists already.
 */
type SceneFile = { file: string; durationSeconds?: number; thumbnailFile?: string };

/** Progress points: planning takes the first few, rendering most, joining and storing the rest. */
const PROGRESS = { planned: 5, rendered: 90, stored: 98 } as const;

class ClaimLost extends Error {}

/** One attempt's working folder, storage prefix, abort signal and ffmpeg slots. */
type RenderRun = { workDir: string; prefix: string; signal: AbortSignal; limit: Limiter };

/** An error whose message a member may read as is. */
export class ReadableRenderError extends Error {}

export type PipelineDeps = {
  pool: pg.Pool;
  repository: VideosRepository;
  credits: CreditsService;
  storage: Storage;
  planner: Planner;
  bus: RealtimeBus;
  limitFfmpeg: Limiter;
  leaseSeconds: number;
  log: Logger;
  /**
   * After a video is stored and marked completed (a referral pays on the first). Best effort: it
   * runs after the commit, so its failure never undoes a finished video.
   */
  onCompleted?: (request: VideoRequestRow) => Promise<unknown>;
};

export class RenderPipeline {
  private readonly workerId = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

  /** The queue priority of each render this worker has in hand. */
  private readonly inHand = new Set<{ priority: number }>();

  constructor(private readonly deps: PipelineDeps) {}

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
    const entry = { priority: job.priority ?? 0 };
    this.inHand.add(entry);
    try {
      await this.runInHand(job, options.ahead === true);
    } finally {
      this.inHand.delete(entry);
    }
  }

  private async runInHand(
    job: { requestId: number; attempt: number; priority?: number },
    ahead: boolean,
  ): Promise<void> {
    const { repository, leaseSeconds } = this.deps;
    const request = await repository.claim(job.requestId, job.attempt, this.workerId, leaseSeconds);
    if (!request) return;
    await this.publishStatus(request, 'processing', 0, null);

    const abort = new AbortController();
    const heartbeat = setInterval(
      () => {
        repository.heartbeat(request.id, this.workerId, leaseSeconds).then(
          (held) => {
            if (!held) abort.abort(new ClaimLost());
          },
          (error) => this.deps.log.warn({ err: error }, 'render heartbeat failed'),
        );
      },
      Math.max(250, (leaseSeconds * 1000) / 3),
    );
    const workDir = await mkdtemp(path.join(os.tmpdir(), renderFolderPrefix(request.id)));
    const prefix = videoPrefix(request.userId, request.id, request.attempts);
    try {
      // This video's ffmpeg work waits for a slot in the order the queue gave it.
      const limit: Limiter = (task) => this.deps.limitFfmpeg(task, job.priority ?? 0, { ahead });
      const run = { workDir, prefix, signal: abort.signal, limit };
      await inRenderLane(ahead ? 'ahead' : 'queued', () =>
        request.kind === 'combine' ? this.combine(request, run) : this.render(request, run),
      );
    } catch (error) {
      await this.deps.storage.deletePrefix(prefix).catch(() => undefined);
      if (error instanceof ClaimLost || abort.signal.reason instanceof ClaimLost) {
        this.deps.log.warn(`render of video ${request.id} was taken over by another worker`);
        return;
      }
      await this.fail(request, error);
    } finally {
      clearInterval(heartbeat);
      await rm(workDir, { recursive: true, force: true });
    }
  }

  private async render(request: VideoRequestRow, run: RenderRun): Promise<void> {
    const { workDir, signal } = run;
    const { repository } = this.deps;
    const report = this.progressReporter(request);
    const size = SCENE_SIZES[request.aspectRatio as AspectRatio] ?? SCENE_SIZES.landscape;

    const sourceImageFile = await this.sourceImage(request);
    const plan: ScenePlan = await this.deps.planner.plan(
      {
        title: request.title,
        description: request.videoPrompt ?? request.description,
        scenes: request.scenes,
        aspectRatio: request.aspectRatio as AspectRatio,
        hasSourceImage: sourceImageFile !== null,
      },
      signal,
    );
    const generatedPrompt = JSON.stringify(plan);
    await repository.saveGeneratedPrompt(request.id, this.workerId, generatedPrompt);
    await report(PROGRESS.planned);

    const fractions = plan.scenes.map(() => 0);
    const onSceneProgress = (index: number) => (fraction: number) => {
      fractions[index] = fraction;
      const done = fractions.reduce((sum, value) => sum + value, 0) / fractions.length;
      void report(PROGRESS.planned + done * (PROGRESS.rendered - PROGRESS.planned));
    };
    const scenes = await Promise.all(
      plan.scenes.map((scene, index) =>
        run.limit(async (): Promise<SceneFile> => {
          signal.throwIfAborted();
          const outputFile = path.join(workDir, `scene-${scene.number}.mp4`);
          await renderScene({
            outputFile,
            workDir,
            width: size.width,
            height: size.height,
            durationSeconds: scene.durationSeconds,
            sceneNumber: scene.number,
            sceneCount: plan.scenes.length,
            title: request.title,
            caption: scene.caption,
            mood: scene.mood,
            seed: scene.prompt,
            sourceImageFile,
            watermark: request.watermark,
            onProgress: onSceneProgress(index),
            signal,
          });
          if (index > 0) return { file: outputFile };
          // The video's thumbnail is a frame of its first scene: take it in the same ffmpeg slot,
          // so a busy worker does not make the video queue a second time for it.
          const thumbnailFile = path.join(workDir, 'first-scene-frame.jpg');
          await takeThumbnail(outputFile, thumbnailFile, THUMBNAIL_SECONDS);
          return { file: outputFile, thumbnailFile };
        }),
      ),
    );

    await this.finish(request, run, size, scenes, generatedPrompt, report);
  }

  /**
   * Joins scene clips already stored with earlier videos (chosen scenes, in order), letterboxing any
   * whose size differs from the first video's, then finishes like a render. Nothing is charged.
   */
  private async combine(request: VideoRequestRow, run: RenderRun): Promise<void> {
    const { workDir, signal } = run;
    const selection = request.combineSelection ?? [];
    const found = await this.deps.repository.findOwnedVideosWithClips(
      request.userId,
      selection.map((entry) => entry.videoId),
    );
    const sources = new Map(found.map((entry) => [entry.video.id, entry]));
    const size = SCENE_SIZES[request.aspectRatio as AspectRatio] ?? SCENE_SIZES.landscape;
    const parts = selection.flatMap((entry) =>
      entry.scenes.map((scene) => {
        const source = sources.get(entry.videoId);
        const clip = source?.clips.find((candidate) => candidate.sceneNumber === scene);
        if (!source || !clip) throw new ReadableRenderError(COMBINE_SOURCE_GONE_MESSAGE);
        return { clip, video: source.video };
      }),
    );
    const report = this.progressReporter(request);
    let done = 0;
    const scenes = await Promise.all(
      parts.map(({ clip, video }, index) =>
        run.limit(async (): Promise<SceneFile> => {
          signal.throwIfAborted();
          const stored = this.deps.storage.localPath(clip.storageKey);
          // Letterboxing keeps the clip's length, so the stored probe still holds.
          const durationSeconds = clip.duration;
          if (clip.width === size.width && clip.height === size.height) {
            // A video's thumbnail is its first scene's frame: opening with it, we have it already.
            const thumbnailFile =
              index === 0 && clip.sceneNumber === 1 && video.thumbnailKey
                ? this.deps.storage.localPath(video.thumbnailKey)
                : undefined;
            return { file: stored, durationSeconds, thumbnailFile };
          }
          const fitted = path.join(workDir, `fit-${index + 1}.mp4`);
          await fitClip(stored, fitted, size);
          done += 1;
          await report(
            PROGRESS.planned + (done / parts.length) * (PROGRESS.rendered - PROGRESS.planned),
          );
          return { file: fitted, durationSeconds };
        }),
      ),
    );
    const generatedPrompt = JSON.stringify(combinedPlan(request.title, selection, found));
    await this.finish(request, run, size, scenes, generatedPrompt, report);
  }

  /**
   * Join (or take the single scene as it is), thumbnail, store everything, and complete. The
   * thumbnail comes from the first scene while the join runs: the video opens with that scene. The
   * join copies streams, so the video's length is its scenes' and its size theirs (`size`).
   */
  private async finish(
    request: VideoRequestRow,
    run: RenderRun,
    size: { width: number; height: number },
    scenes: SceneFile[],
    generatedPrompt: string,
    report: (progress: number) => Promise<void>,
  ): Promise<void> {
    const { repository, storage } = this.deps;
    const { workDir, prefix, signal, limit: limitFfmpeg } = run;
    const [firstScene] = scenes;
    if (!firstScene) throw new Error('A video needs at least one scene');
    const videoKey = `${prefix}video.mp4`;
    const thumbnailKey = `${prefix}thumbnail.jpg`;
    const videoFile = path.join(workDir, 'video.mp4');
    const thumbnailFile = path.join(workDir, 'thumbnail.jpg');

    const [, , sceneClips] = await Promise.all([
      scenes.length === 1
        ? storage.putFile(videoKey, firstScene.file)
        : limitFfmpeg(() =>
            joinClips(
              scenes.map((scene) => scene.file),
              videoFile,
              workDir,
            ),
          ).then(() => storage.putFile(videoKey, videoFile)),
      firstScene.thumbnailFile
        ? storage.putFile(thumbnailKey, firstScene.thumbnailFile)
        : limitFfmpeg(() => takeThumbnail(firstScene.file, thumbnailFile, THUMBNAIL_SECONDS)).then(
            () => storage.putFile(thumbnailKey, thumbnailFile),
          ),
      Promise.all(
        scenes.map(async (scene, index) => {
          const storageKey = `${prefix}scene-${index + 1}.mp4`;
          const [duration] = await Promise.all([
            scene.durationSeconds ?? probeMedia(scene.file).then((info) => info.durationSeconds),
            storage.putFile(storageKey, scene.file),
          ]);
          return { sceneNumber: index + 1, storageKey, duration };
        }),
      ),
    ]);
    await report(PROGRESS.stored);
    signal.throwIfAborted();

    const content = await inTransaction(this.deps.pool, (tx) =>
      repository.complete(tx.db, request, this.workerId, {
        videoKey,
        thumbnailKey,
        duration: sceneClips.reduce((total, clip) => total + clip.duration, 0),
        width: size.width,
        height: size.height,
        generatedPrompt,
        sceneClips,
      }),
    );
    if (!content) throw new ClaimLost();
    await this.deps.bus.publish(request.userId, 'videoStatusUpdate', {
      videoId: content.id,
      requestId: request.id,
      status: 'completed',
      title: request.title,
      progress: 100,
      errorMessage: null,
    });
    await this.deps
      .onCompleted?.(request)
      .catch((error) =>
        this.deps.log.warn({ err: error }, `after-completion work for video ${request.id} failed`),
      );
  }

  /** The stored upload behind sourceImageUrl, checked readable before any scene is rendered. */
  private async sourceImage(request: VideoRequestRow): Promise<string | null> {
    if (!request.sourceImageUrl) return null;
    const key = keyFromMediaUrl(request.sourceImageUrl);
    if (!key || !(await this.deps.storage.exists(key))) {
      throw new ReadableRenderError(SOURCE_IMAGE_UNREADABLE_MESSAGE);
    }
    const file = this.deps.storage.localPath(key);
    const info = await probeMedia(file).catch(() => null);
    if (!info?.width || !info.height) {
      throw new ReadableRenderError(SOURCE_IMAGE_UNREADABLE_MESSAGE);
    }
    return file;
  }

  private async fail(request: VideoRequestRow, error: unknown): Promise<void> {
    const readable =
      error instanceof ReadableRenderError || error instanceof PlannerError
        ? (error as Error).message
        : RENDER_FAILED_MESSAGE;
    this.deps.log.warn({ err: error }, `render of video ${request.id} failed`);
    const failed = await inTransaction(this.deps.pool, async (tx) => {
      const held = await this.deps.repository.fail(tx.db, request.id, this.workerId, readable);
      if (held) {
        await this.deps.credits.refundVideo(tx.db as Database, request.userId, {
          requestId: request.id,
          attempt: request.attempts,
          title: request.title,
        });
      }
      return held;
    });
    if (failed) await this.publishStatus(request, 'failed', 0, readable);
  }

  private async publishStatus(
    request: VideoRequestRow,
    status: 'processing' | 'failed',
    progress: number,
    errorMessage: string | null,
  ) {
    await this.deps.bus.publish(request.userId, 'videoStatusUpdate', {
      videoId: requestVideoId(request.id),
      requestId: request.id,
      status,
      title: request.title,
      progress,
      errorMessage,
    });
  }

  /** Saves and publishes progress at most every few points, so a render is not a write storm. */
  private progressReporter(request: VideoRequestRow) {
    let last = 0;
    return async (value: number) => {
      const progress = Math.min(99, Math.floor(value));
      if (progress < last + 3) return;
      last = progress;
      await this.deps.repository.saveProgress(request.id, this.workerId, progress);
      await this.deps.bus.publish(request.userId, 'videoProgress', {
        videoId: requestVideoId(request.id),
        requestId: request.id,
        progress,
      });
    };
  }
}

/** The combined video's scene plan: each chosen scene's plan from its source video, renumbered. */
function combinedPlan(
  title: string,
  selection: { videoId: number; scenes: number[] }[],
  sources: { video: { id: number; generatedPrompt: string | null } }[],
): ScenePlan {
  const planOf = new Map(
    sources.map(({ video }) => {
      try {
        return [video.id, JSON.parse(video.generatedPrompt ?? '') as ScenePlan];
      } catch {
        return [video.id, null];
      }
    }),
  );
  const scenes = selection.flatMap((entry) =>
    entry.scenes.map((number) =>
      planOf.get(entry.videoId)?.scenes?.find((scene) => scene.number === number),
    ),
  );
  return {
    title,
    scenes: scenes.map((scene, index) => ({
      number: index + 1,
      prompt: scene?.prompt ?? '',
      caption: scene?.caption ?? '',
      camera: scene?.camera ?? '',
      mood: scene?.mood ?? '',
      durationSeconds: scene?.durationSeconds ?? 8,
    })),
  };
}
