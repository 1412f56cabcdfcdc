// GET /api/shared-video/{videoId} (spec/api.md §7.7): public, cached 5 minutes, retried 3 times
// except on a 4xx (private, deleted, failed or unknown ids answer 404, which a retry won't change).
import { TIMINGS } from '@shared/limits';
import type { SharedVideo } from '@shared/schemas/library';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';
import { sharedVideoKeys } from './shared-video-keys';

export function getSharedVideo(videoId: string): Promise<SharedVideo> {
  return apiRequest<SharedVideo>('GET', `/api/shared-video/${videoId}`);
}

export function shouldRetrySharedVideo(failureCount: number, error: unknown): boolean {
  return (
    !(error instanceof ApiError && error.status >= 400 && error.status < 500) &&
    failureCount < TIMINGS.sharedVideoRetries
  );
}

export function sharedVideoQueryOptions(videoId: string) {
  return queryOptions({
    queryKey: sharedVideoKeys.detail(videoId),
    queryFn: () => getSharedVideo(videoId),
    staleTime: TIMINGS.sharedVideoStaleMs,
    retry: shouldRetrySharedVideo,
  });
}

export function useSharedVideo(videoId: string) {
  return useQuery({ ...sharedVideoQueryOptions(videoId), enabled: Boolean(videoId) });
}
