// What changes the jobs list from outside the jobs screen: a run queued a video (the rotation and
// the next run moved on), a run was skipped, a job's publishing settled. The list is fetched again.
import type { QueryClient } from '@tanstack/react-query';
import { jobKeys } from './api/job-keys';

export function jobsChanged(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: jobKeys.list() });
}
