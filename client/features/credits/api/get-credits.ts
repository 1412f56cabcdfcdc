// GET /api/credits: the member's balance; Elite answers null with unlimited true (shown as ∞).
// Stale after 5 minutes (spec/api.md §7.1).
import { TIMINGS } from '@shared/plans';
import type { CreditsResponse } from '@shared/schemas/videos';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { CREDITS_QUERY_KEY } from '@/lib/query-keys';

export { CREDITS_QUERY_KEY };

export const creditsQueryOptions = queryOptions<CreditsResponse>({
  queryKey: CREDITS_QUERY_KEY,
  staleTime: TIMINGS.creditsStaleMs,
});

export function useCredits() {
  return useQuery(creditsQueryOptions);
}
