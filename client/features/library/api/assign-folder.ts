// PATCH /api/videos/{id}/assign-folder: files a video into a manual folder, or unfiles it (null).
// Folder counts change too, so the folder summaries are refreshed with the list.
import type { AssignFolderResponse } from '@shared/schemas/library';
import type { Video } from '@shared/schemas/videos';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { VIDEOS_QUERY_KEY } from '@/lib/query-keys';
import { FOLDERS_QUERY_KEY } from './get-folders';

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
        queryClient.invalidateQueries({ queryKey: VIDEOS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: FOLDERS_QUERY_KEY }),
      ]),
  });
}
