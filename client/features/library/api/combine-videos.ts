// POST /api/combine-videos: queues a new video made of the chosen finished videos; it shows up in
// the list as a request like any other.
import type { CombineVideosInput } from '@shared/schemas/library';
import type { CreatedVideoRequest } from '@shared/schemas/videos';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { videoKeys } from '@/entities/videos/api/video-keys';
import { apiRequest } from '@/lib/api-client';

export function combineVideos(input: CombineVideosInput): Promise<CreatedVideoRequest> {
  return apiRequest<CreatedVideoRequest>('POST', '/api/combine-videos', input);
}

export function useCombineVideos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: combineVideos,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: videoKeys.all }),
        queryClient.invalidateQueries({ queryKey: videoKeys.creationRequests() }),
      ]),
  });
}
