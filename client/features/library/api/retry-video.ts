// PATCH /api/videos/{id}/retry: a failed video goes back to queued; the list refetch shows it.
import type { Video } from '@shared/schemas/videos';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { VIDEOS_QUERY_KEY } from '@/lib/query-keys';
import { replaceCachedVideo } from '@/lib/video-cache';

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
      return queryClient.invalidateQueries({ queryKey: VIDEOS_QUERY_KEY });
    },
  });
}
