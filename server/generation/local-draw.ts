// The local draw: our own renderer draws every scene (offline pictures, stock footage, images).

import path from 'node:path';
import type { SceneSource } from '../../shared/catalogue';
import type { Storyboard, StoryboardShot } from '../../shared/schemas/videos';
import { captionStyleOf } from '../../shared/schemas/voices';
import type { Logger } from '../logger';
import { logoCard, uprightImage } from '../media/images';
import { renderPicture } from '../media/pictures/render-picture';
import { resolveLanguage } from '../media/pictures/words';
import {
  encodeSoundtrack,
  probeMedia,
  renderScene,
  THUMBNAIL_SECONDS,
  thumbnailKeyframeOf,
  thumbnailSecondsOf,
} from '../media/renderer';
import { logoBox, pictureSize, type SceneShot } from '../media/scene-layout';
import { runPreparation } from '../render-threads/preparation-pool';
import type { Storage } from '../storage/storage';
import { keyFromMediaUrl, segmentKeys } from '../storage/storage-keys';
import { type FinishDeps, finish, madeScene, type SceneFile } from './finishing';
import type { ProviderRenders } from './provider-renders';
import type { RenderLifecycle } from './render-lifecycle';
import type { RenderRequest, VideoGeneration } from './render-repository';
import {
  musicOf,
  type PlanScenes,
  PROGRESS,
  ReadableRenderError,
  type RenderRun,
  sceneSize,
  sourceOf,
  voiceOf,
} from './render-run';
import {
  fileHash,
  keepSegment,
  reuseSegment,
  type SegmentStore,
  segmentHash,
  speechCache,
} from './segments';
import { footageShotOf } from './stock/stock-footage';
import type { StoredStockAsset } from './stock/stock-repository';
import {
  type ChosenStockFile,
  type StockFootage,
  shotAssetOf,
  type VideoFootage,
} from './stock/stock-source';
import {
  makeSoundtrack,
  type NarrationVoices,
  narrationOf,
  type ShownCue,
  sceneOffsets,
  speakScenes,
  videoCaptions,
} from './video-sound';

export const SOURCE_IMAGE_UNREADABLE_MESSAGE =
  'The source image could not be read. Please upload a different JPG, PNG or GIF image.';

export const SOURCE_CLIP_UNREADABLE_MESSAGE =
  'A clip chosen for this video could not be read. Please upload it again.';

/** The offline storyboard renderer's name in the operator's columns. */
export const LOCAL_MODEL = 'storyboard';

/** A member's or a model's image, upright, with its size. */
type Photo = { file: string; width: number; height: number };

/** What a scene shows under its text: a photo, or its shots' pictures over its mood. */
type SceneVisual = { photo?: Photo; shots: SceneShot[] };

/** A scene's photo and what the plan calls it (the image's address, or the model's still). */
export type ScenePhoto = { photo: Photo; id: string };

/** What the local draw needs: the images, voices, music and footage it draws with, and finishing. */
export type LocalDrawDeps = FinishDeps & {
  lifecycle: Pick<RenderLifecycle, 'progressReporter' | 'savePlan'>;
  /** The voices narration is spoken in; absent: videos have no voice. */
  voices?: NarrationVoices | null;
  /** Music under offline videos (RENDER_MUSIC); absent: on. */
  music?: boolean;
  /** The `stock` scene source (Pexels, Pixabay); absent: not offered. */
  stock?: StockFootage | null;
  /** Only asked whether the video's source is still `stock` (sourceOf). */
  providerRenders?: ProviderRenders | null;
  log: Logger;
};

/** What reading a member's uploads needs. */
type ImageDeps = { storage: Storage; log: Logger };

/**
 * A video our renderer draws: the member's images (the `upload` source), the plan, then every
 * scene drawn and the video finished.
 */
export async function drawLocally(
  deps: LocalDrawDeps,
  request: RenderRequest,
  run: RenderRun,
  source: SceneSource,
  planScenes: PlanScenes,
): Promise<void> {
  const { workDir } = run;
  const report = deps.lifecycle.progressReporter(request);
  // Only the `upload` source shows the member's images; offline pictures draw their own.
  const memberPhotos = source === 'upload' ? await memberImages(deps, request, workDir) : [];
  const plan: Storyboard = await planScenes(memberPhotos.length > 0, null);
  await deps.lifecycle.savePlan(request, JSON.stringify(plan));
  await report(PROGRESS.planned);
  // One image is every scene's; with more, scene n shows image n and a later one its pictures.
  const urls = request.sceneImageUrls?.length
    ? request.sceneImageUrls
    : request.sourceImageUrl
      ? [request.sourceImageUrl]
      : [];
  const photos = plan.scenes.map((_, index) => {
    const at = memberPhotos.length === 1 ? 0 : index;
    const photo = memberPhotos[at];
    return photo ? { photo, id: urls[at] ?? `image-${at + 1}` } : null;
  });
  await drawScenes(
    deps,
    request,
    run,
    plan,
    photos,
    report,
    { provider: 'local', model: LOCAL_MODEL, secondsGenerated: 0, costUsd: 0 },
    // Kept under the hash of what shaped them: a remix of this video reuses what it did not change.
    { storage: deps.storage, userId: request.userId, root: request.segmentRoot ?? request.id },
  );
}

/**
 * Speaks every scene, times the plan by the voice (each scene as long as it speaks, each shot
 * where its phrase begins), chooses each shot's picture, and draws every scene over one
 * soundtrack with the voice; then finishes the video with its chapters.
 */
export async function drawScenes(
  deps: LocalDrawDeps,
  request: RenderRequest,
  run: RenderRun,
  planned: Storyboard,
  photos: ReadonlyArray<ScenePhoto | null>,
  /** The video's progress, and each scene's (0–1) while they are drawn. */
  report: (progress: number, scenes?: readonly number[]) => Promise<void>,
  generation: VideoGeneration,
  segments: SegmentStore | null = null,
): Promise<void> {
  const { workDir, signal } = run;
  const size = sceneSize(request);
  const logo = await logoMark(deps, request, workDir);
  const voice = voiceOf(request, deps);
  const { voices } = deps;
  const {
    file: soundtrack,
    mixed,
    mixQueued,
    spoken,
    alongside: drawn,
  } = await makeSoundtrack({
    plan: planned,
    // A remix keeps its video's music: the seed is the video's first request.
    musicSeed: `${request.segmentRoot ?? request.id}`,
    ...musicOf(request, deps.music),
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
              spokenBefore: segments ? speechCache(segments) : null,
            })
        : null,
    workDir,
    signal,
    limit: run.limit,
    // The shots' pictures need the timed plan, not the sound: chosen while the mix runs.
    whileMixing: (timed) => sceneVisuals(deps, request, timed, photos, run),
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
    void report(PROGRESS.planned + done * (PROGRESS.rendered - PROGRESS.planned), fractions);
  };
  const shown: ShownCue[][] = plan.scenes.map(() => []);
  // The mix asks for its ffmpeg slot before the scenes do: queued behind every scene's pictures,
  // it would hold back every scene's sound.
  await mixQueued;
  // Laid over the joined pictures whole (a kept segment's old sound never plays): encoded while
  // the scenes are drawn, so the join only copies it.
  const encodedSoundtrack = segments
    ? mixed.then(async () => {
        const file = path.join(workDir, 'soundtrack.m4a');
        await run.limit(() => encodeSoundtrack(soundtrack, file, signal));
        return file;
      })
    : null;
  encodedSoundtrack?.catch(() => undefined);
  const mark =
    typeof run.watermark === 'boolean' ? run.watermark : await markIdentity(run.watermark);
  const scenes = await Promise.all(
    plan.scenes.map(async (scene, index): Promise<SceneFile> => {
      const outputFile = path.join(workDir, `scene-${scene.number}.mp4`);
      // Kept from an earlier version, or its pictures drawn (in an ffmpeg slot).
      const drawn = await run.limit(async (): Promise<DrawnScene> => {
        signal.throwIfAborted();
        const words = spoken?.[index]?.words ?? null;
        const keyframeSeconds = index === 0 ? thumbnailKeyframeOf(thumbnailSeconds) : undefined;
        const hash = segments
          ? segmentHash({
              size,
              durationSeconds: scene.durationSeconds,
              first: index === 0,
              last: index === plan.scenes.length - 1,
              caption: narrationOf(scene),
              mood: scene.mood,
              seed: scene.prompt,
              camera: scene.camera,
              overlay: scene.overlay ?? null,
              photo: visuals[index]?.photo ? (photos[index]?.id ?? null) : null,
              shots: (scene.shots ?? []).map((shot) => ({
                start: shot.start,
                end: shot.end,
                visual: shot.visual
                  ? { source: shot.visual.source, id: shot.visual.id, offset: shot.visual.offset }
                  : null,
              })),
              keyframeSeconds,
              logo: request.logoUrl,
              mark,
              words,
              captionStyle: words ? captionStyle : null,
            })
          : null;
        const kept = segments && hash ? await reuseSegment(segments, hash, outputFile) : null;
        if (kept && segments && hash) {
          shown[index] = kept;
          onSceneProgress(index)(1);
          const made = await madeScene(outputFile, index, workDir, thumbnailSeconds);
          return {
            kept: {
              ...made,
              segment: {
                hash,
                key: segmentKeys(segments.userId, segments.root, hash).clip,
                stored: true,
              },
            },
          };
        }
        const { cues, addSound } = await renderScene({
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
          keyframeSeconds,
          camera: scene.camera,
          logo,
          watermark: run.watermark,
          // One soundtrack for the whole video: each scene takes its slice, so the joined
          // video plays the music through and its loudness is the whole's.
          soundtrack: { file: soundtrack, offsetSeconds: offsets[index] ?? 0 },
          // The pictures are drawn while the sound is still being mixed.
          soundLater: true,
          narration: words ? { words, style: captionStyle } : null,
          onProgress: onSceneProgress(index),
          signal,
        });
        return { cues, addSound, hash };
      });
      if (drawn.kept) return drawn.kept;
      // Its sound once the mix is written, waited for outside the slot (the mix needs one too).
      if (drawn.addSound) {
        const { addSound } = drawn;
        await mixed;
        await run.limit(() => addSound());
      }
      shown[index] = drawn.cues;
      const made = await madeScene(outputFile, index, workDir, thumbnailSeconds);
      if (!segments || !drawn.hash) return made;
      const key = await keepSegment(segments, drawn.hash, outputFile, drawn.cues);
      return { ...made, segment: { hash: drawn.hash, key, stored: true } };
    }),
  );

  await storingFootage;
  // Every scene may have been kept from an earlier version: the sound is laid over them all.
  await mixed;
  const videoSound = encodedSoundtrack ? await encodedSoundtrack : null;
  await finish(
    deps,
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
      soundtrack: videoSound,
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
 * What each scene shows: its photo (a member's image, or a model's still), or else a picture,
 * or its key words, per shot (the offline source), rasterised at its drawn size. The plan's
 * shots learn what they show.
 */
async function sceneVisuals(
  deps: LocalDrawDeps,
  request: RenderRequest,
  plan: Storyboard,
  photos: ReadonlyArray<ScenePhoto | null>,
  run: RenderRun,
): Promise<{ plan: Storyboard; visuals: SceneVisual[]; footage: ShownFootage | null }> {
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
            language: voiceOf(request, deps)?.language ?? null,
          },
          { step: 'pictures', signal },
        )
      : [];
  const size = sceneSize(request);
  const drawn = pictureSize(size.width, size.height);
  // What each drawn shot would search stock footage for (its words also label its visual); a
  // shot the member chose a visual for searches nothing, and their stock picks are not placed
  // on other shots.
  const drawnShots = drawnScenes.flatMap((scene) => scene.shots ?? []);
  const footageShots = drawnShots.map((shot, index) =>
    shot.visual?.chosen
      ? null
      : // As long as the shot: a clip that ends a moment early holds its last frame through the
        // dissolve (services round a clip's length to whole seconds).
        footageShotOf(shot.end - shot.start, picks[index]),
  );
  const chosenAssets = new Set(
    drawnShots.flatMap((shot) =>
      shot.visual?.chosen && shot.visual.source === 'stock' ? [shot.visual.id] : [],
    ),
  );
  const footage =
    sourceOf(request, deps) === 'stock' && deps.stock?.offered && footageShots.some(Boolean)
      ? await deps.stock.footageFor({
          shots: footageShots,
          exclude: chosenAssets,
          language: resolveLanguage(voiceOf(request, deps)?.language ?? null, shotTexts),
          orientation: request.aspectRatio === 'portrait' ? 'portrait' : 'landscape',
          size,
          workDir,
          prefix: run.prefix,
          signal,
        })
      : null;
  let next = 0;
  const chosenStock: ChosenStockFile[] = [];
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
      const anyChosen = shots.some((shot) => shot.visual?.chosen);
      if (photo && !anyChosen) {
        return {
          scene: {
            ...scene,
            shots: shots.map((shot) => ({
              ...shot,
              visual: { source: 'image' as const, id: photo.id, words: [] },
            })),
          },
          visual: { photo: photo.photo, shots: [] },
          records: [],
        };
      }
      const timed = await Promise.all(
        shots.map(async (shot, position) => {
          // Only drawn scenes' shots were given picks and footage.
          const at = photo ? -1 : next++;
          const chosen = shot.visual?.chosen
            ? await chosenShot(
                deps,
                shot,
                run,
                { pictureFile, drawn },
                `shot-${scene.number}-${position + 1}`,
              )
            : null;
          if (chosen?.stock && shot.visual?.asset) {
            const { record } = chosen.stock;
            chosenStock.push(chosen.stock);
            return {
              shot: {
                ...shot,
                visual: {
                  ...shot.visual,
                  asset: { ...shot.visual.asset, storageKey: record.storageKey ?? undefined },
                },
              },
              spec: chosen.spec,
              record,
            };
          }
          if (chosen) return { shot, spec: chosen.spec };
          if (photo) {
            return {
              shot: { ...shot, visual: { source: 'image' as const, id: photo.id, words: [] } },
              spec: { kind: 'photo' as const, file: photo.photo.file },
            };
          }
          const pick = picks[at];
          const stock = footage?.shots[at];
          if (stock) {
            const { candidate, file } = stock.chosen;
            const record = footage?.assets[stock.assetIndex];
            const asset = shotAssetOf(candidate, size);
            return {
              shot: {
                ...shot,
                visual: {
                  source: 'stock' as const,
                  id: `${candidate.provider}:${candidate.assetId}`,
                  words: footageShots[at]?.subject ?? [],
                  // Kept so a remix shows this asset again, from the video's copy.
                  ...(asset
                    ? { asset: { ...asset, file, storageKey: record?.storageKey ?? undefined } }
                    : {}),
                },
              },
              record,
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
          deps.log.debug(
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
        records: timed.flatMap((entry) =>
          'record' in entry && entry.record ? [entry.record] : [],
        ),
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
  // The licence records in the order the video first shows the assets, each asset once.
  const records = new Map<string, StoredStockAsset>();
  for (const entry of scenes) {
    for (const record of entry.records) {
      const key = `${record.provider}:${record.assetId}`;
      if (!records.has(key)) records.set(key, record);
    }
  }
  const shown: ShownFootage | null =
    footage || chosenStock.length > 0
      ? {
          assets: [...records.values()],
          notice: footage?.notice ?? null,
          store: async () => {
            await Promise.all([footage?.store(), ...chosenStock.map((chosen) => chosen.store())]);
          },
        }
      : null;
  return {
    plan: { ...plan, scenes: scenes.map((entry) => entry.scene) },
    visuals: scenes.map((entry) => entry.visual),
    footage: shown,
  };
}

/** A scene in its ffmpeg slot: kept from an earlier version, or its pictures drawn. */
type DrawnScene =
  | { kept: SceneFile }
  | {
      kept?: undefined;
      cues: ShownCue[];
      /** Adds its sound once the soundtrack is written. */
      addSound?: () => Promise<void>;
      hash: string | null;
    };

/** The stock footage a video shows: its licence records, why some shots lack it, our copies. */
type ShownFootage = Pick<VideoFootage, 'assets' | 'notice' | 'store'>;

/** What a member's own mark looks like, for a segment's hash (its file differs per render). */
async function markIdentity(mark: Exclude<RenderRun['watermark'], boolean>) {
  return {
    corner: mark.corner,
    width: mark.width,
    height: mark.height,
    bytes: await fileHash(mark.file),
  };
}

/**
 * The visual the member chose for a shot in their storyboard, ready to draw: an offline picture,
 * key words, their image or clip (from its offset), or a stock asset. Null for a choice the
 * renderer makes itself (an AI description) or one it can no longer show (the shot then gets the
 * renderer's own pick).
 */
async function chosenShot(
  deps: LocalDrawDeps,
  shot: StoryboardShot,
  run: RenderRun,
  pictures: {
    pictureFile: (name: string, svg: string) => Promise<string>;
    drawn: number;
  },
  name: string,
): Promise<{ spec: NonNullable<SceneShot['visual']>; stock?: ChosenStockFile } | null> {
  const visual = shot.visual;
  if (!visual) return null;
  switch (visual.source) {
    case 'picture': {
      const svg = await runPreparation('pictureSvg', visual.id, {
        step: 'pictures',
        signal: run.signal,
      });
      if (svg === null) return null;
      const file = await pictures.pictureFile(visual.id, svg);
      return { spec: { kind: 'picture', file, size: pictures.drawn } };
    }
    case 'typographic': {
      const words = visual.id
        .replace(/^type:/, '')
        .split(/\s+/)
        .filter(Boolean);
      return words.length > 0 ? { spec: { kind: 'typographic', words } } : null;
    }
    case 'image': {
      const photo = await uploadedImage(deps, visual.id, run.workDir, name);
      return { spec: { kind: 'photo', file: photo.file } };
    }
    case 'clip': {
      const key = keyFromMediaUrl(visual.id);
      if (!key || !(await deps.storage.exists(key))) {
        throw new ReadableRenderError(SOURCE_CLIP_UNREADABLE_MESSAGE);
      }
      const file = path.join(run.workDir, `${name}${path.posix.extname(key)}`);
      await deps.storage.getFile(key, file);
      return { spec: { kind: 'clip', file, offsetSeconds: visual.offset ?? 0 } };
    }
    case 'stock': {
      // A stock asset the member picked (or a remixed video showed): downloaded, or the video's
      // copy. Without the stock source configured any more, the renderer picks instead.
      if (!visual.asset || !deps.stock) return null;
      const stock = await deps.stock.chosen(visual.asset, {
        workDir: run.workDir,
        name,
        prefix: run.prefix,
        signal: run.signal,
      });
      if (!stock) return null;
      return {
        spec:
          stock.kind === 'clip'
            ? { kind: 'clip', file: stock.file, offsetSeconds: visual.offset ?? 0 }
            : { kind: 'photo', file: stock.file },
        stock,
      };
    }
    default:
      return null;
  }
}

/**
 * A job's logo as a brand mark: fitted into the corner's box on a light rounded card, so a
 * dark logo reads on a dark scene. Null without a logo, or when it cannot be read (the video
 * is still made, without the mark).
 */
export async function logoMark(
  deps: ImageDeps,
  request: RenderRequest,
  workDir: string,
): Promise<{ file: string; width: number; height: number } | null> {
  if (!request.logoUrl) return null;
  try {
    const image = await uploadedImage(deps, request.logoUrl, workDir, 'logo');
    const size = sceneSize(request);
    return await logoCard(
      image.file,
      logoBox(size.width, size.height),
      path.join(workDir, 'logo-mark.png'),
    );
  } catch (error) {
    deps.log.warn({ err: error }, `video ${request.id}: logo left out`);
    return null;
  }
}

/** The member's images for the video's scenes, in order, each upright and readable. */
async function memberImages(
  deps: ImageDeps,
  request: RenderRequest,
  workDir: string,
): Promise<Photo[]> {
  const urls = request.sceneImageUrls?.length
    ? request.sceneImageUrls
    : request.sourceImageUrl
      ? [request.sourceImageUrl]
      : [];
  return Promise.all(
    urls.map((url, index) => uploadedImage(deps, url, workDir, `scene-image-${index + 1}`)),
  );
}

/**
 * The stored upload behind sourceImageUrl, copied into the work folder, checked readable and
 * turned upright once for the whole video (uploads from before EXIF was applied at upload).
 */
export async function sourceImage(
  deps: ImageDeps,
  request: RenderRequest,
  workDir: string,
): Promise<Photo | null> {
  if (!request.sourceImageUrl) return null;
  return uploadedImage(deps, request.sourceImageUrl, workDir, 'source-image');
}

/** A member's stored upload, copied into the work folder as `name`, upright and readable. */
async function uploadedImage(
  deps: ImageDeps,
  url: string,
  workDir: string,
  name: string,
): Promise<Photo> {
  const key = keyFromMediaUrl(url);
  if (!key || !(await deps.storage.exists(key))) {
    throw new ReadableRenderError(SOURCE_IMAGE_UNREADABLE_MESSAGE);
  }
  const file = path.join(workDir, `${name}${path.posix.extname(key)}`);
  await deps.storage.getFile(key, file);
  const upright = await uprightImage(file, workDir);
  if (upright) return upright;
  // sharp cannot read it: ffmpeg may still (it is what renders), else the member is told.
  const info = await probeMedia(file).catch(() => null);
  if (!info?.width || !info.height) {
    throw new ReadableRenderError(SOURCE_IMAGE_UNREADABLE_MESSAGE);
  }
  return { file, width: info.width, height: info.height };
}
