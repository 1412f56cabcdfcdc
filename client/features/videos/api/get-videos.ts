// GET /api/videos: the member's library, newest first. Unfinished requests have ids `req-{n}`.
// Never stale on its own: mutations and realtime events invalidate it (spec/api.md §4, §7.3).
import type { Video } from '@shared/schemas/videos';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const VIDEOS_QUERY_KEY = ['/api/videos'] as const;

/** Invalidated beside the videos: the Create screen and the library read request state from it. */
export const VIDEO_CREATION_REQUESTS_QUERY_KEY = ['/api/video-creation-requests'] as const;

export const videosQueryOptions = queryOptions<Video[]>({ queryKey: VIDEOS_QUERY_KEY });

export function useVideos() {
  return useQuery(videosQueryOptions);
}
