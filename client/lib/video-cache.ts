// Every cached copy of the member's videos, edited as one: the plain list (dashboard, realtime) and
// each page of the Library screen's paged views. A push, a poll or an edit of ours changes a video
// the same way wherever it is shown.
import type { Video, VideoPage } from '@shared/schemas/videos';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { LIBRARY_PAGES_QUERY_KEY, VIDEOS_QUERY_KEY } from '@/lib/query-keys';

/** Applies `edit` to every cached list and page of videos; a list `edit` leaves alone stays as is. */
export function editCachedVideos(
  queryClient: QueryClient,
  edit: (videos: readonly Video[]) => Video[],
): void {
  const list = queryClient.getQueryData<Video[]>(VIDEOS_QUERY_KEY);
  if (list) {
    const next = edit(list);
    if (next !== list) queryClient.setQueryData(VIDEOS_QUERY_KEY, next);
  }
  queryClient.setQueriesData<InfiniteData<VideoPage, string | null>>(
    { queryKey: LIBRARY_PAGES_QUERY_KEY },
    (data) => {
      if (!data) return data;
      let changed = false;
      const pages = data.pages.map((page) => {
        const items = edit(page.items);
        if (items === page.items) return page;
        changed = true;
        return { ...page, items };
      });
      return changed ? { ...data, pages } : data;
    },
  );
}

/** Every video currently cached in a list or a page (for looking one up by id). */
export function cachedVideos(queryClient: QueryClient): Video[] {
  const pages = queryClient
    .getQueriesData<InfiniteData<VideoPage, string | null>>({ queryKey: LIBRARY_PAGES_QUERY_KEY })
    .flatMap(([, data]) => data?.pages.flatMap((page) => page.items) ?? []);
  return [...(queryClient.getQueryData<Video[]>(VIDEOS_QUERY_KEY) ?? []), ...pages];
}

/** An answer of ours (a favourite, a visibility change, a retry) replaces its video everywhere. */
export function replaceCachedVideo(queryClient: QueryClient, updated: Video): void {
  editCachedVideos(queryClient, (videos) => {
    if (!videos.some((video) => String(video.id) === String(updated.id))) return videos as Video[];
    return videos.map((video) =>
      String(video.id) === String(updated.id) ? { ...video, ...updated } : video,
    );
  });
}
