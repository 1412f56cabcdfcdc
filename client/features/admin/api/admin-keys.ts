// Admin Tools' cache keys. Each list's entries sit under its own prefix, so one invalidation
// refreshes every filter or search of it.
import type { SubmissionStatus } from '@shared/earning';

/** 'all' sends no status: the server then answers every submission. */
export type SubmissionFilter = SubmissionStatus | 'all';

export const adminKeys = {
  /** GET /api/admin/submissions, every status filter. */
  submissions: () => ['/api/admin/submissions'] as const,
  submissionsByStatus: (filter: SubmissionFilter) => [...adminKeys.submissions(), filter] as const,
  /** GET /api/admin/payment-events?outcome=unmatched. */
  unmatchedPayments: () => ['/api/admin/payment-events', 'unmatched'] as const,
  /** GET /api/admin/alerts. */
  alerts: () => ['/api/admin/alerts'] as const,
  /** GET /api/users, every search. */
  users: () => ['/api/users'] as const,
  userSearch: (search: string, limit: number) => [...adminKeys.users(), { search, limit }] as const,
};
