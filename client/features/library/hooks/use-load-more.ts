// Loads the next page of a paged list when the end of the list scrolls near (or "Show more" is
// pressed), one page at a time, so a library of thousands of videos opens as fast as one of fifty.
import { useCallback, useEffect, useRef } from 'react';

export function useLoadMore(pages: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}) {
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const observer = useRef<IntersectionObserver | null>(null);
  const sentinelRef = useCallback(
    (element: HTMLElement | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!element || typeof IntersectionObserver === 'undefined') return;
      observer.current = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) loadMore();
        },
        { rootMargin: '600px 0px' },
      );
      observer.current.observe(element);
    },
    [loadMore],
  );
  useEffect(() => () => observer.current?.disconnect(), []);
  return { loadMore, sentinelRef };
}
