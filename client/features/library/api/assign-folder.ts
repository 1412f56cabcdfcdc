// PATCH /api/videos/{id}/assign-folder: files a video into a manual folder, or unfiles it (null).
// Folder counts change too, so the folder summaries are refreshed with the list.
import type { AssignFolderResponse } from '@shared/schemas/library';
import type { Video } from '@shared/schemas/videos';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { folderKeys } from '@/entities/folders/api/folder-keys';
import { videoKeys } from '@/entities/videos/api/video-keys';
import { apiRequest } from '@/lib/api-client';

export function assignFolder({
  id,
  userFolderId,
}: {
  id: Video['id'];
  userFolderId: number | null;
}) {
  return apiRequest<AssignFolderResponse>('PATCH', `/api/videos/${id}/assign-folder`, {
    userFolderId,
  });
}

export function useAssignFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignFolder,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: videoKeys.all }),
        queryClient.invalidateQueries({ queryKey: folderKeys.list() }),
      ]),
  });
}
