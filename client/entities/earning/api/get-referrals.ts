// GET /api/referrals: the member's referral link and what it has brought them.
import type { ReferralSummary } from '@shared/schemas/referrals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { earningKeys } from './earning-keys';

export function getReferrals(): Promise<ReferralSummary> {
  return apiRequest<ReferralSummary>('GET', '/api/referrals');
}

export const referralsQueryOptions = queryOptions({
  queryKey: earningKeys.referrals(),
  queryFn: getReferrals,
});

export function useReferralSummary() {
  return useQuery(referralsQueryOptions);
}
