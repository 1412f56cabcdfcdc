// The renderer's CPU-heavy steps, run in the preparation threads (render-threads/) and declared
// into their task list here, beside the code they run. Each task is a plain function of
// structured-cloneable input; the pool adds the time and memory limits.
import { writeFile } from 'node:fs/promises';
import { chooseShotPictures, type ShotPick } from './pictures/pictures';
import { planClipCaptions, planScene, type SceneDescription } from './scene-layout';
import { writeMusicFile, writeVoiceTrack } from './soundtrack';

export const MEDIA_PREPARATION_TASKS = {
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
};

type MediaPreparationTasks = typeof MEDIA_PREPARATION_TASKS;

declare module '../render-threads/preparation-pool' {
  interface PreparationTasks extends MediaPreparationTasks {}
}
