// POST /api/videos/{id}/remix: opens a storyboard of a finished video's current version (Pro and
// Elite), or the one already open for it. Rendering it makes the video's next version (same id,
// same share link). The answer is cached where the editor reads it, so the editor opens at once.
import type { StoryboardView } from '@shared/schemas/storyboards';
import type { Video } from '@shared/schemas/videos';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { storyboardSaved } from '@/entities/storyboards/storyboard-events';
import { apiRequest } from '@/lib/api-client';

export function remixVideo(id: Video['id']): Promise<StoryboardView> {
  return apiRequest<StoryboardView>('POST', `/api/videos/${encodeURIComponent(id)}/remix`);
}

export function useRemixVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: remixVideo,
    onSuccess: (storyboard) => storyboardSaved(queryClient, storyboard),
  });
}
