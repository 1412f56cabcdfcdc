// DELETE /api/user-folders/{id}: removes a manual folder; its videos become unfiled, so the video
// list is refreshed along with both folder lists.
import type { DeletedUserFolder } from '@shared/schemas/library';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { folderKeys } from '@/entities/folders/api/folder-keys';
import { videoKeys } from '@/entities/videos/api/video-keys';
import { apiRequest } from '@/lib/api-client';
import { libraryKeys } from './library-keys';

export function deleteUserFolder(id: number): Promise<DeletedUserFolder> {
  return apiRequest<DeletedUserFolder>('DELETE', `/api/user-folders/${id}`);
}

export function useDeleteUserFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUserFolder,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: libraryKeys.userFolders() }),
        queryClient.invalidateQueries({ queryKey: folderKeys.list() }),
        queryClient.invalidateQueries({ queryKey: videoKeys.all }),
      ]),
  });
}
