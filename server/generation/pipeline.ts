// The render pipeline a worker runs for one attempt of a video request: claim it, plan the scenes,
// render each with the provider, join them, take a thumbnail, probe, store, complete. A failure
// marks the video failed with a readable message and refunds the attempt; a lost claim (another
// worker took over after missed heartbeats) stops quietly.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AspectRatio } from '../../shared/plans';
import type { ScenePlan } from '../../shared/schemas/videos';
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
import { keyFromMediaUrl, type Storage, videoPrefix } from '../storage/storage';
import type { Limiter } from './limiter';
import { type Planner, PlannerError } from './planner/planner';
import { ClaimLost, type RenderLifecycle } from './render-lifecycle';
import type { RenderRequest } from './render-repository';
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

/** One attempt's working folder, storage prefix, abort signal and ffmpeg slots. */
type RenderRun = { workDir: string; prefix: string; signal: AbortSignal; limit: Limiter };

/** An error whose message a member may read as is. */
export class ReadableRenderError extends Error {}

export type PipelineDeps = {
  lifecycle: RenderLifecycle;
  storage: Storage;
  planner: Planner;
  limitFfmpeg: Limiter;
  log: Logger;
};

export class RenderPipeline {
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
    const { lifecycle } = this.deps;
    const request = await lifecycle.claim(job);
    if (!request) return;
    const lease = lifecycle.holdLease(request);
    const workDir = await mkdtemp(path.join(os.tmpdir(), renderFolderPrefix(request.id)));
    const prefix = videoPrefix(request.userId, request.id, request.attempts);
    try {
      // This video's ffmpeg work waits for a slot in the order the queue gave it.
      const limit: Limiter = (task) => this.deps.limitFfmpeg(task, job.priority ?? 0, { ahead });
      const run = { workDir, prefix, signal: lease.signal, limit };
      await inRenderLane(ahead ? 'ahead' : 'queued', () =>
        request.kind === 'combine' ? this.combine(request, run) : this.render(request, run),
      );
    } catch (error) {
      await this.deps.storage.deletePrefix(prefix).catch(() => undefined);
      if (error instanceof ClaimLost || lease.signal.reason instanceof ClaimLost) {
        this.deps.log.warn(`render of video ${request.id} was taken over by another worker`);
        return;
      }
      await this.fail(request, error);
    } finally {
      lease.stop();
      await rm(workDir, { recursive: true, force: true });
    }
  }

  private async render(request: RenderRequest, run: RenderRun): Promise<void> {
    const { workDir, signal } = run;
    const { lifecycle } = this.deps;
    const report = lifecycle.progressReporter(request);
    const size = SCENE_SIZES[request.aspectRatio as AspectRatio] ?? SCENE_SIZES.landscape;

    const sourceImageFile = await this.sourceImage(request, workDir);
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
    await lifecycle.savePlan(request, generatedPrompt);
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
  private async combine(request: RenderRequest, run: RenderRun): Promise<void> {
    const { workDir, signal } = run;
    const selection = request.combineSelection ?? [];
    const found = await this.deps.lifecycle.repository.findVideosWithClips(
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
    const report = this.deps.lifecycle.progressReporter(request);
    let done = 0;
    const scenes = await Promise.all(
      parts.map(({ clip, video }, index) =>
        run.limit(async (): Promise<SceneFile> => {
          signal.throwIfAborted();
          const stored = path.join(workDir, `source-${index + 1}.mp4`);
          await this.deps.storage.getFile(clip.storageKey, stored);
          // Letterboxing keeps the clip's length, so the stored probe still holds.
          const durationSeconds = clip.duration;
          if (clip.width === size.width && clip.height === size.height) {
            // A video's thumbnail is its first scene's frame: opening with it, we have it already.
            let thumbnailFile: string | undefined;
            if (index === 0 && clip.sceneNumber === 1 && video.thumbnailKey) {
              thumbnailFile = path.join(workDir, 'source-thumbnail.jpg');
              await this.deps.storage.getFile(video.thumbnailKey, thumbnailFile);
            }
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
    request: RenderRequest,
    run: RenderRun,
    size: { width: number; height: number },
    scenes: SceneFile[],
    generatedPrompt: string,
    report: (progress: number) => Promise<void>,
  ): Promise<void> {
    const { storage } = this.deps;
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

    await this.deps.lifecycle.complete(request, {
      videoKey,
      thumbnailKey,
      duration: sceneClips.reduce((total, clip) => total + clip.duration, 0),
      width: size.width,
      height: size.height,
      generatedPrompt,
      sceneClips,
    });
  }

  /** The stored upload behind sourceImageUrl, copied into the work folder and checked readable. */
  private async sourceImage(request: RenderRequest, workDir: string): Promise<string | null> {
    if (!request.sourceImageUrl) return null;
    const key = keyFromMediaUrl(request.sourceImageUrl);
    if (!key || !(await this.deps.storage.exists(key))) {
      throw new ReadableRenderError(SOURCE_IMAGE_UNREADABLE_MESSAGE);
    }
    const file = path.join(workDir, `source-image${path.posix.extname(key)}`);
    await this.deps.storage.getFile(key, file);
    const info = await probeMedia(file).catch(() => null);
    if (!info?.width || !info.height) {
      throw new ReadableRenderError(SOURCE_IMAGE_UNREADABLE_MESSAGE);
    }
    return file;
  }

  private async fail(request: RenderRequest, error: unknown): Promise<void> {
    this.deps.log.warn({ err: error }, `render of video ${request.id} failed`);
    await this.deps.lifecycle.fail(request, readableRenderMessage(error));
  }
}

/** What a member reads when a render fails: our own readable messages as they are, else an apology. */
export function readableRenderMessage(error: unknown): string {
  return error instanceof ReadableRenderError || error instanceof PlannerError
    ? (error as Error).message
    : RENDER_FAILED_MESSAGE;
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
