// How long and how much memory one step of a render may take, and the error a step that goes past
// either throws. A member's video that hangs or balloons is stopped and refunded; it never holds a
// core, a worker or the event loop that serves everyone else.

import { DEFAULT_RENDER_LIMITS, type RenderLimits } from './config-limits';

let current: RenderLimits = DEFAULT_RENDER_LIMITS;

/** Set once at start-up from the configuration (RENDER_STEP_TIMEOUT_SECONDS and its siblings). */
export function setRenderLimits(limits: RenderLimits): void {
  current = limits;
}

export function renderLimits(): RenderLimits {
  return current;
}

export const RENDER_TOO_SLOW_MESSAGE =
  'This video took too long to render, so we stopped it. Your credit has been refunded; please try again.';
export const RENDER_TOO_LARGE_MESSAGE =
  'This video needed more memory than a render may use, so we stopped it. Your credit has been refunded; please try again.';

/** A render step went past its time or memory limit and was stopped. */
export class RenderLimitExceeded extends Error {
  constructor(
    readonly limit: 'time' | 'memory',
    /** Which step, for the operator's log ('ffmpeg', 'scene layout'…). */
    readonly step: string,
  ) {
    super(limit === 'time' ? RENDER_TOO_SLOW_MESSAGE : RENDER_TOO_LARGE_MESSAGE);
    this.name = 'RenderLimitExceeded';
  }
}
