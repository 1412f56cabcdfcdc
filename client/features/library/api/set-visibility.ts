// PATCH /api/videos/{id}/visibility: a video must be public before its /watch link works, so
// sharing makes it public first; Make Private takes it back.
import type { Video } from '@shared/schemas/videos';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { videoKeys } from '@/entities/videos/api/video-keys';
import { replaceCachedVideo } from '@/entities/videos/video-cache';
import { apiRequest } from '@/lib/api-client';

export function setVisibility({ id, isPublic }: { id: Video['id']; isPublic: boolean }) {
  return apiRequest<Video>('PATCH', `/api/videos/${id}/visibility`, { isPublic });
}

export function useSetVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setVisibility,
    onSuccess: (updated) => {
      replaceCachedVideo(queryClient, updated);
      return queryClient.invalidateQueries({ queryKey: videoKeys.all });
    },
  });
}
