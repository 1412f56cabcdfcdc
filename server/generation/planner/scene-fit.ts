// A scene the member wrote themselves (a storyboard's narration): how long it takes to say, whether
// it fits its 8 s, the pace the voice takes for it, and its shots, by the planner's own rules.
import { SECONDS_PER_SCENE } from '../../../shared/limits';
import type { StoryboardShot } from '../../../shared/schemas/videos';
import { shotsFor } from './local-planner';
import {
  NARRATION_MAX_SPEED,
  NARRATION_WORDS_PER_SECOND,
  narrationWordCount,
  sceneSecondsFor,
  speechStartOf,
  speechTailOf,
} from './narration';

export type SceneFit = {
  /** Seconds the scene takes: its voice start, its speech at the pace below, its breath or end card. */
  fitSeconds: number;
  /** Whether it fits the 8 s a scene may last (at most 1.25× the member's pace). */
  fits: boolean;
  /** The planner's speed-up for the scene: 1, or up to 1.25 when the words need it. */
  speed: number;
  /** The scene's estimated length (3–8 s with a voice, 8 s without). */
  durationSeconds: number;
  shots: StoryboardShot[];
};

/**
 * Measures scene `index` of `count` speaking `narration` at the member's `voiceSpeed`. Without a
 * voice the narration is a caption read over 8 s, measured at the same pace (so it stays readable).
 */
export function fitScene(
  narration: string,
  index: number,
  count: number,
  { voiceSpeed, voiced }: { voiceSpeed: number; voiced: boolean },
): SceneFit {
  const words = narrationWordCount(narration);
  const last = index === count - 1;
  const around = speechStartOf(index) + speechTailOf(last);
  const natural = words / (NARRATION_WORDS_PER_SECOND * voiceSpeed);
  const room = SECONDS_PER_SCENE - around;
  const needed = room > 0 ? natural / room : Number.POSITIVE_INFINITY;
  const speed = voiced ? Math.min(NARRATION_MAX_SPEED, Math.max(1, needed)) : 1;
  const fitSeconds = Math.round((around + natural / speed) * 100) / 100;
  const durationSeconds = voiced
    ? sceneSecondsFor(words, voiceSpeed * speed, index, count)
    : SECONDS_PER_SCENE;
  return {
    fitSeconds,
    fits: fitSeconds <= SECONDS_PER_SCENE + 1e-9,
    speed: Math.round(speed * 1000) / 1000,
    durationSeconds,
    shots: shotsFor(narration, durationSeconds, index, speed * voiceSpeed, voiced),
  };
}
