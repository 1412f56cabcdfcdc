// POST /api/combine-videos: queues a new video made of the chosen finished videos; it shows up in
// the list as a request like any other.
import type { CombineVideosInput } from '@shared/schemas/library';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { VIDEO_CREATION_REQUESTS_QUERY_KEY, VIDEOS_QUERY_KEY } from '@/lib/query-keys';

export type CombinedVideoRequest = {
  id: string;
  requestId: number;
  status: 'queued';
  title: string;
};

export function combineVideos(input: CombineVideosInput) {
  return apiRequest<CombinedVideoRequest>('POST', '/api/combine-videos', input);
}

export function useCombineVideos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: combineVideos,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: VIDEOS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: VIDEO_CREATION_REQUESTS_QUERY_KEY }),
      ]),
  });
}
