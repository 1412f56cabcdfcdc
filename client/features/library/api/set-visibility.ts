// PATCH /api/videos/{id}/visibility: a video must be public before its /watch link works, so
// sharing makes it public first; Make Private takes it back.
import type { Video } from '@shared/schemas/videos';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { VIDEOS_QUERY_KEY } from '@/lib/query-keys';
import { replaceCachedVideo } from '@/lib/video-cache';

export function setVisibility({ id, isPublic }: { id: Video['id']; isPublic: boolean }) {
  return apiRequest<Video>('PATCH', `/api/videos/${id}/visibility`, { isPublic });
}

export function useSetVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setVisibility,
    onSuccess: (updated) => {
      replaceCachedVideo(queryClient, updated);
      return queryClient.invalidateQueries({ queryKey: VIDEOS_QUERY_KEY });
    },
  });
}
