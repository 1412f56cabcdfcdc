// The renderer's CPU-heavy steps, run in the preparation threads (render-threads/) and declared
// into their task list here, beside the code they run. Each task is a plain function of
// structured-cloneable input; the pool adds the time and memory limits.
import { writeFile } from 'node:fs/promises';
import { knownPictures, searchPictures, shotPictureOffers } from './pictures/picture-candidates';
import { chooseShotPictures, pictureByName, type ShotPick } from './pictures/pictures';
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
  /**
   * What a storyboard's picker offers each shot: the pick above first, then up to `count` − 1
   * other pictures its phrase fits.
   */
  shotPictureOffers: (input: {
    shots: string[];
    title: string;
    language: string | null;
    count: number;
  }) => shotPictureOffers(input.shots, input, input.count),
  /** The pictures a member's search in the picker names, best first. */
  searchPictures: (input: { query: string; language: string | null; count: number }) =>
    searchPictures(input.query, input.language, input.count),
  /** A picture as a standalone SVG document, or null when it is not one the renderer may show. */
  pictureSvg: (name: string) => pictureByName(name)?.svg ?? null,
  /** Which of the names are pictures the renderer may show. */
  knownPictures: (names: string[]) => knownPictures(names),
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
