// GET /api/billing: whether the member has paid (the billing portal is offered only then) and the
// membership a subscription pays for. Refetched when a payment notification arrives.
import type { BillingSummary } from '@shared/schemas/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { BILLING_QUERY_KEY } from '@/lib/query-keys';

export const billingQueryOptions = queryOptions<BillingSummary>({
  queryKey: BILLING_QUERY_KEY,
  staleTime: 5 * 60_000,
});

export function useBilling() {
  return useQuery(billingQueryOptions);
}
