// GET /api/credits/ledger: credit movements, newest first. Stale after 5 minutes (spec/api.md §7.1).
import { TIMINGS } from '@shared/limits';
import type { CreditLedgerEntry } from '@shared/schemas/videos';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { creditKeys } from './credit-keys';

export function getCreditLedger(): Promise<CreditLedgerEntry[]> {
  return apiRequest<CreditLedgerEntry[]>('GET', '/api/credits/ledger');
}

export const creditLedgerQueryOptions = queryOptions({
  queryKey: creditKeys.ledger(),
  queryFn: getCreditLedger,
  staleTime: TIMINGS.ledgerStaleMs,
});

export function useCreditLedger() {
  return useQuery(creditLedgerQueryOptions);
}
