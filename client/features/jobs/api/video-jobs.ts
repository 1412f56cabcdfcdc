// The Creator Engine calls (spec/api.md §7.5): the member's jobs, saving one, switching it on or
// off, deleting it, Run Now, and the sample and template the form fills itself from.

import type {
  AdvancedModeTemplate,
  DeletedJob,
  JobSample,
  VideoJob,
  VideoJobInput,
} from '@shared/schemas/jobs';
import type { CreatedVideoRequest } from '@shared/schemas/videos';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { QUERY_KEYS_CHANGED_BY_CREATION } from '@/features/create/api/create-video-request';
import { apiRequest } from '@/lib/api-client';
import { FOLDERS_QUERY_KEY, VIDEO_JOBS_QUERY_KEY } from '@/lib/query-keys';

export const videoJobsQueryOptions = queryOptions<VideoJob[]>({ queryKey: VIDEO_JOBS_QUERY_KEY });

export function useVideoJobs() {
  return useQuery(videoJobsQueryOptions);
}

/** A new job (no id) is POSTed; an existing one is replaced whole with PATCH. */
export function saveVideoJob({ id, job }: { id: number | null; job: VideoJobInput }) {
  return id === null
    ? apiRequest<VideoJob>('POST', '/api/video-jobs', job)
    : apiRequest<VideoJob>('PATCH', `/api/video-jobs/${id}`, job);
}

export function useSaveVideoJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveVideoJob,
    // A new job is a new library folder too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: VIDEO_JOBS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: FOLDERS_QUERY_KEY }),
      ]),
  });
}

export function useSetVideoJobActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: number; isActive: boolean }) =>
      apiRequest<VideoJob>('PATCH', `/api/video-jobs/${id}`, { isActive }),
    // The switch moves at once; the answer (with the new next run) replaces the guess.
    onMutate: ({ id, isActive }) => {
      queryClient.setQueryData<VideoJob[]>(VIDEO_JOBS_QUERY_KEY, (jobs) =>
        jobs?.map((job) => (job.id === id ? { ...job, isActive } : job)),
      );
    },
    onSuccess: (saved) =>
      queryClient.setQueryData<VideoJob[]>(VIDEO_JOBS_QUERY_KEY, (jobs) =>
        jobs?.map((job) => (job.id === saved.id ? saved : job)),
      ),
    onError: () => queryClient.invalidateQueries({ queryKey: VIDEO_JOBS_QUERY_KEY }),
  });
}

/** Removes the job from the cached list, for a delete that worked or one that was already done. */
export function dropJobFromCache(queryClient: ReturnType<typeof useQueryClient>, id: number) {
  queryClient.setQueryData<VideoJob[]>(VIDEO_JOBS_QUERY_KEY, (jobs) =>
    jobs?.filter((job) => job.id !== id),
  );
}

export function useDeleteVideoJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<DeletedJob>('DELETE', `/api/video-jobs/${id}`),
    onSuccess: (_answer, id) => {
      dropJobFromCache(queryClient, id);
      void queryClient.invalidateQueries({ queryKey: FOLDERS_QUERY_KEY });
    },
  });
}

/**
 * Run Now (Elite): a creation request naming the job. The server builds the run from the stored
 * job and moves the rotation on; `videoPrompt` is only the client's preview of it (spec/api.md §7.2).
 */
export function useRunVideoJobNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ job, videoPrompt }: { job: VideoJob; videoPrompt: string }) =>
      apiRequest<CreatedVideoRequest>('POST', '/api/video-creation-requests', {
        title: job.jobName,
        description: videoPrompt.slice(0, 1500) || job.jobName,
        aspectRatio: job.aspectRatio,
        watermark: job.watermark,
        jobId: job.id,
        videoPrompt: videoPrompt.slice(0, 10_000),
      }),
    onSuccess: () => {
      for (const queryKey of [...QUERY_KEYS_CHANGED_BY_CREATION, VIDEO_JOBS_QUERY_KEY]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}

export function fetchJobSample(): Promise<JobSample> {
  return apiRequest<JobSample>('GET', '/api/sample-data');
}

export function fetchAdvancedModeTemplate(): Promise<AdvancedModeTemplate> {
  return apiRequest<AdvancedModeTemplate>('GET', '/api/advanced-mode-template');
}
