// GET /api/videos/{id}/versions: every version of a finished video, newest first, the current one
// marked (a video never remixed has one). The Versions dialog reads it each time it opens, since a
// remix may have added one since.
import type { VideoVersion } from '@shared/schemas/storyboards';
import type { Video } from '@shared/schemas/videos';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { videoKeys } from '@/entities/videos/api/video-keys';
import { apiRequest } from '@/lib/api-client';

export function getVideoVersions(id: Video['id']): Promise<VideoVersion[]> {
  return apiRequest<VideoVersion[]>('GET', `/api/videos/${encodeURIComponent(id)}/versions`);
}

export function videoVersionsQueryOptions(id: Video['id']) {
  return queryOptions({
    queryKey: videoKeys.versions(id),
    queryFn: () => getVideoVersions(id),
  });
}

/** Fetched again each time the dialog opens: a remix or another tab may have added one. */
export function useVideoVersions(id: Video['id']) {
  return useQuery({ ...videoVersionsQueryOptions(id), refetchOnMount: 'always' });
}
