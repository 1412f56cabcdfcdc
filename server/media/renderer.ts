// The `local` storyboard renderer: turns one planned scene into an 8 s H.264/AAC clip (the photo
// with a slow zoom or shown whole, or a moving palette with lights and particles; title card,
// scene number, paced kinetic captions, watermark, wipes between scenes, generated music), joins
// clips and takes thumbnails, and brings clips a video model generated to the same encoding.
// Every clip shares one encoding, so joining is a stream copy.
import { mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runPreparation } from '../render-threads/preparation-pool';
import {
  type Chapter,
  chaptersMetadata,
  concatArgs,
  concatList,
  fitArgs,
  type NormaliseSpec,
  normaliseArgs,
  sceneArgs,
  sceneSoundArgs,
  soundtrackArgs,
  thumbnailArgs,
} from './arguments';
import { encoderThreadsForNextRun, probeMedia, runFfmpeg } from './ffmpeg';
import { fontFile } from './fonts';
import { uprightImage } from './images';
import {
  type CustomMark,
  markPlace,
  type PreparedScene,
  type SceneDescription,
} from './scene-layout';

export { THUMBNAIL_SECONDS, thumbnailKeyframeOf, thumbnailSecondsOf } from './arguments';
export type { MediaInfo } from './ffmpeg';
export { probeMedia } from './ffmpeg';

export const SCENE_SIZES = {
  landscape: { width: 1280, height: 720 },
  portrait: { width: 720, height: 1280 },
} as const;

export type SceneRenderSpec = SceneDescription & {
  /** A temporary folder for helper files; each render works in its own subfolder of it. */
  workDir: string;
  /**
   * Draw the pictures now and add the sound later (with a `soundtrack` only): its file need not
   * exist yet, and the answer's `addSound` (run once it does) copies the pictures and encodes the
   * scene's slice of it, making the same clip as one pass would.
   */
  soundLater?: boolean;
  /** Fraction done, 0..1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

/** Renders the scene and tells what its caption showed when (the clip's subtitle track too). */
export async function renderScene(spec: SceneRenderSpec): Promise<{
  cues: PreparedScene['cues'];
  /** With `soundLater`: adds the scene's sound to its pictures (the soundtrack written by then). */
  addSound?: () => Promise<void>;
}> {
  const { workDir, onProgress, signal, soundLater, ...scene } = spec;
  if (scene.durationSeconds <= 0) throw new Error('A scene needs a positive duration');
  // Its own folder, so scenes rendered side by side in one workDir never share helper files.
  const folder = await mkdtemp(path.join(workDir, 'scene-'));
  try {
    // The pipeline hands over an upright image with its size; anything else is made upright here.
    const image =
      scene.sourceImageFile && !scene.sourceImageSize
        ? await uprightImage(scene.sourceImageFile, folder)
        : null;
    // Layout, the ASS script, pictures and music are CPU work on the member's text: a
    // preparation thread does them and writes the files, under its time and memory limits.
    const { plan, cues } = await runPreparation(
      'planScene',
      {
        scene: {
          ...scene,
          sourceImageFile: image?.file ?? scene.sourceImageFile,
          sourceImageSize: scene.sourceImageSize ?? image,
        },
        folder,
      },
      { step: 'scene layout', signal },
    );
    signal?.throwIfAborted();
    const progress = onProgress
      ? (seconds: number) => onProgress(Math.min(1, seconds / scene.durationSeconds))
      : undefined;
    // A scene without a soundtrack makes its own music in its folder, gone when this returns.
    if (soundLater && scene.soundtrack && plan.audioFile) {
      const { audioFile, audioOffsetSeconds, durationSeconds, outputFile } = plan;
      // Beside the clip, not in this render's folder: it outlives this call.
      const pictures = `${outputFile}.pictures.mp4`;
      await runFfmpeg(
        sceneArgs({
          ...plan,
          audioFile: null,
          outputFile: pictures,
          threads: encoderThreadsForNextRun(),
        }),
        { signal, onProgress: progress },
      );
      const addSound = async () => {
        try {
          await runFfmpeg(
            sceneSoundArgs({
              picturesFile: pictures,
              audioFile,
              audioOffsetSeconds,
              durationSeconds,
              outputFile,
            }),
            { signal },
          );
          onProgress?.(1);
        } finally {
          await unlink(pictures).catch(() => {});
        }
      };
      return { cues, addSound };
    }
    // Chosen in the same tick as the run starts, so two renders started together split the cores.
    const args = sceneArgs({ ...plan, threads: encoderThreadsForNextRun() });
    await runFfmpeg(args, { signal, onProgress: progress });
    onProgress?.(1);
    return { cues };
  } catch (error) {
    await unlink(scene.outputFile).catch(() => {});
    throw error;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Encodes a mixed soundtrack (a WAV) for the join to copy (soundtrackArgs). */
export async function encodeSoundtrack(
  inputFile: string,
  outputFile: string,
  signal?: AbortSignal,
): Promise<void> {
  await runFfmpeg(soundtrackArgs(inputFile, outputFile), { signal });
}

/**
 * Joins clips rendered by renderScene (same encoding) into one file without re-encoding; with
 * chapters, the MP4 carries them (a player lists the scenes, and can jump to one).
 */
export async function joinClips(
  inputs: string[],
  outputFile: string,
  workDir: string,
  chapters: readonly Chapter[] = [],
  /** The whole video's sound (made by encodeSoundtrack), cut at the joined pictures' `seconds`. */
  soundtrack: { file: string; seconds: number } | null = null,
): Promise<void> {
  if (inputs.length === 0) throw new Error('Nothing to join');
  const folder = await mkdtemp(path.join(workDir, 'join-'));
  try {
    const listFile = path.join(folder, 'clips.txt');
    await writeFile(listFile, concatList(inputs.map((input) => path.resolve(input))));
    let chaptersFile: string | null = null;
    if (chapters.length > 0) {
      chaptersFile = path.join(folder, 'chapters.txt');
      await writeFile(chaptersFile, chaptersMetadata(chapters));
    }
    await runFfmpeg(concatArgs(listFile, outputFile, chaptersFile, soundtrack));
  } catch (error) {
    await unlink(outputFile).catch(() => {});
    throw error;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Letterboxes a clip into `size` with the shared encoding (for joining clips of mixed sizes). */
export async function fitClip(
  input: string,
  outputFile: string,
  size: { width: number; height: number },
): Promise<void> {
  try {
    await runFfmpeg(fitArgs(input, outputFile, size, encoderThreadsForNextRun()));
  } catch (error) {
    await unlink(outputFile).catch(() => {});
    throw error;
  }
}

/**
 * Brings a clip a video model generated to the scene's size, length and encoding, with its sound
 * (or silence) and the watermark when asked (normaliseArgs): ours, or the member's own mark in its
 * corner.
 */
export async function normaliseClip(spec: {
  input: string;
  outputFile: string;
  size: { width: number; height: number };
  durationSeconds: number;
  hasAudio: boolean;
  watermark: boolean | CustomMark;
  soundtrack?: NormaliseSpec['soundtrack'];
  captions?: NormaliseSpec['captions'];
  logo?: NormaliseSpec['logo'];
  signal?: AbortSignal;
}): Promise<void> {
  const { signal, watermark, ...rest } = spec;
  const { width, height } = spec.size;
  try {
    await runFfmpeg(
      normaliseArgs({
        ...rest,
        watermarkFont: watermark === true ? fontFile('bold') : null,
        mark:
          typeof watermark === 'object'
            ? { file: watermark.file, ...markPlace(width, height, watermark, Boolean(spec.logo)) }
            : null,
        threads: encoderThreadsForNextRun(),
      }),
      { signal },
    );
  } catch (error) {
    await unlink(spec.outputFile).catch(() => {});
    throw error;
  }
}

/**
 * The video's subtitle track (the captions each scene kept) as WebVTT, or null when it has none.
 */
export async function readCaptions(videoFile: string, workDir: string): Promise<string | null> {
  const info = await probeMedia(videoFile);
  if (!info.hasSubtitles) return null;
  const output = path.join(workDir, 'captions-read.vtt');
  try {
    await runFfmpeg([
      '-i',
      videoFile,
      '-map',
      '0:s:0',
      '-c:s',
      'webvtt',
      '-f',
      'webvtt',
      '-y',
      output,
    ]);
    const text = await readFile(output, 'utf8');
    return text.includes('-->') ? text : null;
  } finally {
    await unlink(output).catch(() => {});
  }
}

/** Writes one JPEG frame of `videoFile` taken at `atSeconds`. */
export async function takeThumbnail(
  videoFile: string,
  outputFile: string,
  atSeconds: number,
): Promise<void> {
  await runFfmpeg(thumbnailArgs(videoFile, outputFile, atSeconds));
}
