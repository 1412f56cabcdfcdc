// POST /api/storyboards/{id}/render: charges and queues the storyboard as Create queues a video,
// and answers as POST /api/video-creation-requests does. A second render (a retry, another tab)
// gets the first one's answer, so the mutation's retry after a network error is safe.
import type { CreatedVideoRequest } from '@shared/schemas/videos';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { storyboardKeys } from '@/entities/storyboards/api/storyboard-keys';
import { storyboardsChanged } from '@/entities/storyboards/storyboard-events';
import { videoRequestCreated } from '@/entities/videos/video-events';
import { apiRequest } from '@/lib/api-client';

export function renderStoryboard(id: number): Promise<CreatedVideoRequest> {
  return apiRequest<CreatedVideoRequest>('POST', `/api/storyboards/${id}/render`);
}

export function useRenderStoryboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renderStoryboard,
    onSuccess: (_created, id) => {
      videoRequestCreated(queryClient);
      storyboardsChanged(queryClient);
      // Rendered now: opened again, it reads as such.
      void queryClient.invalidateQueries({ queryKey: storyboardKeys.detail(id), exact: true });
    },
  });
}
