// Finishing: join the scenes any mode made, take the thumbnail, store the files, complete.

import path from 'node:path';
import type { Storyboard } from '../../shared/schemas/videos';
import {
  joinClips,
  probeMedia,
  readCaptions,
  THUMBNAIL_SECONDS,
  takeThumbnail,
  thumbnailSecondsOf,
} from '../media/renderer';
import { chaptersWebVtt } from '../media/webvtt';
import type { Storage } from '../storage/storage';
import { sceneClipKey, videoFileKeys } from '../storage/storage-keys';
import type { RenderLifecycle } from './render-lifecycle';
import type { RenderRequest, VideoGeneration } from './render-repository';
import { PROGRESS, type RenderRun } from './render-run';
import { chaptersOf } from './shots';
import type { StoredStockAsset } from './stock/stock-repository';

/** What finishing needs: the storage the video goes to and the lifecycle that completes it. */
export type FinishDeps = { storage: Storage; lifecycle: Pick<RenderLifecycle, 'complete'> };

/**
 * A scene clip to join, with its probed length (a stored clip brings the length probed when it
 * was stored), and a video's first scene its thumbnail when one exists already.
 */
export type SceneFile = {
  file: string;
  durationSeconds: number;
  thumbnailFile?: string;
  /** A drawn scene's segment: its hash, and where it is kept (stored already). */
  segment?: { hash: string; key: string; stored: true };
};

/**
 * A freshly made scene clip ready to join: probed for its length and, for the video's first scene,
 * its thumbnail taken beside the probe. Called in the scene's ffmpeg slot, so a busy worker does
 * not make the video queue a second time for the thumbnail, and storing waits for neither.
 */
export async function madeScene(
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

/**
 * What a finished video says and shows as text: its WebVTT (or 'from-video': read back from the
 * joined clips' subtitle tracks) and the voice that spoke it.
 */
export type FinishedNarration = {
  captions: string | 'from-video' | null;
  voiceId: string | null;
  /** The licence records of the stock footage it shows. */
  stockAssets?: StoredStockAsset[];
  /** What the member should know about how it was made (shots that found no footage). */
  notice?: string | null;
  /**
   * The whole video's mixed sound, encoded (encodeSoundtrack) and laid over the joined pictures;
   * absent: the scenes' own.
   */
  soundtrack?: string | null;
};

/**
 * Join the scenes with their chapters (a single scene too: its chapter is the whole video),
 * thumbnail, store everything (the chapters also as WebVTT for the players), and complete. The
 * thumbnail comes from the first scene while the join runs: the video opens with that scene.
 * The join copies streams, so the video's length is its scenes' and its size theirs (`size`).
 */
export async function finish(
  deps: FinishDeps,
  request: RenderRequest,
  run: RenderRun,
  size: { width: number; height: number },
  scenes: SceneFile[],
  plan: Storyboard,
  report: (progress: number) => Promise<void>,
  narration: FinishedNarration,
  generation: VideoGeneration | null,
): Promise<void> {
  const { storage } = deps;
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
        narration.soundtrack
          ? {
              file: narration.soundtrack,
              seconds: scenes.reduce((total, scene) => total + scene.durationSeconds, 0),
            }
          : null,
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
        // A drawn scene's clip is its segment, kept already; other clips go in the video's folder.
        if (scene.segment) {
          return {
            sceneNumber: index + 1,
            storageKey: scene.segment.key,
            duration: scene.durationSeconds,
            segmentHash: scene.segment.hash,
          };
        }
        const storageKey = sceneClipKey(prefix, index + 1);
        await storage.putFile(storageKey, scene.file);
        return { sceneNumber: index + 1, storageKey, duration: scene.durationSeconds };
      }),
    ),
  ]);
  await report(PROGRESS.stored);
  signal.throwIfAborted();

  await deps.lifecycle.complete(request, {
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
