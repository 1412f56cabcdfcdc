// GET /api/credits/ledger: credit movements, newest first. Stale after 5 minutes (spec/api.md §7.1).
import { TIMINGS } from '@shared/plans';
import type { CreditLedgerEntry } from '@shared/schemas/videos';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { CREDIT_LEDGER_QUERY_KEY } from '@/lib/query-keys';

export { CREDIT_LEDGER_QUERY_KEY };

export const creditLedgerQueryOptions = queryOptions<CreditLedgerEntry[]>({
  queryKey: CREDIT_LEDGER_QUERY_KEY,
  staleTime: TIMINGS.ledgerStaleMs,
});

export function useCreditLedger() {
  return useQuery(creditLedgerQueryOptions);
}
