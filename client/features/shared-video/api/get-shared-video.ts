// GET /api/shared-video/{videoId} (spec/api.md §7.7): public, cached 5 minutes, retried 3 times
// except on a 4xx (private, deleted, failed or unknown ids answer 404, which a retry won't change).
import { TIMINGS } from '@shared/plans';
import type { SharedVideo } from '@shared/schemas/library';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';

export function sharedVideoQueryKey(videoId: string) {
  return ['/api/shared-video', videoId] as const;
}

export function shouldRetrySharedVideo(failureCount: number, error: unknown): boolean {
  return (
    !(error instanceof ApiError && error.status >= 400 && error.status < 500) &&
    failureCount < TIMINGS.sharedVideoRetries
  );
}

export function useSharedVideo(videoId: string) {
  return useQuery<SharedVideo>({
    queryKey: sharedVideoQueryKey(videoId),
    staleTime: TIMINGS.sharedVideoStaleMs,
    retry: shouldRetrySharedVideo,
    enabled: Boolean(videoId),
  });
}
