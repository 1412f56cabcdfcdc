// POST /api/video-jobs/{id}/unlink: moves a job's videos out of its folder; the job keeps running
// (spec/api.md §7.4). The videos and folder counts change, so both lists are refreshed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { FOLDERS_QUERY_KEY, VIDEOS_QUERY_KEY } from '@/lib/query-keys';

export function unlinkJobFolder(jobId: number) {
  return apiRequest<{ jobName: string; videosUnlinked: number }>(
    'POST',
    `/api/video-jobs/${jobId}/unlink`,
  );
}

export function useUnlinkJobFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkJobFolder,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: FOLDERS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: VIDEOS_QUERY_KEY }),
      ]),
  });
}
