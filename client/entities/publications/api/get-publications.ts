// GET /api/publications: the member's latest publication per video and platform, for the library's
// badges. Publishing and pushes (lib/realtime) keep it current, so it is never stale on its own.
import type { Publication } from '@shared/schemas/publishing';
import type { Video } from '@shared/schemas/videos';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { byPlatformOrder } from '../publication-display';
import { publicationKeys } from './publication-keys';

export function getPublications(): Promise<Publication[]> {
  return apiRequest<Publication[]>('GET', '/api/publications');
}

export const publicationsQueryOptions = queryOptions({
  queryKey: publicationKeys.latest(),
  queryFn: getPublications,
});

export function usePublications() {
  return useQuery(publicationsQueryOptions);
}

/** One video's latest publication per platform, in the platforms' order (one shared request). */
export function useLatestVideoPublications(videoId: Video['id']) {
  return useQuery({
    ...publicationsQueryOptions,
    select: (publications) =>
      publications
        .filter((publication) => String(publication.videoId) === String(videoId))
        .sort(byPlatformOrder),
  });
}
