// What runs in the preparation worker threads (render-threads/preparation-pool.ts): the CPU-heavy parts of a render, kept
// off the event loop that serves HTTP, sockets and the scheduler. Each task is a plain function of
// structured-cloneable input; the pool adds the time and memory limits.
import { writeFile } from 'node:fs/promises';
import { planWithScript } from '../generation/planner/local-planner';
import type { PlanInput } from '../generation/planner/planner';
import { chooseShotPictures, type ShotPick } from '../media/pictures/pictures';
import { planClipCaptions, planScene, type SceneDescription } from '../media/scene-plan';
import { writeMusicFile, writeVoiceTrack } from '../media/soundtrack';
import { type SpeechSynthesisInput, synthesizeSpeech } from '../voice/espeak-synthesis';

export const PREPARATION_TASKS = {
  /** The offline planner: title and description into scenes, and the lines the plan says. */
  planVideo: (input: PlanInput) => planWithScript(input),
  /**
   * One scene's layout, ASS script, pictures and music, written into its folder; what comes back
   * is the ffmpeg plan and the caption's cues (small), never the files' bytes.
   */
  planScene: async ({ scene, folder }: { scene: SceneDescription; folder: string }) => {
    const { plan, files, cues } = planScene(scene, folder);
    await Promise.all(files.map(({ file, content }) => writeFile(file, content)));
    return { plan, cues };
  },
  /**
   * What each shot of a video shows (the offline source): the picture its phrase names in the
   * member's language (`language`: the voice's BCP 47 tag, or null to detect it), else the
   * title's subject, else its key words set large. One pick per shot, in order.
   */
  shotPictures: (input: { shots: string[]; title: string; language: string | null }): ShotPick[] =>
    chooseShotPictures(input.shots, { language: input.language, title: input.title }),
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
export type { ShotPick } from '../media/pictures/pictures';

export type PreparationTasks = typeof PREPARATION_TASKS;
export type PreparationTaskName = keyof PreparationTasks;

/** Piscina calls the default export with each task. */
export default function runPreparationTask({
  name,
  input,
}: {
  name: PreparationTaskName;
  input: unknown;
}) {
  const task = PREPARATION_TASKS[name] as (input: unknown) => unknown;
  if (!task) throw new Error(`Unknown preparation task '${name}'`);
  return task(input);
}
