// What changes the folder list: a video finishing into a job's folder, a job created or deleted,
// videos filed, unfiled or deleted. The counts are fetched again.
import type { QueryClient } from '@tanstack/react-query';
import { folderKeys } from './api/folder-keys';

export function foldersChanged(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: folderKeys.list() });
}
