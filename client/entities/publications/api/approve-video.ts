// POST /api/videos/{id}/approve: publishes a Creator Engine job's video that was held for the
// member's review, as the video now is (approving twice publishes once). The answer, the video's
// publications, goes into the cached lists at once, so its badges move on to Publishing.
import type { Publication } from '@shared/schemas/publishing';
import type { Video } from '@shared/schemas/videos';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { cachePublications } from '../publication-cache';
import { publicationKeys } from './publication-keys';

export function approveVideo(videoId: Video['id']): Promise<Publication[]> {
  return apiRequest<Publication[]>('POST', `/api/videos/${encodeURIComponent(videoId)}/approve`);
}

export function useApproveVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveVideo,
    onSuccess: (publications) => {
      if (Array.isArray(publications)) cachePublications(queryClient, publications);
      return queryClient.invalidateQueries({ queryKey: publicationKeys.all });
    },
  });
}
