// PATCH /api/video-jobs/{id} with { isActive }: the job's switch. It moves at once; the answer
// (with the new next run) replaces the guess, and a failure fetches the list again.
import type { VideoJob } from '@shared/schemas/jobs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { jobKeys } from '@/entities/jobs/api/job-keys';
import { apiRequest } from '@/lib/api-client';

export function setVideoJobActive({ id, isActive }: { id: number; isActive: boolean }) {
  return apiRequest<VideoJob>('PATCH', `/api/video-jobs/${id}`, { isActive });
}

export function useSetVideoJobActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setVideoJobActive,
    onMutate: ({ id, isActive }) => {
      queryClient.setQueryData<VideoJob[]>(jobKeys.list(), (jobs) =>
        jobs?.map((job) => (job.id === id ? { ...job, isActive } : job)),
      );
    },
    onSuccess: (saved) =>
      queryClient.setQueryData<VideoJob[]>(jobKeys.list(), (jobs) =>
        jobs?.map((job) => (job.id === saved.id ? saved : job)),
      ),
    onError: () => queryClient.invalidateQueries({ queryKey: jobKeys.list() }),
  });
}
