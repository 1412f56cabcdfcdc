// PATCH /api/videos/{id}/retry: a failed video goes back to queued; the list refetch shows it.
import type { Video } from '@shared/schemas/videos';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { videoKeys } from '@/entities/videos/api/video-keys';
import { replaceCachedVideo } from '@/entities/videos/video-cache';
import { apiRequest } from '@/lib/api-client';

export function retryVideo(id: Video['id']) {
  return apiRequest<Video>('PATCH', `/api/videos/${id}/retry`);
}

export function useRetryVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryVideo,
    onSuccess: (updated) => {
      if (updated && typeof updated === 'object') {
        replaceCachedVideo(queryClient, updated);
      }
      return queryClient.invalidateQueries({ queryKey: videoKeys.all });
    },
  });
}
