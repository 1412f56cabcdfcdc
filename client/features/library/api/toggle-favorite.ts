// PATCH /api/videos/{id}/favorite: stars or unstars a video. The answer replaces the cached entry
// everywhere it is cached at once, so the star responds before the list is refetched.
import type { Video } from '@shared/schemas/videos';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { videoKeys } from '@/entities/videos/api/video-keys';
import { replaceCachedVideo } from '@/entities/videos/video-cache';
import { apiRequest } from '@/lib/api-client';

export function toggleFavorite({ id, favorites }: { id: Video['id']; favorites: boolean }) {
  return apiRequest<Video>('PATCH', `/api/videos/${id}/favorite`, { favorites });
}

export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleFavorite,
    onSuccess: (updated) => {
      replaceCachedVideo(queryClient, updated);
      return queryClient.invalidateQueries({ queryKey: videoKeys.all });
    },
  });
}
