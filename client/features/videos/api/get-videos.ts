// GET /api/videos: the member's library, newest first. Unfinished requests have ids `req-{n}`.
// Never stale on its own: mutations and realtime events invalidate it (spec/api.md §4, §7.3).
import type { Video } from '@shared/schemas/videos';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { VIDEO_CREATION_REQUESTS_QUERY_KEY, VIDEOS_QUERY_KEY } from '@/lib/query-keys';

export { VIDEO_CREATION_REQUESTS_QUERY_KEY, VIDEOS_QUERY_KEY };

export const videosQueryOptions = queryOptions<Video[]>({ queryKey: VIDEOS_QUERY_KEY });

export function useVideos() {
  return useQuery(videosQueryOptions);
}
