// DELETE /api/user-folders/{id}: removes a manual folder; its videos become unfiled, so the video
// list is refreshed along with both folder lists.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { VIDEOS_QUERY_KEY } from '@/lib/query-keys';
import { FOLDERS_QUERY_KEY, USER_FOLDERS_QUERY_KEY } from './get-folders';

export function deleteUserFolder(id: number) {
  return apiRequest<{ folderName: string }>('DELETE', `/api/user-folders/${id}`);
}

export function useDeleteUserFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUserFolder,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: USER_FOLDERS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: FOLDERS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: VIDEOS_QUERY_KEY }),
      ]),
  });
}
