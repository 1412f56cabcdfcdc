// GET /api/videos/summary: the library in numbers (total, completed, per folder), so the Profile
// and the library's heading need not load every video to count them.
import type { VideoSummary } from '@shared/schemas/videos';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { videoKeys } from './video-keys';

export function getVideoSummary(): Promise<VideoSummary> {
  return apiRequest<VideoSummary>('GET', '/api/videos/summary');
}

export const videoSummaryQueryOptions = queryOptions({
  queryKey: videoKeys.summary(),
  queryFn: getVideoSummary,
});

export function useVideoSummary() {
  return useQuery(videoSummaryQueryOptions);
}
