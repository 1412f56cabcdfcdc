// Shows a long list a screenful at a time: the first `step` entries, then the next whenever the
// end of the list scrolls near (or "Show more" is pressed), so a library of thousands of videos
// renders as fast as one of fifty. A new filter or search starts from the top again.
import { useCallback, useEffect, useRef, useState } from 'react';

export function useRevealMore<T>(items: readonly T[], step: number, resetKey: string) {
  const [count, setCount] = useState(step);
  const [countFor, setCountFor] = useState(resetKey);
  if (countFor !== resetKey) {
    // Adjusting state while rendering (React's documented pattern): no flash of the old length.
    setCountFor(resetKey);
    setCount(step);
  }
  const showMore = useCallback(() => setCount((current) => current + step), [step]);

  const observer = useRef<IntersectionObserver | null>(null);
  const sentinelRef = useCallback(
    (element: HTMLElement | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!element || typeof IntersectionObserver === 'undefined') return;
      observer.current = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) showMore();
        },
        { rootMargin: '600px 0px' },
      );
      observer.current.observe(element);
    },
    [showMore],
  );
  useEffect(() => () => observer.current?.disconnect(), []);

  return {
    visible: items.slice(0, count),
    hidden: Math.max(0, items.length - count),
    showMore,
    sentinelRef,
  };
}
