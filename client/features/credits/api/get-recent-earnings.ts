// The Profile's recent credit activity: the latest 5 `earn` entries of GET /api/credits/ledger,
// filtered on the server so a busy spender still sees what they earned. Its key sits under the
// ledger's, so every refresh of the ledger refreshes it too. Stale after 5 minutes.
import { TIMINGS } from '@shared/limits';
import type { CreditLedgerEntry } from '@shared/schemas/videos';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { creditKeys } from '@/entities/credits/api/credit-keys';
import { apiRequest } from '@/lib/api-client';

export const RECENT_EARNINGS_LIMIT = 5;

export function getRecentEarnings(): Promise<CreditLedgerEntry[]> {
  return apiRequest<CreditLedgerEntry[]>(
    'GET',
    `/api/credits/ledger?type=earn&limit=${RECENT_EARNINGS_LIMIT}`,
  );
}

export const recentEarningsQueryOptions = queryOptions({
  queryKey: creditKeys.recentEarnings(),
  queryFn: getRecentEarnings,
  staleTime: TIMINGS.ledgerStaleMs,
});

export function useRecentEarnings() {
  return useQuery(recentEarningsQueryOptions);
}
