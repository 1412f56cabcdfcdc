// GET /api/referrals: the member's referral link and what it has brought them.
import type { ReferralSummary } from '@shared/schemas/referrals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { REFERRALS_QUERY_KEY } from '@/lib/query-keys';

export const referralsQueryOptions = queryOptions<ReferralSummary>({
  queryKey: REFERRALS_QUERY_KEY,
});

export function useReferralSummary() {
  return useQuery(referralsQueryOptions);
}
