// GET /api/videos/{id}/publications: everything one video was published as, newest first, for the
// Publish dialog. Pushes patch it; a publish of ours adds to it.
import type { Publication } from '@shared/schemas/publishing';
import type { Video } from '@shared/schemas/videos';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { publicationKeys } from './publication-keys';

export function getVideoPublications(videoId: Video['id']): Promise<Publication[]> {
  return apiRequest<Publication[]>(
    'GET',
    `/api/videos/${encodeURIComponent(videoId)}/publications`,
  );
}

export function videoPublicationsQueryOptions(videoId: Video['id']) {
  return queryOptions({
    queryKey: publicationKeys.video(videoId),
    queryFn: () => getVideoPublications(videoId),
  });
}

export function useVideoPublications(videoId: Video['id']) {
  return useQuery(videoPublicationsQueryOptions(videoId));
}
