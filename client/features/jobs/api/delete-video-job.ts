// DELETE /api/video-jobs/{id}: the job goes from the list at once; its folder goes too, so the
// folders are refreshed (its videos stay in the library).
import type { DeletedJob, VideoJob } from '@shared/schemas/jobs';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { foldersChanged } from '@/entities/folders/folder-events';
import { jobKeys } from '@/entities/jobs/api/job-keys';
import { apiRequest } from '@/lib/api-client';

export function deleteVideoJob(id: number): Promise<DeletedJob> {
  return apiRequest<DeletedJob>('DELETE', `/api/video-jobs/${id}`);
}

/** Removes the job from the cached list, for a delete that worked or one that was already done. */
export function dropJobFromCache(queryClient: QueryClient, id: number) {
  queryClient.setQueryData<VideoJob[]>(jobKeys.list(), (jobs) =>
    jobs?.filter((job) => job.id !== id),
  );
}

export function useDeleteVideoJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVideoJob,
    onSuccess: (_answer, id) => {
      dropJobFromCache(queryClient, id);
      void foldersChanged(queryClient);
    },
  });
}
