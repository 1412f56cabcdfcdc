// POST /api/videos/{id}/versions/{n}/restore: makes an earlier version the current one (downloads,
// /watch, combining and new publications then use it). The answer is the video as it now is: it
// replaces the cached card at once, and the library and the versions list are fetched again.
import type { Video } from '@shared/schemas/videos';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { videoKeys } from '@/entities/videos/api/video-keys';
import { replaceCachedVideo } from '@/entities/videos/video-cache';
import { apiRequest } from '@/lib/api-client';

export function restoreVideoVersion({
  id,
  version,
}: {
  id: Video['id'];
  version: number;
}): Promise<Video> {
  return apiRequest<Video>(
    'POST',
    `/api/videos/${encodeURIComponent(id)}/versions/${version}/restore`,
  );
}

export function useRestoreVideoVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreVideoVersion,
    onSuccess: (updated) => {
      replaceCachedVideo(queryClient, updated);
      return queryClient.invalidateQueries({ queryKey: videoKeys.all });
    },
  });
}
