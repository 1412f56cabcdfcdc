// GET /api/admin/submissions[?status=…]: the review queue, newest first, one cache entry per status
// filter, refetched every 30 s so proofs sent by members show up without a reload (spec/api.md §7.6).
import { TIMINGS } from '@shared/limits';
import type { AdminSubmission } from '@shared/schemas/submissions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminKeys, type SubmissionFilter } from './admin-keys';

export type { SubmissionFilter };

export function adminSubmissionsUrl(filter: SubmissionFilter): string {
  return filter === 'all'
    ? '/api/admin/submissions'
    : `/api/admin/submissions?${new URLSearchParams({ status: filter }).toString()}`;
}

export function getAdminSubmissions(filter: SubmissionFilter): Promise<AdminSubmission[]> {
  return apiRequest<AdminSubmission[]>('GET', adminSubmissionsUrl(filter));
}

export function adminSubmissionsQueryOptions(filter: SubmissionFilter) {
  return queryOptions({
    queryKey: adminKeys.submissionsByStatus(filter),
    queryFn: () => getAdminSubmissions(filter),
    refetchInterval: TIMINGS.adminSubmissionsRefetchMs,
  });
}

export function useAdminSubmissions(filter: SubmissionFilter) {
  return useQuery(adminSubmissionsQueryOptions(filter));
}
