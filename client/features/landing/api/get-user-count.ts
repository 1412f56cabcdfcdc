// GET /api/stats/user-count: members and early-access spots. Refetched every 30 s, fresh for 25 s.

import { TIMINGS } from '@shared/limits';
import type { UserCount } from '@shared/schemas/stats';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { landingKeys } from './landing-keys';

export function getUserCount(): Promise<UserCount> {
  return apiRequest<UserCount>('GET', '/api/stats/user-count');
}

export const userCountQueryOptions = queryOptions({
  queryKey: landingKeys.userCount(),
  queryFn: getUserCount,
  refetchInterval: TIMINGS.userCountRefetchMs,
  staleTime: TIMINGS.userCountFreshMs,
});

export function useUserCount() {
  return useQuery(userCountQueryOptions);
}

/** The landing call-to-action follows the early-access state (spec/product.md §4 Landing). */
export function callToActionText(data: UserCount | undefined): string {
  if (!data) return 'Get Started';
  return data.earlyAccess.isActive ? 'Get Early Access' : 'Join Beta Waitlist';
}
