// GET /api/folders: manual and job folders with their video counts. Refreshed by folder changes,
// by videos finishing into a job's folder and by the library's Refresh (spec/api.md §7.4).
import type { FolderSummary } from '@shared/schemas/library';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { folderKeys } from './folder-keys';

export function getFolders(): Promise<FolderSummary[]> {
  return apiRequest<FolderSummary[]>('GET', '/api/folders');
}

export const foldersQueryOptions = queryOptions({
  queryKey: folderKeys.list(),
  queryFn: getFolders,
});

export function useFolders() {
  return useQuery(foldersQueryOptions);
}
