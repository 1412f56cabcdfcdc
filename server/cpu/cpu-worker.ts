// What runs in the preparation worker threads (cpu-pool): the CPU-heavy parts of a render, kept
// off the event loop that serves HTTP, sockets and the scheduler. Each task is a plain function of
// structured-cloneable input; the pool adds the time and memory limits.
import { writeFile } from 'node:fs/promises';
import { planLocally } from '../generation/planner/local-planner';
import type { PlanInput } from '../generation/planner/planner';
import { choosePictures } from '../media/pictures/pictures';
import { planClipCaptions, planScene, type SceneDescription } from '../media/scene-plan';
import { writeMusicFile, writeVoiceTrack } from '../media/soundtrack';
import { type SpeechSynthesisInput, synthesizeSpeech } from '../voice/espeak-synthesis';

export const CPU_TASKS = {
  /** The offline planner: title and description into scenes. */
  planVideo: (input: PlanInput) => planLocally(input),
  /**
   * One scene's layout, ASS script, pictures and music, written into its folder; what comes back
   * is the ffmpeg plan and the caption's cues (small), never the files' bytes.
   */
  planScene: async ({ scene, folder }: { scene: SceneDescription; folder: string }) => {
    const { plan, files, cues } = planScene(scene, folder);
    await Promise.all(files.map(({ file, content }) => writeFile(file, content)));
    return { plan, cues };
  },
  /** A picture of each scene's subject, chosen from its words (the offline scene source). */
  scenePictures: (texts: string[]) =>
    choosePictures(texts).map(({ name, svg, matched }) => ({ name, svg, matched })),
  /** What each shot shows, chosen from its phrase (the offline scene source). */
  shotPictures: (input: { shots: string[]; title: string; language: string | null }): ShotPick[] =>
    choosePictures(input.shots).map(({ name, svg, matched }) => ({
      kind: 'picture' as const,
      name,
      svg,
      matched,
    })),
  /** Word-timed captions over a clip a video model made (layout measures text with the fonts). */
  clipCaptions: (clip: Parameters<typeof planClipCaptions>[0]) => planClipCaptions(clip),
  /** A video's music for its whole length (soundtrack.ts). */
  music: (music: Parameters<typeof writeMusicFile>[0]) => writeMusicFile(music),
  /** A narrated video's voice track: every scene's narration at its time (soundtrack.ts). */
  voiceTrack: (track: Parameters<typeof writeVoiceTrack>[0]) => writeVoiceTrack(track),
  /** The offline voice (espeak-ng): a narration into a WAV file, with its words' timings. */
  synthesizeSpeech: (input: SpeechSynthesisInput) => synthesizeSpeech(input),
};

/** What a shot shows: a picture of its subject, or its key words set large. */
export type ShotPick =
  | { kind: 'picture'; name: string; svg: string; matched: string[] }
  | { kind: 'typographic'; words: string[] };

export type CpuTasks = typeof CPU_TASKS;
export type CpuTaskName = keyof CpuTasks;

/** Piscina calls the default export with each task. */
export default function runCpuTask({ name, input }: { name: CpuTaskName; input: unknown }) {
  const task = CPU_TASKS[name] as (input: unknown) => unknown;
  if (!task) throw new Error(`Unknown CPU task '${name}'`);
  return task(input);
}
