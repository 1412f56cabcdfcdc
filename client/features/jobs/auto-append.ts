// Auto-Append (spec/product.md §4): writes the form's video settings into the master prompt as one
// "Video settings" block, then rests for 30 s. The rest is kept in local storage so a reload or a
// second tab cannot skip it. What it appends is decided in docs/jobs.md.

import type { AspectRatio } from '@shared/catalogue';
import { TIMINGS } from '@shared/limits';
import { applyPromptChoices } from '@shared/master-prompt';

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

const SCENES_LINE = /^([ \t]*["']?scenes["']?[ \t]*[:=][ \t]*).*$/im;
const HAS_ASPECT_RATIO = /["']?aspect_ratio["']?\s*[:=]/i;
const HAS_WATERMARK = /["']?watermark["']?\s*[:=]/i;

/**
 * The prompt carrying the form's choices: aspect_ratio, watermark and the scene count. A setting
 * the prompt already states (a template's `aspect_ratio: 16:9`, or an earlier Auto-Append) is
 * updated where it stands; only settings it lacks are added, in one "Video settings" block at the
 * end. Pressing again, or appending to a template, never writes a setting twice.
 */
export function appendVideoSettings(prompt: string, settings: VideoSettings): string {
  let text = applyPromptChoices(prompt, settings);
  const scenes = `${settings.scenes} × 8 seconds`;
  const missing: string[] = [];
  if (!HAS_ASPECT_RATIO.test(text)) {
    missing.push(`aspect_ratio: ${settings.aspectRatio === 'portrait' ? '9:16' : '16:9'}`);
  }
  if (!HAS_WATERMARK.test(text)) missing.push(`watermark: ${settings.watermark}`);
  if (SCENES_LINE.test(text))
    text = text.replace(SCENES_LINE, (_line, key: string) => key + scenes);
  else missing.push(`scenes: ${scenes}`);
  if (missing.length === 0) return text;

  const heading = text.lastIndexOf(BLOCK_HEADING);
  if (heading !== -1) {
    // Our block is there but lost some lines: they go back under its heading.
    const after = heading + BLOCK_HEADING.length;
    return `${text.slice(0, after)}\n${missing.join('\n')}${text.slice(after)}`;
  }
  const body = text.trimEnd();
  const block = [BLOCK_HEADING, ...missing].join('\n');
  return body ? `${body}\n\n${block}` : block;
}

export function readLastAppend(storage: Pick<Storage, 'getItem'> | null): number | null {
  const stored = Number(storage?.getItem(AUTO_APPEND_STORAGE_KEY));
  return Number.isFinite(stored) && stored > 0 ? stored : null;
}
