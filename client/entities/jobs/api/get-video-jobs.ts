// GET /api/video-jobs: the member's Creator Engine jobs with their next run and last results.
// Never stale on its own: saving, switching, deleting and pushes change it.
import type { VideoJob } from '@shared/schemas/jobs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { jobKeys } from './job-keys';

export function getVideoJobs(): Promise<VideoJob[]> {
  return apiRequest<VideoJob[]>('GET', '/api/video-jobs');
}

export const videoJobsQueryOptions = queryOptions({
  queryKey: jobKeys.list(),
  queryFn: getVideoJobs,
});

export function useVideoJobs() {
  return useQuery(videoJobsQueryOptions);
}
