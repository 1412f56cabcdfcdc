// Combining: a new video joined from scene clips already stored with the member's earlier videos.

import path from 'node:path';
import type { Storyboard } from '../../shared/schemas/videos';
import { fitClip } from '../media/renderer';
import { type FinishDeps, finish, type SceneFile } from './finishing';
import type { RenderLifecycle } from './render-lifecycle';
import type { RenderRequest } from './render-repository';
import { PROGRESS, ReadableRenderError, type RenderRun, sceneSize } from './render-run';
import type { StoredStockAsset } from './stock/stock-repository';

export const COMBINE_SOURCE_GONE_MESSAGE =
  'A video chosen for this combination has been deleted. Please choose the videos again.';

/** What combining needs besides finishing: the repository that finds the earlier videos' clips. */
export type CombineDeps = FinishDeps & {
  lifecycle: Pick<RenderLifecycle, 'repository' | 'progressReporter'>;
};

/**
 * Joins scene clips already stored with earlier videos (chosen scenes, in order), letterboxing any
 * whose size differs from the first video's, then finishes like a render. Nothing is charged.
 */
export async function combine(
  deps: CombineDeps,
  request: RenderRequest,
  run: RenderRun,
): Promise<void> {
  const { workDir, signal } = run;
  const selection = request.combineSelection ?? [];
  const found = await deps.lifecycle.repository.findVideosWithClips(
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
  const report = deps.lifecycle.progressReporter(request);
  let done = 0;
  const scenes = await Promise.all(
    parts.map(({ clip }, index) =>
      run.limit(async (): Promise<SceneFile> => {
        signal.throwIfAborted();
        const stored = path.join(workDir, `source-${index + 1}.mp4`);
        await deps.storage.getFile(clip.storageKey, stored);
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
  await finish(
    deps,
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
