// The Profile's recent credit activity: the latest 5 `earn` entries of GET /api/credits/ledger,
// filtered on the server so a busy spender still sees what they earned. Its key sits under the
// ledger's, so every refresh of the ledger refreshes it too. Stale after 5 minutes.
import { TIMINGS } from '@shared/plans';
import type { CreditLedgerEntry } from '@shared/schemas/videos';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { CREDIT_LEDGER_QUERY_KEY } from '@/lib/query-keys';

export const RECENT_EARNINGS_LIMIT = 5;

export const recentEarningsQueryOptions = queryOptions<CreditLedgerEntry[]>({
  queryKey: [...CREDIT_LEDGER_QUERY_KEY, 'earn'],
  queryFn: () =>
    apiRequest<CreditLedgerEntry[]>(
      'GET',
      `/api/credits/ledger?type=earn&limit=${RECENT_EARNINGS_LIMIT}`,
    ),
  staleTime: TIMINGS.ledgerStaleMs,
});

export function useRecentEarnings() {
  return useQuery(recentEarningsQueryOptions);
}
