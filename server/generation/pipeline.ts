// The render pipeline a worker runs for one attempt of a video request: claim it, plan the scenes,
// render each with the provider, join them, take a thumbnail, probe, store, complete. A failure
// marks the video failed with a readable message and refunds the attempt (a step past its time or
// memory limit also counts as a lost render); a lost claim (another worker took over after missed
// heartbeats) stops quietly; a worker that is stopping hands its renders back to the queue.

import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AspectRatio, SceneSource } from '../../shared/catalogue';
import type { Storyboard, StoryboardShot } from '../../shared/schemas/videos';
import { captionStyleOf } from '../../shared/schemas/voices';
import type { Logger } from '../logger';
import { holdingBackgroundRenders, inRenderLane } from '../media/ffmpeg';
import { logoCard, uprightImage } from '../media/images';
import type { ShotPick } from '../media/pictures/pictures';
import { renderPicture } from '../media/pictures/render-picture';
import { resolveLanguage } from '../media/pictures/words';
import {
  fitClip,
  joinClips,
  normaliseClip,
  probeMedia,
  readCaptions,
  renderScene,
  SCENE_SIZES,
  THUMBNAIL_SECONDS,
  takeThumbnail,
  thumbnailKeyframeOf,
  thumbnailSecondsOf,
} from '../media/renderer';
import { logoBox, logoPlace, pictureSize, type SceneShot } from '../media/scene-layout';
import { chaptersWebVtt } from '../media/webvtt';
import { RenderLimitExceeded } from '../render-limits';
import type { PreparationTasks } from '../render-threads/preparation-pool';
import { runPreparation } from '../render-threads/preparation-pool';
import type { Storage } from '../storage/storage';
import {
  keyFromMediaUrl,
  sceneClipKey,
  sourceClipPrefix,
  videoFileKeys,
  videoPrefix,
} from '../storage/storage-keys';
import { VoiceServiceError } from '../voice/cloud-http';
import type { Limiter } from './limiter';
import { type Planner, PlannerError } from './planner/planner';
import type { ModelKind, ProviderRenders } from './provider-renders';
import { ClaimLost, type RenderLifecycle, ShuttingDown } from './render-lifecycle';
import type { RenderRequest, VideoGeneration } from './render-repository';
import { sceneSourceOf } from './scene-sources';
import { chaptersOf } from './shots';
import type { FootageShot } from './stock/stock-footage';
import type { StoredStockAsset } from './stock/stock-repository';
import type { StockFootage, VideoFootage } from './stock/stock-source';
import {
  makeClipSoundtrack,
  makeSoundtrack,
  type NarrationVoices,
  narrationOf,
  type ShownCue,
  sceneOffsets,
  speakScenes,
  videoCaptions,
} from './video-sound';
import { renderFolderPrefix } from './work-folders';

export const RENDER_FAILED_MESSAGE =
  "We couldn't render this video. Your credit has been refunded; please try again.";
export const COMBINE_SOURCE_GONE_MESSAGE =
  'A video chosen for this combination has been deleted. Please choose the videos again.';
export const SOURCE_IMAGE_UNREADABLE_MESSAGE =
  'The source image could not be read. Please upload a different JPG, PNG or GIF image.';

/**
 * A scene clip to join, with its probed length (a stored clip brings the length probed when it
 * was stored), and a video's first scene its thumbnail when one exists already.
 */
type SceneFile = { file: string; durationSeconds: number; thumbnailFile?: string };

/**
 * A freshly made scene clip ready to join: probed for its length and, for the video's first scene,
 * its thumbnail taken beside the probe. Called in the scene's ffmpeg slot, so a busy worker does
 * not make the video queue a second time for the thumbnail, and storing waits for neither.
 */
async function madeScene(
  file: string,
  index: number,
  workDir: string,
  thumbnailSeconds = THUMBNAIL_SECONDS,
): Promise<SceneFile> {
  const thumbnailFile = index === 0 ? path.join(workDir, 'first-scene-frame.jpg') : null;
  const [info] = await Promise.all([
    probeMedia(file),
    thumbnailFile && takeThumbnail(file, thumbnailFile, thumbnailSeconds),
  ]);
  return {
    file,
    durationSeconds: info.durationSeconds,
    ...(thumbnailFile ? { thumbnailFile } : {}),
  };
}

/** Progress points: planning takes the first few, rendering most, joining and storing the rest. */
const PROGRESS = { planned: 5, rendered: 90, stored: 98 } as const;

/** One attempt's working folder, storage prefix, abort signal and ffmpeg slots. */
type RenderRun = { workDir: string; prefix: string; signal: AbortSignal; limit: Limiter };

/** A member's or a model's image, upright, with its size. */
type Photo = { file: string; width: number; height: number };

/** What a scene shows under its text: a photo, or its shots' pictures over its mood. */
type SceneVisual = { photo?: Photo; shots: SceneShot[] };

/** A scene's photo and what the plan calls it (the image's address, or the model's still). */
type ScenePhoto = { photo: Photo; id: string };

/** An error whose message a member may read as is. */
export class ReadableRenderError extends Error {}

/**
 * What a finished video says and shows as text: its WebVTT (or 'from-video': read back from the
 * joined clips' subtitle tracks) and the voice that spoke it.
 */
type FinishedNarration = {
  captions: string | 'from-video' | null;
  voiceId: string | null;
  /** The licence records of the stock footage it shows. */
  stockAssets?: StoredStockAsset[];
  /** What the member should know about how it was made (shots that found no footage). */
  notice?: string | null;
};
const NO_NARRATION: FinishedNarration = { captions: null, voiceId: null };

/** How long a clip a video model makes for one scene is (every model offered makes 8 s clips). */
const MODEL_CLIP_SECONDS = 8;

/** The offline storyboard renderer's name in the operator's columns. */
export const LOCAL_MODEL = 'storyboard';

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
      const run = { workDir, prefix, signal, limit };
      // Background renders (demo clips) stay stopped from the claim to the end, not only while
      // this video's ffmpeg runs: its planning and set-up want the CPU too.
      await holdingBackgroundRenders(() =>
        inRenderLane(ahead ? 'ahead' : 'queued', () =>
          request.kind === 'combine' ? this.combine(request, run) : this.render(request, run),
        ),
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
    fixedSceneSeconds: number | null = null,
  ): Promise<Storyboard> {
    const voice = this.voiceOf(request);
    const plan = await this.deps.planner.plan(
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
    );
    if (fixedSceneSeconds === null) return plan;
    return {
      ...plan,
      scenes: plan.scenes.map((scene) => ({ ...scene, durationSeconds: fixedSceneSeconds })),
    };
  }

  /** The voice that narrates the request, when it has one this server still offers. */
  private voiceOf(request: RenderRequest): { id: string; language: string } | null {
    const { voices } = this.deps;
    if (!voices || !request.voiceId) return null;
    const language = voices.language(request.voiceId);
    if (language === null) {
      this.deps.log.warn(`video ${request.id}: voice ${request.voiceId} is no longer offered`);
      return null;
    }
    return { id: request.voiceId, language };
  }

  /** Where the request's scenes come from, as this server can make them. */
  private sourceOf(request: RenderRequest): SceneSource {
    const renders = this.deps.providerRenders;
    const source = sceneSourceOf(request, {
      offered: () => (renders?.offers('video') ? ['ai-video'] : []),
    });
    const kind = source === 'ai-video' ? 'video' : source === 'ai-image' ? 'image' : null;
    if (kind && !renders?.offers(kind)) {
      // The server's models changed since the video was asked for: it is drawn offline instead.
      this.deps.log.warn(`video ${request.id}: no ${kind} model configured; drawn offline`);
      return request.sceneImageUrls?.length || request.sourceImageUrl ? 'upload' : 'offline';
    }
    return source;
  }

  private async render(request: RenderRequest, run: RenderRun): Promise<void> {
    const source = this.sourceOf(request);
    const renders = this.deps.providerRenders;
    if (renders && (source === 'ai-video' || source === 'ai-image')) {
      await this.generate(request, run, renders, source === 'ai-video' ? 'video' : 'image');
      return;
    }
    const { workDir, signal } = run;
    const report = this.deps.lifecycle.progressReporter(request);
    // Only the `upload` source shows the member's images; offline pictures draw their own.
    const memberImages = source === 'upload' ? await this.memberImages(request, workDir) : [];
    const plan: Storyboard = await this.plan(request, memberImages.length > 0, signal);
    await this.deps.lifecycle.savePlan(request, JSON.stringify(plan));
    await report(PROGRESS.planned);
    // One image is every scene's; with more, scene n shows image n and a later one its pictures.
    const urls = request.sceneImageUrls?.length
      ? request.sceneImageUrls
      : request.sourceImageUrl
        ? [request.sourceImageUrl]
        : [];
    const photos = plan.scenes.map((_, index) => {
      const at = memberImages.length === 1 ? 0 : index;
      const photo = memberImages[at];
      return photo ? { photo, id: urls[at] ?? `image-${at + 1}` } : null;
    });
    await this.drawScenes(request, run, plan, photos, report, {
      provider: 'local',
      model: LOCAL_MODEL,
      secondsGenerated: 0,
      costUsd: 0,
    });
  }

  /**
   * What each scene shows: its photo (a member's image, or a model's still), or else a picture,
   * or its key words, per shot (the offline source), rasterised at its drawn size. The plan's
   * shots learn what they show.
   */
  private async sceneVisuals(
    request: RenderRequest,
    plan: Storyboard,
    photos: ReadonlyArray<ScenePhoto | null>,
    run: RenderRun,
  ): Promise<{ plan: Storyboard; visuals: SceneVisual[]; footage: VideoFootage | null }> {
    const { workDir, signal } = run;
    const drawnScenes = plan.scenes.flatMap((scene, index) => (photos[index] ? [] : [scene]));
    const shotTexts = drawnScenes.flatMap((scene) => (scene.shots ?? []).map((shot) => shot.text));
    const picks =
      shotTexts.length > 0
        ? await runPreparation(
            'shotPictures',
            {
              shots: shotTexts,
              title: plan.title,
              language: this.voiceOf(request)?.language ?? null,
            },
            { step: 'pictures', signal },
          )
        : [];
    const size = sceneSize(request);
    const drawn = pictureSize(size.width, size.height);
    // What each drawn shot would search stock footage for (its words also label its visual).
    const footageShots = drawnScenes
      .flatMap((scene) => scene.shots ?? [])
      .map((shot, index) => footageShotOf(shot, picks[index]));
    const footage =
      this.sourceOf(request) === 'stock' && this.deps.stock?.offered && footageShots.length > 0
        ? await this.deps.stock.footageFor({
            shots: footageShots,
            language: resolveLanguage(this.voiceOf(request)?.language ?? null, shotTexts),
            orientation: request.aspectRatio === 'portrait' ? 'portrait' : 'landscape',
            size,
            workDir,
            prefix: run.prefix,
            signal,
          })
        : null;
    let next = 0;
    const rasterised = new Map<string, Promise<string>>();
    const pictureFile = (name: string, svg: string) => {
      const known = rasterised.get(name);
      if (known) return known;
      const file = path.join(workDir, `picture-${rasterised.size + 1}.png`);
      const made = renderPicture(svg, drawn, file).then(() => file);
      rasterised.set(name, made);
      return made;
    };
    const scenes = await Promise.all(
      plan.scenes.map(async (scene, index) => {
        const photo = photos[index];
        const shots = scene.shots ?? [];
        if (photo) {
          return {
            scene: {
              ...scene,
              shots: shots.map((shot) => ({
                ...shot,
                visual: { source: 'image' as const, id: photo.id, words: [] },
              })),
            },
            visual: { photo: photo.photo, shots: [] },
          };
        }
        const timed = await Promise.all(
          shots.map(async (shot) => {
            const at = next++;
            const pick = picks[at];
            const stock = footage?.shots[at];
            if (stock) {
              const { candidate } = stock.chosen;
              return {
                shot: {
                  ...shot,
                  visual: {
                    source: 'stock' as const,
                    id: `${candidate.provider}:${candidate.assetId}`,
                    words: footageShots[at]?.subject ?? [],
                  },
                },
                spec:
                  stock.kind === 'clip'
                    ? { kind: 'clip' as const, file: stock.file, offsetSeconds: 0 }
                    : { kind: 'photo' as const, file: stock.file },
              };
            }
            if (!pick) return { shot, spec: null };
            if (pick.kind === 'typographic') {
              return {
                shot: {
                  ...shot,
                  visual: {
                    source: 'typographic' as const,
                    id: `type:${pick.words.join(' ')}`,
                    words: pick.words,
                  },
                },
                spec: { kind: 'typographic' as const, words: pick.words },
              };
            }
            const file = await pictureFile(pick.name, pick.svg);
            this.deps.log.debug(
              `video ${request.id}: shot picture ${pick.name} (${pick.matched.join(', ')})`,
            );
            return {
              shot: {
                ...shot,
                visual: { source: 'picture' as const, id: pick.name, words: pick.matched },
              },
              spec: { kind: 'picture' as const, file, size: drawn },
            };
          }),
        );
        return {
          scene: { ...scene, shots: timed.map((entry) => entry.shot) },
          visual: {
            shots: timed.map(({ shot, spec }) => ({
              start: shot.start,
              end: shot.end,
              visual: spec,
            })),
          },
        };
      }),
    );
    return {
      plan: { ...plan, scenes: scenes.map((entry) => entry.scene) },
      visuals: scenes.map((entry) => entry.visual),
      footage,
    };
  }

  /**
   * Speaks every scene, times the plan by the voice (each scene as long as it speaks, each shot
   * where its phrase begins), chooses each shot's picture, and draws every scene over one
   * soundtrack with the voice; then finishes the video with its chapters.
   */
  private async drawScenes(
    request: RenderRequest,
    run: RenderRun,
    planned: Storyboard,
    photos: ReadonlyArray<ScenePhoto | null>,
    report: (progress: number) => Promise<void>,
    generation: VideoGeneration,
  ): Promise<void> {
    const { workDir, signal } = run;
    const size = sceneSize(request);
    const logo = await this.logoMark(request, workDir);
    const voice = this.voiceOf(request);
    const { voices } = this.deps;
    const {
      file: soundtrack,
      spoken,
      alongside: drawn,
    } = await makeSoundtrack({
      plan: planned,
      musicSeed: `${request.id}`,
      music: this.deps.music ?? true,
      speak:
        voice && voices
          ? () =>
              speakScenes({
                voices,
                voiceId: voice.id,
                speed: request.voiceSpeed,
                plan: planned,
                workDir,
                signal,
              })
          : null,
      workDir,
      signal,
      limit: run.limit,
      // The shots' pictures need the timed plan, not the sound: chosen while the mix runs.
      whileMixing: (timed) => this.sceneVisuals(request, timed, photos, run),
    });
    if (!drawn) throw new Error('the shots were not drawn');
    const { plan, visuals, footage } = drawn;
    // The footage is copied into the video's folder while the scenes render.
    const storingFootage = footage?.store() ?? Promise.resolve();
    storingFootage.catch(() => undefined);
    const offsets = sceneOffsets(plan.scenes);
    const captionStyle = captionStyleOf(request.captionStyle);
    const firstSeconds = plan.scenes[0]?.durationSeconds ?? THUMBNAIL_SECONDS;
    const thumbnailSeconds = thumbnailSecondsOf(firstSeconds);

    const fractions = plan.scenes.map(() => 0);
    const onSceneProgress = (index: number) => (fraction: number) => {
      fractions[index] = fraction;
      const done = fractions.reduce((sum, value) => sum + value, 0) / fractions.length;
      void report(PROGRESS.planned + done * (PROGRESS.rendered - PROGRESS.planned));
    };
    const shown: ShownCue[][] = plan.scenes.map(() => []);
    const scenes = await Promise.all(
      plan.scenes.map((scene, index) =>
        run.limit(async (): Promise<SceneFile> => {
          signal.throwIfAborted();
          const outputFile = path.join(workDir, `scene-${scene.number}.mp4`);
          const words = spoken?.[index]?.words ?? null;
          const { cues } = await renderScene({
            outputFile,
            workDir,
            width: size.width,
            height: size.height,
            durationSeconds: scene.durationSeconds,
            sceneNumber: scene.number,
            sceneCount: plan.scenes.length,
            caption: narrationOf(scene),
            mood: scene.mood,
            seed: scene.prompt,
            sourceImageFile: visuals[index]?.photo?.file ?? null,
            sourceImageSize: visuals[index]?.photo ?? null,
            shots: visuals[index]?.shots ?? [],
            overlay: scene.overlay ?? null,
            keyframeSeconds: index === 0 ? thumbnailKeyframeOf(thumbnailSeconds) : undefined,
            camera: scene.camera,
            logo,
            watermark: request.watermark,
            // One soundtrack for the whole video: each scene takes its slice, so the joined
            // video plays the music through and its loudness is the whole's.
            soundtrack: { file: soundtrack, offsetSeconds: offsets[index] ?? 0 },
            narration: words ? { words, style: captionStyle } : null,
            onProgress: onSceneProgress(index),
            signal,
          });
          shown[index] = cues;
          return madeScene(outputFile, index, workDir, thumbnailSeconds);
        }),
      ),
    );

    await storingFootage;
    await this.finish(
      request,
      run,
      size,
      scenes,
      plan,
      report,
      {
        // Placed by the clips' real lengths (whole frames, a little past the planned ones), as the
        // join places the scenes, their subtitle track and the chapters.
        captions: videoCaptions(scenes, shown),
        voiceId: spoken?.some(Boolean) ? (voice?.id ?? null) : null,
        stockAssets: footage?.assets ?? [],
        notice: footage?.notice ?? null,
      },
      generation.provider === 'local'
        ? {
            ...generation,
            secondsGenerated: plan.scenes.reduce((sum, scene) => sum + scene.durationSeconds, 0),
          }
        : generation,
    );
  }

  /**
   * A video a paid model makes: the first turn plans and submits its scenes and hands the video
   * back to be polled (provider-renders); the turn after the last scene is stored brings each
   * clip to our size, length and encoding, with its sound or silence and the watermark, and
   * finishes it like a render.
   */
  private async generate(
    request: RenderRequest,
    run: RenderRun,
    generator: ProviderRenders,
    kind: ModelKind,
  ) {
    const { workDir, signal } = run;
    const { storage, lifecycle } = this.deps;
    const outcome = await generator.advance(request, {
      kind,
      // An image model paints from the words alone; the member's image goes to a video model.
      plan: () =>
        this.plan(
          request,
          kind === 'video' && request.sourceImageUrl !== null,
          signal,
          kind === 'video' ? MODEL_CLIP_SECONDS : null,
        ),
      sourceImage: async () => {
        const image = await this.sourceImage(request, workDir);
        return image ? { data: await readFile(image.file), mimeType: imageType(image.file) } : null;
      },
    });
    if (outcome.state === 'waiting') return;

    const size = sceneSize(request);
    const report = lifecycle.progressReporter(request, { from: request.progress });
    const generation: VideoGeneration = {
      provider: outcome.scenes[0]?.provider ?? 'unknown',
      model: outcome.scenes[0]?.model ?? 'unknown',
      secondsGenerated: outcome.scenes.reduce((sum, row) => sum + (row.secondsGenerated ?? 0), 0),
      costUsd: outcome.scenes.reduce((sum, row) => sum + Number(row.costUsd ?? 0), 0),
    };
    if (kind === 'image') {
      // Each scene's still, animated by our renderer like a member's photo.
      const { plan } = outcome;
      const photos = await Promise.all(
        plan.scenes.map(async (scene): Promise<ScenePhoto | null> => {
          const row = outcome.scenes.find((candidate) => candidate.sceneNumber === scene.number);
          if (!row?.outputKey) return null;
          const file = path.join(
            workDir,
            `still-${scene.number}${path.posix.extname(row.outputKey)}`,
          );
          await storage.getFile(row.outputKey, file);
          const photo = await uprightImage(file, workDir);
          return photo ? { photo, id: `${generation.model}:scene-${scene.number}` } : null;
        }),
      );
      await this.drawScenes(request, run, plan, photos, report, generation);
      await storage
        .deletePrefix(sourceClipPrefix(request.userId, request.id, request.attempts))
        .catch(() => undefined);
      return;
    }
    const { plan } = outcome;
    const clips = await Promise.all(
      outcome.scenes.map(async (row) => {
        const file = path.join(workDir, `generated-${row.sceneNumber}.mp4`);
        await storage.getFile(row.outputKey ?? '', file);
        const info = await probeMedia(file);
        const planned = plan.scenes.find((scene) => scene.number === row.sceneNumber);
        return {
          file,
          sceneNumber: row.sceneNumber,
          hasAudio: info.audioCodec !== null,
          durationSeconds: planned?.durationSeconds ?? info.durationSeconds,
          planned,
        };
      }),
    );

    // With a voice, the clips' own sound is ducked under it and its words are captioned; without,
    // each clip keeps its sound as it came.
    const voice = this.voiceOf(request);
    const clipPlan: Storyboard = {
      title: plan.title,
      scenes: clips.map((clip, index) => ({
        // A stored clip always has its planned scene; a blank one would be spoken as silence.
        ...(clip.planned ??
          plan.scenes[index] ?? {
            number: clip.sceneNumber,
            prompt: '',
            narration: '',
            visual: '',
            caption: '',
            camera: '',
            mood: '',
          }),
        durationSeconds: clip.durationSeconds,
      })),
    };
    const spoken =
      voice && this.deps.voices
        ? await speakScenes({
            voices: this.deps.voices,
            voiceId: voice.id,
            speed: request.voiceSpeed,
            plan: clipPlan,
            workDir,
            signal,
          })
        : null;
    const narrated = spoken?.some(Boolean) ?? false;
    const soundtrack =
      spoken && narrated
        ? await makeClipSoundtrack({ clips, spoken, workDir, signal, limit: run.limit })
        : null;
    const offsets = sceneOffsets(clipPlan.scenes);
    const captionStyle = captionStyleOf(request.captionStyle);
    const shown: ShownCue[][] = clips.map(() => []);
    const logo = await this.logoMark(request, workDir);

    const scenes = await Promise.all(
      clips.map((clip, index) =>
        run.limit(async (): Promise<SceneFile> => {
          signal.throwIfAborted();
          const outputFile = path.join(workDir, `scene-${clip.sceneNumber}.mp4`);
          const words = spoken?.[index]?.words ?? null;
          const captions = words
            ? await writeClipCaptions({
                clip: {
                  ...size,
                  durationSeconds: clip.durationSeconds,
                  sceneNumber: index + 1,
                  sceneCount: clips.length,
                  mood: clip.planned?.mood ?? '',
                  seed: clip.planned?.prompt ?? '',
                  words,
                  style: captionStyle,
                },
                filePrefix: path.join(workDir, `captions-${clip.sceneNumber}`),
                signal,
              })
            : null;
          if (captions) shown[index] = captions.cues;
          await normaliseClip({
            input: clip.file,
            outputFile,
            size,
            durationSeconds: clip.durationSeconds,
            hasAudio: clip.hasAudio,
            watermark: request.watermark,
            soundtrack: soundtrack
              ? { file: soundtrack, offsetSeconds: offsets[index] ?? 0 }
              : null,
            captions: captions?.files ?? null,
            logo: logo ? { file: logo.file, ...logoPlace(size.width, size.height, logo) } : null,
            signal,
          });
          return madeScene(outputFile, index, workDir);
        }),
      ),
    );
    await report(PROGRESS.rendered);
    await this.finish(
      request,
      run,
      size,
      scenes,
      plan,
      report,
      narrated
        ? { captions: videoCaptions(scenes, shown), voiceId: voice?.id ?? null }
        : NO_NARRATION,
      generation,
    );
    // The provider's own clips were kept only until the video was made from them.
    await storage
      .deletePrefix(sourceClipPrefix(request.userId, request.id, request.attempts))
      .catch(() => undefined);
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
    const size = sceneSize(request);
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
      parts.map(({ clip }, index) =>
        run.limit(async (): Promise<SceneFile> => {
          signal.throwIfAborted();
          const stored = path.join(workDir, `source-${index + 1}.mp4`);
          await this.deps.storage.getFile(clip.storageKey, stored);
          // Letterboxing keeps the clip's length, so the stored probe still holds.
          const durationSeconds = clip.duration;
          // The combined video's thumbnail is taken from its own opening clip (finish), never
          // copied from a source video's stored one, which need not be a frame of this clip.
          if (clip.width === size.width && clip.height === size.height) {
            return { file: stored, durationSeconds };
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
    const plan = combinedPlan(request.title, selection, found);
    // The scenes keep the voices and captions they were made with; the captions are read back
    // from the joined clips' subtitle tracks.
    await this.finish(
      request,
      run,
      size,
      scenes,
      plan,
      report,
      {
        captions: 'from-video',
        voiceId: request.voiceId,
        stockAssets: combinedStockAssets(selection, found),
      },
      null,
    );
  }

  /**
   * Join the scenes with their chapters (a single scene too: its chapter is the whole video),
   * thumbnail, store everything (the chapters also as WebVTT for the players), and complete. The
   * thumbnail comes from the first scene while the join runs: the video opens with that scene.
   * The join copies streams, so the video's length is its scenes' and its size theirs (`size`).
   */
  private async finish(
    request: RenderRequest,
    run: RenderRun,
    size: { width: number; height: number },
    scenes: SceneFile[],
    plan: Storyboard,
    report: (progress: number) => Promise<void>,
    narration: FinishedNarration,
    generation: VideoGeneration | null,
  ): Promise<void> {
    const { storage } = this.deps;
    const { workDir, prefix, signal, limit: limitFfmpeg } = run;
    const [firstScene] = scenes;
    if (!firstScene) throw new Error('A video needs at least one scene');
    const keys = videoFileKeys(prefix);
    const videoFile = path.join(workDir, 'video.mp4');
    const thumbnailFile = path.join(workDir, 'thumbnail.jpg');
    // The scenes' real lengths (probed) place the chapters; the plan names them.
    let at = 0;
    const stored: Storyboard = {
      ...plan,
      scenes: plan.scenes.map((scene, index) => {
        const durationSeconds = scenes[index]?.durationSeconds ?? scene.durationSeconds;
        const startSeconds = Math.round(at * 1000) / 1000;
        at += durationSeconds;
        return {
          ...scene,
          startSeconds,
          durationSeconds: Math.round(durationSeconds * 1000) / 1000,
        };
      }),
    };
    const chapters = chaptersOf(stored);

    const storeCaptions = async (joined: string): Promise<string | null> => {
      const captions =
        narration.captions === 'from-video'
          ? await limitFfmpeg(() => readCaptions(joined, workDir))
          : narration.captions;
      if (!captions) return null;
      await storage.putBuffer(keys.captions, Buffer.from(captions, 'utf8'));
      return keys.captions;
    };

    const [storedCaptions, , sceneClips] = await Promise.all([
      limitFfmpeg(() =>
        joinClips(
          scenes.map((scene) => scene.file),
          videoFile,
          workDir,
          chapters,
        ),
      ).then(async () => {
        const [captions] = await Promise.all([
          storeCaptions(videoFile),
          storage.putFile(keys.video, videoFile),
          storage.putBuffer(keys.chapters, Buffer.from(chaptersWebVtt(chapters), 'utf8')),
        ]);
        return captions;
      }),
      firstScene.thumbnailFile
        ? storage.putFile(keys.thumbnail, firstScene.thumbnailFile)
        : limitFfmpeg(() =>
            takeThumbnail(
              firstScene.file,
              thumbnailFile,
              thumbnailSecondsOf(firstScene.durationSeconds),
            ),
          ).then(() => storage.putFile(keys.thumbnail, thumbnailFile)),
      Promise.all(
        scenes.map(async (scene, index) => {
          const storageKey = sceneClipKey(prefix, index + 1);
          await storage.putFile(storageKey, scene.file);
          return { sceneNumber: index + 1, storageKey, duration: scene.durationSeconds };
        }),
      ),
    ]);
    await report(PROGRESS.stored);
    signal.throwIfAborted();

    await this.deps.lifecycle.complete(request, {
      videoKey: keys.video,
      thumbnailKey: keys.thumbnail,
      captionsKey: storedCaptions,
      chaptersKey: keys.chapters,
      voiceId: narration.voiceId,
      duration: sceneClips.reduce((total, clip) => total + clip.duration, 0),
      width: size.width,
      height: size.height,
      generatedPrompt: JSON.stringify(stored),
      sceneClips,
      generation,
      stockAssets: narration.stockAssets ?? [],
      notice: narration.notice ?? null,
    });
  }

  /** The member's images for the video's scenes, in order, each upright and readable. */
  private async memberImages(request: RenderRequest, workDir: string): Promise<Photo[]> {
    const urls = request.sceneImageUrls?.length
      ? request.sceneImageUrls
      : request.sourceImageUrl
        ? [request.sourceImageUrl]
        : [];
    return Promise.all(
      urls.map((url, index) => this.uploadedImage(url, workDir, `scene-image-${index + 1}`)),
    );
  }

  /**
   * A job's logo as a brand mark: fitted into the corner's box on a light rounded card, so a
   * dark logo reads on a dark scene. Null without a logo, or when it cannot be read (the video
   * is still made, without the mark).
   */
  private async logoMark(
    request: RenderRequest,
    workDir: string,
  ): Promise<{ file: string; width: number; height: number } | null> {
    if (!request.logoUrl) return null;
    try {
      const image = await this.uploadedImage(request.logoUrl, workDir, 'logo');
      const size = sceneSize(request);
      return await logoCard(
        image.file,
        logoBox(size.width, size.height),
        path.join(workDir, 'logo-mark.png'),
      );
    } catch (error) {
      this.deps.log.warn({ err: error }, `video ${request.id}: logo left out`);
      return null;
    }
  }

  /**
   * The stored upload behind sourceImageUrl, copied into the work folder, checked readable and
   * turned upright once for the whole video (uploads from before EXIF was applied at upload).
   */
  private async sourceImage(request: RenderRequest, workDir: string): Promise<Photo | null> {
    if (!request.sourceImageUrl) return null;
    return this.uploadedImage(request.sourceImageUrl, workDir, 'source-image');
  }

  /** A member's stored upload, copied into the work folder as `name`, upright and readable. */
  private async uploadedImage(url: string, workDir: string, name: string): Promise<Photo> {
    const key = keyFromMediaUrl(url);
    if (!key || !(await this.deps.storage.exists(key))) {
      throw new ReadableRenderError(SOURCE_IMAGE_UNREADABLE_MESSAGE);
    }
    const file = path.join(workDir, `${name}${path.posix.extname(key)}`);
    await this.deps.storage.getFile(key, file);
    const upright = await uprightImage(file, workDir);
    if (upright) return upright;
    // sharp cannot read it: ffmpeg may still (it is what renders), else the member is told.
    const info = await probeMedia(file).catch(() => null);
    if (!info?.width || !info.height) {
      throw new ReadableRenderError(SOURCE_IMAGE_UNREADABLE_MESSAGE);
    }
    return { file, width: info.width, height: info.height };
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

/**
 * A model clip's word captions, laid out in a preparation thread (measuring text takes the fonts)
 * and written beside it: the ASS script to burn in, the SubRip for its subtitle track.
 */
async function writeClipCaptions(options: {
  clip: Parameters<PreparationTasks['clipCaptions']>[0];
  filePrefix: string;
  signal: AbortSignal;
}): Promise<{ files: { assFile: string; srtFile: string | null }; cues: ShownCue[] }> {
  const { ass, srt, cues } = await runPreparation('clipCaptions', options.clip, {
    step: 'captions',
    signal: options.signal,
  });
  const assFile = `${options.filePrefix}.ass`;
  const srtFile = srt === null ? null : `${options.filePrefix}.srt`;
  await writeFile(assFile, ass);
  if (srtFile && srt !== null) await writeFile(srtFile, srt);
  return { files: { assFile, srtFile }, cues };
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

function sceneSize(request: RenderRequest): { width: number; height: number } {
  return SCENE_SIZES[request.aspectRatio as AspectRatio] ?? SCENE_SIZES.landscape;
}

/** The image's type from its stored name (uploads are named by their sniffed type). */
function imageType(file: string): string {
  const extension = path.extname(file).slice(1).toLowerCase();
  return extension === 'jpg' || extension === 'jpeg' ? 'image/jpeg' : `image/${extension}`;
}

/**
 * The combined video's scene plan: each chosen scene's plan from its source video (its shots and
 * words as they were made), renumbered; its length is its stored clip's, so the chapters fall on
 * the cuts (8 s scenes for videos made before scenes were timed by their voice).
 */
function combinedPlan(
  title: string,
  selection: { videoId: number; scenes: number[] }[],
  sources: { video: { id: number; generatedPrompt: string | null } }[],
): Storyboard {
  const planOf = new Map(
    sources.map(({ video }) => {
      try {
        return [video.id, JSON.parse(video.generatedPrompt ?? '') as Storyboard];
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
      ...scene,
      number: index + 1,
      prompt: scene?.prompt ?? '',
      narration: scene?.narration ?? scene?.caption ?? '',
      visual: scene?.visual ?? scene?.prompt ?? '',
      caption: scene?.caption ?? '',
      camera: scene?.camera ?? '',
      mood: scene?.mood ?? '',
      durationSeconds: scene?.durationSeconds ?? 8,
      startSeconds: undefined,
    })),
  };
}

/**
 * What a shot searches stock footage for: the words that chose its picture (or its key words),
 * and the picture's English name for a service without the member's language.
 */
function footageShotOf(shot: StoryboardShot, pick: ShotPick | undefined): FootageShot {
  // As long as the shot: a clip that ends a moment early holds its last frame through the
  // dissolve (services round a clip's length to whole seconds).
  const seconds = shot.end - shot.start;
  if (!pick) return { seconds, subject: [], english: [] };
  if (pick.kind === 'typographic') return { seconds, subject: pick.words, english: [] };
  return { seconds, subject: pick.matched, english: pick.name.split('-') };
}

/**
 * The licence records a combination keeps: those of the stock footage in the scenes it takes, in
 * its order, each asset once (the copies stay with the videos they came from). A source video
 * whose plan cannot be read gives all of its records.
 */
export function combinedStockAssets(
  selection: ReadonlyArray<{ videoId: number; scenes: number[] }>,
  found: ReadonlyArray<{
    video: { id: number; generatedPrompt: string | null };
    stockAssets: readonly StoredStockAsset[];
  }>,
): StoredStockAsset[] {
  const kept = new Map<string, StoredStockAsset>();
  for (const entry of selection) {
    const source = found.find((candidate) => candidate.video.id === entry.videoId);
    if (!source || source.stockAssets.length === 0) continue;
    let shown: Set<string> | null = null;
    try {
      const plan = JSON.parse(source.video.generatedPrompt ?? '') as Storyboard;
      shown = new Set(
        plan.scenes
          .filter((scene) => entry.scenes.includes(scene.number))
          .flatMap((scene) => scene.shots ?? [])
          .flatMap((shot) => (shot.visual?.source === 'stock' ? [shot.visual.id] : [])),
      );
    } catch {
      shown = null;
    }
    for (const asset of source.stockAssets) {
      const id = `${asset.provider}:${asset.assetId}`;
      if (shown && !shown.has(id)) continue;
      if (!kept.has(id)) kept.set(id, { ...asset, storageKey: null });
    }
  }
  return [...kept.values()];
}
