// A plan timed by its voice: each scene lasts as long as what it says (plus a breath; 3–8 s), its
// shots change where the voice reaches their phrase, and the scenes' starts are the video's
// chapters. Without a voice the planner's pacing stands and shots share the scene evenly. Pure.
import type { Storyboard, StoryboardScene, StoryboardShot } from '../../shared/schemas/videos';
import type { SpokenWord } from '../../shared/schemas/voices';
import type { Chapter } from '../media/arguments';
import { SCENE_TIMING, sceneSecondsFor } from '../media/scene-timing';

/** A shot shorter than this is folded into its neighbour: a picture needs a moment to be seen. */
export const MIN_SHOT_SECONDS = 1.2;
/** A scene longer than this has at least two shots. */
export const SINGLE_SHOT_MAX_SECONDS = 4;
/** The picture changes this long before its phrase is spoken, so the eye arrives with the word. */
const SHOT_LEAD_SECONDS = 0.12;

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/** What was spoken in one scene: its words, in scene seconds (null: the scene says nothing). */
export type SceneSpeech = { words: readonly SpokenWord[] } | null;

/**
 * The plan with each scene's real length, start and shots. A scene that spoke lasts from its start
 * to its last word plus a breath (the last scene: plus its end card); one that did not keeps the
 * planner's length (3–8 s). `speech` is null for a video without a voice.
 */
export function timeScenes(plan: Storyboard, speech: readonly SceneSpeech[] | null): Storyboard {
  let at = 0;
  const count = plan.scenes.length;
  const scenes = plan.scenes.map((scene, index): StoryboardScene => {
    const words = speech?.[index]?.words ?? null;
    const last = index === count - 1;
    const spokenEnd = words && words.length > 0 ? (words[words.length - 1]?.end ?? 0) : null;
    const durationSeconds =
      spokenEnd !== null
        ? sceneSecondsFor(spokenEnd, last)
        : speech
          ? clampScene(scene.durationSeconds)
          : scene.durationSeconds;
    const shots =
      words && words.length > 0
        ? shotsFromSpeech(scene, words, durationSeconds)
        : evenShots(scene, durationSeconds);
    const timed = {
      ...scene,
      durationSeconds,
      startSeconds: round3(at),
      shots: withChosenVisuals(scene.shots ?? [], shots),
    };
    at += durationSeconds;
    return timed;
  });
  return { ...plan, scenes };
}

/**
 * The visuals a member chose in their storyboard, carried to the timed shots: a shot keeps the
 * choice of the phrase it starts with (a phrase merged into the one before shows that one's
 * choice; both halves of a split phrase show its choice).
 */
export function withChosenVisuals(
  planned: readonly StoryboardShot[],
  timed: StoryboardShot[],
): StoryboardShot[] {
  if (!planned.some((shot) => shot.visual?.chosen)) return timed;
  let cursor = 0;
  return timed.map((shot) => {
    const text = shot.text.trim();
    for (let at = cursor; at < planned.length; at++) {
      const phrase = (planned[at] as StoryboardShot).text.trim();
      if (text.startsWith(phrase) || phrase.includes(text)) {
        // A split phrase's first half leaves the planned shot for its second.
        cursor = text.startsWith(phrase) || phrase.endsWith(text) ? at + 1 : at;
        const visual = planned[at]?.visual;
        return visual?.chosen ? { ...shot, visual } : shot;
      }
    }
    return shot;
  });
}

function clampScene(seconds: number): number {
  return Math.min(SCENE_TIMING.maxSeconds, Math.max(SCENE_TIMING.minSeconds, seconds || 0));
}

/** The planner's phrases, or the whole narration as one when it wrote none (older plans). */
function plannedPhrases(scene: StoryboardScene): string[] {
  const texts = (scene.shots ?? []).map((shot) => shot.text.trim()).filter(Boolean);
  if (texts.length > 0) return texts;
  const whole = (scene.narration ?? scene.caption ?? '').trim();
  return whole ? [whole] : [];
}

/**
 * Shots timed by the voice: each phrase's shot starts just before the spoken word where the
 * phrase begins (found by its place in the text, so a voice that reads a number as two words or
 * joins two into one still lands on the right word), and lasts until the next one's.
 */
export function shotsFromSpeech(
  scene: StoryboardScene,
  words: readonly SpokenWord[],
  durationSeconds: number,
): StoryboardShot[] {
  const phrases = plannedPhrases(scene);
  const text = phrases.join(' ');
  const wordStarts = charOffsets(words.map((word) => word.text));
  const spokenLength = Math.max(1, wordStarts.total);
  // Each phrase is looked for after the one before it (the first included), so words said twice
  // ("fold it and fold it", "fold it") land on their second saying.
  let cursor = 0;
  const starts = phrases.map((phrase, index) => {
    if (index === 0) {
      cursor = phrase.length;
      return 0;
    }
    const found = text.indexOf(phrase, cursor);
    const offset = found >= 0 ? found : cursor;
    cursor = offset + phrase.length;
    const fraction = offset / Math.max(1, text.length);
    const wordIndex = wordStarts.offsets.findIndex(
      (start) => start / spokenLength >= fraction - 0.01,
    );
    const word = words[wordIndex >= 0 ? wordIndex : words.length - 1];
    return Math.max(0, (word?.start ?? 0) - SHOT_LEAD_SECONDS);
  });
  const shots = phrases.map((phrase, index) => ({
    text: phrase,
    start: starts[index] ?? 0,
    end: starts[index + 1] ?? durationSeconds,
    visual: null,
  }));
  const merged = mergeShortShots(shots, durationSeconds);
  return splitLoneLongShot(merged, words, durationSeconds);
}

/** Where each word starts in the words joined by spaces, and the joined length. */
function charOffsets(texts: readonly string[]): { offsets: number[]; total: number } {
  let at = 0;
  const offsets = texts.map((text) => {
    const start = at;
    at += text.length + 1;
    return start;
  });
  return { offsets, total: Math.max(0, at - 1) };
}

/**
 * Shots for a scene nobody speaks: its phrases share the scene in proportion to their length, and
 * a scene longer than 4 s shows at least two.
 */
export function evenShots(scene: StoryboardScene, durationSeconds: number): StoryboardShot[] {
  let phrases = plannedPhrases(scene);
  if (phrases.length === 0)
    return [{ text: '', start: 0, end: round3(durationSeconds), visual: null }];
  if (phrases.length === 1 && durationSeconds > SINGLE_SHOT_MAX_SECONDS) {
    phrases = halves(phrases[0] ?? '');
  }
  // No more shots than the scene has room for at their least length.
  const most = Math.max(1, Math.floor(durationSeconds / 1.5));
  while (phrases.length > most) {
    const shortest = shortestNeighbourPair(phrases);
    phrases = [
      ...phrases.slice(0, shortest),
      `${phrases[shortest]} ${phrases[shortest + 1]}`,
      ...phrases.slice(shortest + 2),
    ];
  }
  const weights = phrases.map((phrase) => Math.max(8, phrase.length));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let at = 0;
  return phrases.map((phrase, index) => {
    const start = at;
    at =
      index === phrases.length - 1
        ? durationSeconds
        : at + (durationSeconds * (weights[index] ?? 0)) / total;
    return { text: phrase, start: round3(start), end: round3(at), visual: null };
  });
}

/** The index of the first of the two neighbouring phrases that together are shortest. */
function shortestNeighbourPair(phrases: readonly string[]): number {
  let best = 0;
  let bestLength = Number.POSITIVE_INFINITY;
  for (let index = 0; index + 1 < phrases.length; index++) {
    const length = (phrases[index]?.length ?? 0) + (phrases[index + 1]?.length ?? 0);
    if (length < bestLength) {
      best = index;
      bestLength = length;
    }
  }
  return best;
}

/** A phrase cut in two at the space nearest its middle (one half when it has no space). */
function halves(phrase: string): string[] {
  const middle = phrase.length / 2;
  let cut = -1;
  for (let index = 0; index < phrase.length; index++) {
    if (phrase[index] === ' ' && (cut < 0 || Math.abs(index - middle) < Math.abs(cut - middle))) {
      cut = index;
    }
  }
  if (cut <= 0) return [phrase];
  return [phrase.slice(0, cut).trim(), phrase.slice(cut + 1).trim()];
}

/** Folds every shot shorter than MIN_SHOT_SECONDS into the one before it (the first: after it). */
function mergeShortShots(shots: StoryboardShot[], durationSeconds: number): StoryboardShot[] {
  const kept: StoryboardShot[] = [];
  for (const shot of shots) {
    const previous = kept[kept.length - 1];
    if (previous && shot.end - shot.start < MIN_SHOT_SECONDS) {
      previous.end = shot.end;
      previous.text = `${previous.text} ${shot.text}`.trim();
    } else {
      kept.push({ ...shot });
    }
  }
  const first = kept[0];
  const second = kept[1];
  if (first && second && first.end - first.start < MIN_SHOT_SECONDS) {
    kept.splice(0, 2, { ...second, start: first.start, text: `${first.text} ${second.text}` });
  }
  return kept.map((shot, index) => ({
    ...shot,
    start: round3(index === 0 ? 0 : shot.start),
    end: round3(index === kept.length - 1 ? durationSeconds : shot.end),
  }));
}

/**
 * A scene longer than 4 s shown as one shot gets a second: cut at the spoken word nearest the
 * middle of the scene, so each half keeps its own words.
 */
function splitLoneLongShot(
  shots: StoryboardShot[],
  words: readonly SpokenWord[],
  durationSeconds: number,
): StoryboardShot[] {
  const [only] = shots;
  if (shots.length !== 1 || !only || durationSeconds <= SINGLE_SHOT_MAX_SECONDS) return shots;
  const middle = durationSeconds / 2;
  let cut = -1;
  for (let index = 1; index < words.length; index++) {
    const start = words[index]?.start ?? 0;
    if (start < MIN_SHOT_SECONDS || durationSeconds - start < MIN_SHOT_SECONDS) continue;
    const best = words[cut]?.start ?? Number.POSITIVE_INFINITY;
    if (cut < 0 || Math.abs(start - middle) < Math.abs(best - middle)) cut = index;
  }
  const at =
    cut > 0
      ? Math.max(MIN_SHOT_SECONDS, (words[cut]?.start ?? middle) - SHOT_LEAD_SECONDS)
      : middle;
  const before = cut > 0 ? words.slice(0, cut) : words.slice(0, Math.ceil(words.length / 2));
  const after = cut > 0 ? words.slice(cut) : words.slice(Math.ceil(words.length / 2));
  const join = (list: readonly SpokenWord[]) => list.map((word) => word.text).join(' ');
  return [
    { text: join(before) || only.text, start: 0, end: round3(at), visual: null },
    {
      text: join(after) || only.text,
      start: round3(at),
      end: round3(durationSeconds),
      visual: null,
    },
  ];
}

/**
 * The video's chapters: one per scene, from its start to the next's, named by the start of what
 * it says (or "Scene n" when it says nothing).
 */
export function chaptersOf(plan: Storyboard): Chapter[] {
  let at = 0;
  return plan.scenes.map((scene, index) => {
    const start = scene.startSeconds ?? at;
    at = start + scene.durationSeconds;
    return {
      start: round3(start),
      end: round3(at),
      title: chapterTitle(scene.narration ?? scene.caption ?? '', index + 1),
    };
  });
}

/** A chapter's name: the scene's first sentence, cut at a word to about 48 characters. */
export function chapterTitle(text: string, number: number): string {
  const sentence =
    text
      .replace(/\s+/gu, ' ')
      .trim()
      .split(/(?<=[.!?。！？])\s/u)[0] ?? '';
  const clean = sentence.replace(/[.。]$/u, '').trim();
  if (!clean) return `Scene ${number}`;
  if (clean.length <= 48) return clean;
  const cut = clean.slice(0, 48);
  const space = cut.lastIndexOf(' ');
  return `${(space > 20 ? cut.slice(0, space) : cut).replace(/[,;:–—-]+$/u, '').trim()}…`;
}
