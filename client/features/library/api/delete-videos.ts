// Deletes the selected videos one call each (requests and finished videos have different
// routes) and reports which failed, so one bad id does not hide the others' success.
import type { Deleted } from '@shared/schemas/library';
import type { Video } from '@shared/schemas/videos';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { folderKeys } from '@/entities/folders/api/folder-keys';
import { videoKeys } from '@/entities/videos/api/video-keys';
import { apiRequest } from '@/lib/api-client';
import { deletePath } from '../video-links';

export type DeleteVideosResult = { deleted: Video['id'][]; failed: Video['id'][] };

export async function deleteVideos(ids: readonly Video['id'][]): Promise<DeleteVideosResult> {
  const outcomes = await Promise.allSettled(
    ids.map((id) => apiRequest<Deleted>('DELETE', deletePath(id))),
  );
  const result: DeleteVideosResult = { deleted: [], failed: [] };
  outcomes.forEach((outcome, index) => {
    const id = ids[index];
    if (id === undefined) return;
    if (outcome.status === 'fulfilled') result.deleted.push(id);
    else result.failed.push(id);
  });
  return result;
}

export function useDeleteVideos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVideos,
    // Some may have gone even when others failed, so refresh either way.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: videoKeys.all }),
        queryClient.invalidateQueries({ queryKey: folderKeys.list() }),
      ]),
  });
}
