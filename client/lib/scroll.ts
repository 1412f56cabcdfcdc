// Smooth scrolling to an element by id, leaving room for the sticky header.
import { TIMINGS } from '@shared/plans';

export function scrollToId(id: string, offset: number = TIMINGS.smoothScrollOffsetPx): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  const top = element.getBoundingClientRect().top + window.scrollY - offset;
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top, behavior: reduceMotion ? 'auto' : 'smooth' });
  return true;
}
