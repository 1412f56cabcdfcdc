// GET /api/billing: whether the member has paid (the billing portal is offered only then) and the
// membership a subscription pays for. Refetched when a payment notification arrives.
import type { BillingSummary } from '@shared/schemas/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { billingKeys } from './billing-keys';

export function getBilling(): Promise<BillingSummary> {
  return apiRequest<BillingSummary>('GET', '/api/billing');
}

export const billingQueryOptions = queryOptions({
  queryKey: billingKeys.summary(),
  queryFn: getBilling,
  staleTime: 5 * 60_000,
});

export function useBilling() {
  return useQuery(billingQueryOptions);
}
