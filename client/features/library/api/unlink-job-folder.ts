// POST /api/video-jobs/{id}/unlink: moves a job's videos out of its folder; the job keeps running
// (spec/api.md §7.4). The videos and folder counts change, so both lists are refreshed.
import type { UnlinkedJob } from '@shared/schemas/jobs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { folderKeys } from '@/entities/folders/api/folder-keys';
import { videoKeys } from '@/entities/videos/api/video-keys';
import { apiRequest } from '@/lib/api-client';

export function unlinkJobFolder(jobId: number): Promise<UnlinkedJob> {
  return apiRequest<UnlinkedJob>('POST', `/api/video-jobs/${jobId}/unlink`);
}

export function useUnlinkJobFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkJobFolder,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: folderKeys.list() }),
        queryClient.invalidateQueries({ queryKey: videoKeys.all }),
      ]),
  });
}
