// GET /api/user-folders: the member's own folders with their icons, for filing a video and for the
// folder menu. Refreshed when a folder is created or removed and by the library's Refresh.
import type { UserFolder } from '@shared/schemas/library';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { libraryKeys } from './library-keys';

export function getUserFolders(): Promise<UserFolder[]> {
  return apiRequest<UserFolder[]>('GET', '/api/user-folders');
}

export const userFoldersQueryOptions = queryOptions({
  queryKey: libraryKeys.userFolders(),
  queryFn: getUserFolders,
});

export function useUserFolders() {
  return useQuery(userFoldersQueryOptions);
}
