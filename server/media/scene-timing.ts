// How a narrated scene is timed, in one place for the planner (which estimates) and the renderer
// (which measures): where the voice starts, the breath after a scene's last word, the end card
// after the video's last, and the 3–8 s a scene may last. No dependencies: both sides import it.

/**
 * How a narrated scene is timed: the voice starts just after the scene does (the video's fade in,
 * or the wipe from the scene before), and the scene ends a breath after its last word (the last
 * scene holds its last shot for a short end card). A scene lasts 3–8 s.
 */
export const SCENE_TIMING = {
  /** When scene 1's voice starts: under the fade from black, so the video never opens silent. */
  firstVoiceStart: 0.2,
  /** When a later scene's voice starts: as the wipe from the scene before clears. */
  voiceStart: 0.15,
  /** After a scene's last word, before the cut (the wipe to the next scene runs in it). */
  breath: 0.35,
  /** After the video's last word: the last shot held, then the fade to black. At most 1.5 s. */
  endCard: 0.9,
  minSeconds: 3,
  maxSeconds: 8,
} as const;

/** When the voice starts in scene `index` (0-based). */
export function voiceStartOf(index: number): number {
  return index === 0 ? SCENE_TIMING.firstVoiceStart : SCENE_TIMING.voiceStart;
}

/** The time after a scene's last word: a breath, or the end card after the video's last. */
export function tailOf(last: boolean): number {
  return last ? SCENE_TIMING.endCard : SCENE_TIMING.breath;
}

/** Frames a second of every clip we encode (arguments.ts ENCODING.fps). */
const FRAMES_PER_SECOND = 30;

/**
 * A narrated scene's length from where its speech ends (scene seconds): 3–8 s, in whole frames,
 * so the clip is exactly as long as planned and the soundtrack's slices meet the cuts.
 */
export function sceneSecondsFor(speechEnd: number, last: boolean): number {
  const seconds = Math.min(
    SCENE_TIMING.maxSeconds,
    Math.max(SCENE_TIMING.minSeconds, speechEnd + tailOf(last)),
  );
  return Math.round(Math.round(seconds * FRAMES_PER_SECOND) * (1000 / FRAMES_PER_SECOND)) / 1000;
}

/** The longest a scene's speech may run, from its voice start to its tail. */
export function speechSecondsAllowed(index: number, last: boolean): number {
  return SCENE_TIMING.maxSeconds - voiceStartOf(index) - tailOf(last);
}
