// GET /api/folders (manual and job folders with counts) and GET /api/user-folders (the member's
// own folders with icons). Refreshed by folder changes and by the library's Refresh (spec/api.md §7.4).
import type { FolderSummary, UserFolder } from '@shared/schemas/library';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { FOLDERS_QUERY_KEY } from '@/lib/query-keys';

export { FOLDERS_QUERY_KEY };
export const USER_FOLDERS_QUERY_KEY = ['/api/user-folders'] as const;

export const foldersQueryOptions = queryOptions<FolderSummary[]>({ queryKey: FOLDERS_QUERY_KEY });
export const userFoldersQueryOptions = queryOptions<UserFolder[]>({
  queryKey: USER_FOLDERS_QUERY_KEY,
});

export function useFolders() {
  return useQuery(foldersQueryOptions);
}

export function useUserFolders() {
  return useQuery(userFoldersQueryOptions);
}
