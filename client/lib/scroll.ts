// Scrolling to an element by id, leaving room for the sticky header, and keeping a section in place
// while the screen around it finishes loading.
import { TIMINGS } from '@shared/limits';

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

export function scrollToId(id: string, offset: number = TIMINGS.smoothScrollOffsetPx): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  const top = element.getBoundingClientRect().top + window.scrollY - offset;
  window.scrollTo({ top, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  return true;
}

/** Long enough for a smooth scroll to finish: the follow does not fight its own glide. */
const GLIDE_MS = 1000;

/** What the member does to take the scroll over; any of them ends the follow. */
const MEMBER_SCROLLS = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

/**
 * Brings a section's top under the sticky header, and keeps it there while the cards above it
 * finish loading: scrolling once, as soon as the section exists, would leave it wherever the
 * screen's later growth pushes it (the bottom edge, for Profile's Support). Stops when the member
 * scrolls, or after `limitMs` whatever happens; not when the section has merely stayed put a
 * moment, since a card above that loads late (a slow answer) would then push it out of view.
 * Answers a function that stops it early (a new navigation).
 */
export function followSection(
  id: string,
  {
    offset = TIMINGS.smoothScrollOffsetPx,
    limitMs = 6000,
    everyMs = 100,
  }: { offset?: number; limitMs?: number; everyMs?: number } = {},
): () => void {
  const startedAt = performance.now();
  let target: number | null = null;
  let glideUntil = 0;
  let timer: number | undefined;
  let stopped = false;

  const stop = () => {
    if (stopped) return;
    stopped = true;
    window.clearTimeout(timer);
    for (const event of MEMBER_SCROLLS) window.removeEventListener(event, stop, true);
  };
  for (const event of MEMBER_SCROLLS) {
    window.addEventListener(event, stop, { capture: true, passive: true });
  }

  const check = () => {
    if (stopped) return;
    const now = performance.now();
    const element = document.getElementById(id);
    if (element) {
      const top = Math.max(0, element.getBoundingClientRect().top + window.scrollY - offset);
      // The window may also have been moved from under us (the browser's scroll anchoring as the
      // cards above change size): once the first glide has had its time, any drift is corrected.
      const reachable = Math.min(top, document.documentElement.scrollHeight - window.innerHeight);
      const moved = target === null || Math.abs(top - target) > 1;
      const drifted = now >= glideUntil && Math.abs(window.scrollY - reachable) > 1;
      if (moved || drifted) {
        // The first move glides; a correction after the layout moved is not worth animating.
        const glide = target === null && !prefersReducedMotion();
        window.scrollTo({ top, behavior: glide ? 'smooth' : 'auto' });
        if (glide) glideUntil = now + GLIDE_MS;
        target = top;
      }
    }
    if (now - startedAt >= limitMs) {
      stop();
      return;
    }
    timer = window.setTimeout(check, everyMs);
  };
  check();
  return stop;
}
