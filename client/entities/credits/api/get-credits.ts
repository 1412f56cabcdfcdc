// GET /api/credits: the member's balance; Elite answers null with unlimited true (shown as ∞).
// Stale after 5 minutes (spec/api.md §7.1).
import { TIMINGS } from '@shared/limits';
import type { CreditsResponse } from '@shared/schemas/videos';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { creditKeys } from './credit-keys';

export function getCredits(): Promise<CreditsResponse> {
  return apiRequest<CreditsResponse>('GET', '/api/credits');
}

export const creditsQueryOptions = queryOptions({
  queryKey: creditKeys.balance(),
  queryFn: getCredits,
  staleTime: TIMINGS.creditsStaleMs,
});

export function useCredits() {
  return useQuery(creditsQueryOptions);
}
