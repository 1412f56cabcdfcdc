// Every cached copy of the member's videos, edited as one: the plain list (dashboard, realtime) and
// each page of the Library screen's paged views. A push, a poll or an edit of ours changes a video
// the same way wherever it is shown. Also how the realtime session reads, polls and watches the list.
import type { Video, VideoPage } from '@shared/schemas/videos';
import { hashKey, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { videoKeys } from './api/video-keys';

/** Applies `edit` to every cached list and page of videos; a list `edit` leaves alone stays as is. */
export function editCachedVideos(
  queryClient: QueryClient,
  edit: (videos: readonly Video[]) => Video[],
): void {
  const list = queryClient.getQueryData<Video[]>(videoKeys.list());
  if (list) {
    const next = edit(list);
    if (next !== list) queryClient.setQueryData(videoKeys.list(), next);
  }
  queryClient.setQueriesData<InfiniteData<VideoPage, string | null>>(
    { queryKey: videoKeys.libraryPages() },
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
    .getQueriesData<InfiniteData<VideoPage, string | null>>({ queryKey: videoKeys.libraryPages() })
    .flatMap(([, data]) => data?.pages.flatMap((page) => page.items) ?? []);
  return [...(queryClient.getQueryData<Video[]>(videoKeys.list()) ?? []), ...pages];
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

/** The cached plain list (GET /api/videos), if it has been loaded. */
export function cachedVideoList(queryClient: QueryClient): Video[] | undefined {
  return queryClient.getQueryData<Video[]>(videoKeys.list());
}

/** Fetches the plain list again; a slow answer is let finish rather than cancelled by the next. */
export function refetchVideoList(queryClient: QueryClient): Promise<void> {
  return queryClient.refetchQueries(
    { queryKey: videoKeys.list(), exact: true },
    { cancelRefetch: false },
  );
}

/**
 * Statuses may have changed while pushes could not arrive: when the list was loaded before
 * `since`, everything under /api/videos is fetched again.
 */
export function refreshVideosLoadedBefore(queryClient: QueryClient, since: number): void {
  const state = queryClient.getQueryState(videoKeys.list());
  if (state?.status === 'success' && state.dataUpdatedAt < since) {
    void queryClient.invalidateQueries({ queryKey: videoKeys.all });
  }
}

const VIDEO_LIST_HASH = hashKey(videoKeys.list());

/** Hears every plain list the cache receives, from a poll, a refetch or our own edits. */
export function onVideoListReceived(
  queryClient: QueryClient,
  listener: (videos: Video[]) => void,
): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (event.query.queryHash !== VIDEO_LIST_HASH) return;
    const videos = event.query.state.data as Video[] | undefined;
    if (Array.isArray(videos)) listener(videos);
  });
}
