// AI finishing: scenes a paid video or image model made, brought to our size, sound and captions.

import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Storyboard } from '../../shared/schemas/videos';
import { captionStyleOf } from '../../shared/schemas/voices';
import { uprightImage } from '../media/images';
import { normaliseClip, probeMedia } from '../media/renderer';
import { logoPlace } from '../media/scene-layout';
import type { PreparationTasks } from '../render-threads/preparation-pool';
import { runPreparation } from '../render-threads/preparation-pool';
import { type FinishedNarration, finish, madeScene, type SceneFile } from './finishing';
import {
  drawScenes,
  type LocalDrawDeps,
  logoMark,
  type ScenePhoto,
  sourceImage,
} from './local-draw';
import { MODEL_CLIP_SECONDS, type ModelKind, type ProviderRenders } from './provider-renders';
import type { RenderRequest, VideoGeneration } from './render-repository';
import { type PlanScenes, PROGRESS, type RenderRun, sceneSize, voiceOf } from './render-run';
import {
  makeClipSoundtrack,
  type ShownCue,
  sceneOffsets,
  speakScenes,
  videoCaptions,
} from './video-sound';

/** What AI finishing needs: the local draw's (an image model's stills are drawn by our renderer). */
export type AiFinishingDeps = LocalDrawDeps;

/** A video whose clips keep their own sound: no captions, no voice. */
const NO_NARRATION: FinishedNarration = { captions: null, voiceId: null };

/**
 * A video a paid model makes: the first turn plans and submits its scenes and hands the video
 * back to be polled (provider-renders); the turn after the last scene is stored brings each
 * clip to our size, length and encoding, with its sound or silence and the watermark, and
 * finishes it like a render. The model's clips stay stored while the video exists (a remix
 * asking the same of the model reuses them), and are deleted with it.
 */
export async function generate(
  deps: AiFinishingDeps,
  request: RenderRequest,
  run: RenderRun,
  generator: ProviderRenders,
  kind: ModelKind,
  planScenes: PlanScenes,
): Promise<void> {
  const { workDir, signal } = run;
  const { storage, lifecycle } = deps;
  const outcome = await generator.advance(request, {
    kind,
    // An image model paints from the words alone; the member's image goes to a video model.
    plan: () =>
      planScenes(
        kind === 'video' && request.sourceImageUrl !== null,
        kind === 'video' ? MODEL_CLIP_SECONDS : null,
      ),
    sourceImage: async () => {
      const image = await sourceImage(deps, request, workDir);
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
    await drawScenes(deps, request, run, plan, photos, report, generation);
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
  const voice = voiceOf(request, deps);
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
    voice && deps.voices
      ? await speakScenes({
          voices: deps.voices,
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
  const logo = await logoMark(deps, request, workDir);

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
          watermark: run.watermark,
          soundtrack: soundtrack ? { file: soundtrack, offsetSeconds: offsets[index] ?? 0 } : null,
          captions: captions?.files ?? null,
          logo: logo ? { file: logo.file, ...logoPlace(size.width, size.height, logo) } : null,
          signal,
        });
        return madeScene(outputFile, index, workDir);
      }),
    ),
  );
  await report(PROGRESS.rendered);
  await finish(
    deps,
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

/** The image's type from its stored name (uploads are named by their sniffed type). */
function imageType(file: string): string {
  const extension = path.extname(file).slice(1).toLowerCase();
  return extension === 'jpg' || extension === 'jpeg' ? 'image/jpeg' : `image/${extension}`;
}
