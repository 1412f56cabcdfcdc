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

/** What the member does to take the scroll over; any of them ends the follow. */
const MEMBER_SCROLLS = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

/**
 * Brings a section's top under the sticky header, and keeps it there while the cards above it
 * finish loading: scrolling once, as soon as the section exists, would leave it wherever the
 * screen's later growth pushes it (the bottom edge, for Profile's Support). Stops when the section
 * has stayed put for `stillMs`, when the member scrolls, or after `limitMs` whatever happens.
 * Answers a function that stops it early (a new navigation).
 */
export function followSection(
  id: string,
  {
    offset = TIMINGS.smoothScrollOffsetPx,
    stillMs = 600,
    limitMs = 6000,
    everyMs = 100,
  }: { offset?: number; stillMs?: number; limitMs?: number; everyMs?: number } = {},
): () => void {
  const startedAt = performance.now();
  let target: number | null = null;
  let stillSince = startedAt;
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
      if (target === null || Math.abs(top - target) > 1) {
        // The first move glides; a correction after the layout moved is not worth animating.
        const glide = target === null && !prefersReducedMotion();
        window.scrollTo({ top, behavior: glide ? 'smooth' : 'auto' });
        target = top;
        stillSince = now;
      } else if (now - stillSince >= stillMs) {
        stop();
        return;
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
