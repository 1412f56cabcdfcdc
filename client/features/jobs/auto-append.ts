// Auto-Append (spec/product.md §4): writes the form's video settings into the master prompt as one
// "Video settings" block, then rests for 30 s. The rest is kept in local storage so a reload or a
// second tab cannot skip it. What it appends is decided in docs/jobs.md.
import { type AspectRatio, TIMINGS } from '@shared/plans';

export const AUTO_APPEND_STORAGE_KEY = 'reelforge.autoAppend.lastAt';
const BLOCK_HEADING = 'Video settings:';

export type AutoAppendPhase =
  | { phase: 'ready' }
  /** Resting after an append; the button reads 'Success (Ns)'. */
  | { phase: 'cooldown'; secondsLeft: number }
  /** The rest is over; the button reads 'Done' for 3 s. */
  | { phase: 'done' };

/** Where the button stands `now`, given when the last append happened (ms, or null for never). */
export function autoAppendPhase(now: number, lastAt: number | null): AutoAppendPhase {
  if (lastAt === null || now < lastAt) return { phase: 'ready' };
  const elapsed = now - lastAt;
  if (elapsed < TIMINGS.autoAppendCooldownMs) {
    return {
      phase: 'cooldown',
      secondsLeft: Math.ceil((TIMINGS.autoAppendCooldownMs - elapsed) / 1000),
    };
  }
  if (elapsed < TIMINGS.autoAppendCooldownMs + TIMINGS.autoAppendDoneMs) return { phase: 'done' };
  return { phase: 'ready' };
}

export function autoAppendLabel(state: AutoAppendPhase): string {
  if (state.phase === 'cooldown') return `Success (${state.secondsLeft}s)`;
  if (state.phase === 'done') return 'Done';
  return 'Auto-Append';
}

export type VideoSettings = { aspectRatio: AspectRatio; watermark: boolean; scenes: number };

/**
 * The prompt with one "Video settings" block at its end, carrying the form's choices: aspect_ratio
 * and watermark (which every run keeps in step with the form) and the scene count. A block already
 * there is replaced, so pressing again never piles up copies.
 */
export function appendVideoSettings(prompt: string, settings: VideoSettings): string {
  const block = [
    BLOCK_HEADING,
    `aspect_ratio: ${settings.aspectRatio === 'portrait' ? '9:16' : '16:9'}`,
    `watermark: ${settings.watermark}`,
    `scenes: ${settings.scenes} × 8 seconds`,
  ].join('\n');
  const start = prompt.lastIndexOf(BLOCK_HEADING);
  const body = (start === -1 ? prompt : stripBlock(prompt, start)).trimEnd();
  return body ? `${body}\n\n${block}` : block;
}

/** Takes out the block that starts at `start`: its heading and its `key: value` lines. */
function stripBlock(prompt: string, start: number): string {
  const lines = prompt.slice(start).split('\n');
  let end = 1;
  while (end < lines.length && /^(aspect_ratio|watermark|scenes):/.test(lines[end] ?? '')) end++;
  return prompt.slice(0, start) + lines.slice(end).join('\n');
}

export function readLastAppend(storage: Pick<Storage, 'getItem'> | null): number | null {
  const stored = Number(storage?.getItem(AUTO_APPEND_STORAGE_KEY));
  return Number.isFinite(stored) && stored > 0 ? stored : null;
}
