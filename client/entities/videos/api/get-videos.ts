// GET /api/videos: the member's library, newest first. Unfinished requests have ids `req-{n}`.
// Never stale on its own: mutations and realtime events invalidate it (spec/api.md §4, §7.3).
import type { Video } from '@shared/schemas/videos';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { videoKeys } from './video-keys';

export function getVideos(): Promise<Video[]> {
  return apiRequest<Video[]>('GET', '/api/videos');
}

export const videosQueryOptions = queryOptions({
  queryKey: videoKeys.list(),
  queryFn: getVideos,
});

export function useVideos() {
  return useQuery(videosQueryOptions);
}
