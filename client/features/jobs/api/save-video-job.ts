// POST /api/video-jobs (a new job) or PATCH /api/video-jobs/{id} (an existing one, replaced whole).
// A new job is a new library folder too, so the folders are refreshed with the jobs.
import type { VideoJob, VideoJobInput } from '@shared/schemas/jobs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { foldersChanged } from '@/entities/folders/folder-events';
import { jobKeys } from '@/entities/jobs/api/job-keys';
import { apiRequest } from '@/lib/api-client';

export function saveVideoJob({ id, job }: { id: number | null; job: VideoJobInput }) {
  return id === null
    ? apiRequest<VideoJob>('POST', '/api/video-jobs', job)
    : apiRequest<VideoJob>('PATCH', `/api/video-jobs/${id}`, job);
}

export function useSaveVideoJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveVideoJob,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: jobKeys.list() }),
        foldersChanged(queryClient),
      ]),
  });
}
