// A scene's narration cut into shots, one phrase each (about 4–10 words, 1.5–4 s at the scene's
// pace), at sentence, clause or phrase boundaries and never inside a word, with estimated times:
// the renderer puts a picture on each and re-times them from where the voice really says them.
// Shots follow one another from 0 to the scene's end: the first also covers the moment before the
// voice starts, the last the breath (or end card) after its last word.
import type { StoryboardShot } from '../../../shared/schemas/videos';
import { NARRATION_WORDS_PER_SECOND } from './narration';
import { joinTokens, type Token, tokensOf } from './phrases';

export const SHOT_MIN_SECONDS = 1.5;
export const SHOT_MAX_SECONDS = 4;
/** The length a shot is best at: long enough to see, short enough to feel cut to the words. */
const SHOT_IDEAL_SECONDS = 2.6;

/** Cost of a cut by the boundary it falls on (see BOUNDARY): phrases' ends are free or cheap. */
const CUT_COST = [0, 0.1, 0.3, 0.5, 0.6, 2, 4, 8, 8];
/** Cost of keeping a boundary inside a shot: a sentence or clause end is where a shot should change. */
const KEEP_COST = [1.5, 0.8, 0.4, 0.2, 0, 0, 0, 0, 0];
/** A shot outside 1.5–4 s: only when the words leave no other way. */
const OUT_OF_BOUNDS = 100;

export type ShotTiming = {
  /** The scene's length. */
  durationSeconds: number;
  /** When the voice starts (0 without one). */
  startSeconds: number;
  /** Words a second: 2.5 × the scene's speed with a voice; without one, the caption's even pace. */
  wordsPerSecond: number;
};

/** The shots of a scene that speaks `narration` (with a voice) over `durationSeconds`. */
export function voicedShots(narration: string, duration: number, start: number, speed: number) {
  return cutShots(narration, {
    durationSeconds: duration,
    startSeconds: start,
    wordsPerSecond: NARRATION_WORDS_PER_SECOND * speed,
  });
}

/**
 * The shots of a scene without a voice: its caption cut into phrases (about six words each, two
 * to five shots), the scene's time shared evenly between them (1.6–4 s over an 8-second scene).
 */
export function captionShots(caption: string, duration: number): StoryboardShot[] {
  const tokens = tokensOf(caption).filter((token) => token.text.trim());
  const weight = tokens.reduce((sum, token) => sum + token.weight, 0);
  const most = Math.max(1, Math.floor(duration / SHOT_MIN_SECONDS + 1e-9));
  const least = Math.max(1, Math.ceil(duration / SHOT_MAX_SECONDS - 1e-9));
  const count = Math.min(most, Math.max(least, Math.ceil(weight / CAPTION_SHOT_WORDS)));
  if (tokens.length === 0) return blankShots(duration);
  const groups = evenGroups(tokens, Math.min(count, tokens.length));
  const texts = [...groups.map((group) => joinTokens(group))];
  // A caption of fewer words than shots: the last shots show the scene's subject without words.
  while (texts.length < count) texts.push('');
  return texts.map((text, index) => ({
    text,
    start: round((duration * index) / count),
    end: round((duration * (index + 1)) / count),
    visual: null,
  }));
}

/** About six words a caption shot, read at leisure. */
const CAPTION_SHOT_WORDS = 6;

/**
 * `tokens` in `count` runs of about equal words, cut at the strongest boundaries: O(count ×
 * tokens²), a caption holding at most a few dozen words.
 */
function evenGroups(tokens: readonly Token[], count: number): Token[][] {
  const total = tokens.length;
  const prefix = [0];
  for (const token of tokens) prefix.push((prefix.at(-1) ?? 0) + token.weight);
  const share = (prefix.at(-1) ?? 0) / count || 1;
  const best: number[][] = Array.from({ length: count + 1 }, () =>
    new Array<number>(total + 1).fill(Number.POSITIVE_INFINITY),
  );
  const from: number[][] = Array.from({ length: count + 1 }, () =>
    new Array<number>(total + 1).fill(0),
  );
  (best[0] as number[])[0] = 0;
  for (let group = 1; group <= count; group += 1) {
    for (let end = group; end <= total - (count - group); end += 1) {
      for (let start = group - 1; start < end; start += 1) {
        const before = best[group - 1]?.[start] ?? Number.POSITIVE_INFINITY;
        if (before === Number.POSITIVE_INFINITY) continue;
        const load = ((prefix[end] ?? 0) - (prefix[start] ?? 0) - share) / share;
        const cut = end < total ? (CUT_COST[tokens[end - 1]?.after ?? 0] ?? 8) : 0;
        const cost = before + load * load + cut;
        if (cost < (best[group]?.[end] ?? Number.POSITIVE_INFINITY) - 1e-9) {
          (best[group] as number[])[end] = cost;
          (from[group] as number[])[end] = start;
        }
      }
    }
  }
  const groups: Token[][] = [];
  let end = total;
  for (let group = count; group >= 1; group -= 1) {
    const start = from[group]?.[end] ?? 0;
    groups.unshift(tokens.slice(start, end));
    end = start;
  }
  return groups;
}

/**
 * The best cut of `text` into shots: every shot within 1.5–4 s when the words allow it, changing
 * at sentence and clause ends where it can, between words only when a phrase is too long.
 * O(words²), and a scene holds at most a few dozen words.
 */
export function cutShots(text: string, timing: ShotTiming): StoryboardShot[] {
  const duration = round(timing.durationSeconds);
  const tokens = tokensOf(text).filter((token) => token.text.trim());
  if (tokens.length === 0) return blankShots(duration);
  const rate = Math.max(timing.wordsPerSecond, 1e-6);
  // When each boundary is reached: 0 at the scene's start, the voice's time between words, the
  // scene's end after the last.
  const at: number[] = [0];
  let words = 0;
  tokens.forEach((token, index) => {
    words += token.weight;
    at.push(index === tokens.length - 1 ? duration : timing.startSeconds + words / rate);
  });
  const keep = [0];
  for (const token of tokens) keep.push((keep.at(-1) ?? 0) + (KEEP_COST[token.after] ?? 0));

  const count = tokens.length;
  const best = new Array<number>(count + 1).fill(Number.POSITIVE_INFINITY);
  const from = new Array<number>(count + 1).fill(0);
  best[0] = 0;
  for (let end = 1; end <= count; end += 1) {
    for (let start = end - 1; start >= 0; start -= 1) {
      const seconds = (at[end] ?? 0) - (at[start] ?? 0);
      // Past twice the longest shot no start can give a shot within bounds: stop looking back.
      if (seconds > SHOT_MAX_SECONDS * 2 && (best[end] ?? 0) < OUT_OF_BOUNDS) break;
      const inside = (keep[end - 1] ?? 0) - (keep[start] ?? 0);
      const cut = end < count ? (CUT_COST[tokens[end - 1]?.after ?? 0] ?? 8) : 0;
      const cost = (best[start] ?? 0) + shotCost(seconds) + inside + cut;
      if (cost < (best[end] ?? Number.POSITIVE_INFINITY) - 1e-9) {
        best[end] = cost;
        from[end] = start;
      }
    }
  }
  const shots: StoryboardShot[] = [];
  for (let end = count; end > 0; ) {
    const start = from[end] ?? 0;
    shots.unshift({
      text: joinTokens(tokens.slice(start, end)),
      start: round(at[start] ?? 0),
      end: round(at[end] ?? duration),
      visual: null,
    });
    end = start;
  }
  return padded(shots, duration);
}

function shotCost(seconds: number): number {
  if (seconds < SHOT_MIN_SECONDS) return OUT_OF_BOUNDS + 20 * (SHOT_MIN_SECONDS - seconds);
  if (seconds > SHOT_MAX_SECONDS) return OUT_OF_BOUNDS + 20 * (seconds - SHOT_MAX_SECONDS);
  return 0.1 * Math.abs(seconds - SHOT_IDEAL_SECONDS);
}

/** A scene without words: one shot, or even ones of at most 4 s. */
function blankShots(duration: number): StoryboardShot[] {
  const count = Math.max(1, Math.ceil(duration / SHOT_MAX_SECONDS - 1e-9));
  return Array.from({ length: count }, (_, index) => ({
    text: '',
    start: round((duration * index) / count),
    end: round((duration * (index + 1)) / count),
    visual: null,
  }));
}

/**
 * A single word cannot be cut: a long shot of it is halved with a wordless shot after it, so no
 * shot outlasts 4 s (the renderer shows the scene's subject there).
 */
function padded(shots: StoryboardShot[], duration: number): StoryboardShot[] {
  const out: StoryboardShot[] = [];
  for (const shot of shots) {
    const length = shot.end - shot.start;
    if (length <= SHOT_MAX_SECONDS + 1e-9) {
      out.push(shot);
      continue;
    }
    const parts = Math.ceil(length / SHOT_MAX_SECONDS - 1e-9);
    for (let part = 0; part < parts; part += 1) {
      out.push({
        text: part === 0 ? shot.text : '',
        start: round(shot.start + (length * part) / parts),
        end: part === parts - 1 ? shot.end : round(shot.start + (length * (part + 1)) / parts),
        visual: null,
      });
    }
  }
  const last = out.at(-1);
  if (last) last.end = round(duration);
  return out;
}

function round(seconds: number): number {
  return Math.round(seconds * 100) / 100;
}
