// GET /api/admin/submissions[?status=…]: the review queue, newest first, one cache entry per status
// filter, refetched every 30 s so proofs sent by members show up without a reload (spec/api.md §7.6).
import type { SubmissionStatus } from '@shared/earning';
import { TIMINGS } from '@shared/plans';
import type { AdminSubmission } from '@shared/schemas/submissions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Every filter's entry sits under this prefix, so one invalidation refreshes them all. */
export const ADMIN_SUBMISSIONS_QUERY_KEY = ['/api/admin/submissions'] as const;

/** 'all' sends no status: the server then answers every submission. */
export type SubmissionFilter = SubmissionStatus | 'all';

export function adminSubmissionsUrl(filter: SubmissionFilter): string {
  return filter === 'all'
    ? '/api/admin/submissions'
    : `/api/admin/submissions?${new URLSearchParams({ status: filter }).toString()}`;
}

export function adminSubmissionsQueryOptions(filter: SubmissionFilter) {
  return queryOptions<AdminSubmission[]>({
    queryKey: [...ADMIN_SUBMISSIONS_QUERY_KEY, filter],
    queryFn: () => apiRequest<AdminSubmission[]>('GET', adminSubmissionsUrl(filter)),
    refetchInterval: TIMINGS.adminSubmissionsRefetchMs,
  });
}

export function useAdminSubmissions(filter: SubmissionFilter) {
  return useQuery(adminSubmissionsQueryOptions(filter));
}
