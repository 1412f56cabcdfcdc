// GET /api/admin/payment-events?outcome=unmatched: verified Stripe events that named a member or
// product we do not know, so nothing was applied; an admin settles them by hand (a grant, a plan
// change, a refund).
import type { PaymentEventSummary } from '@shared/schemas/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

export function getUnmatchedPayments(): Promise<PaymentEventSummary[]> {
  return apiRequest<PaymentEventSummary[]>('GET', '/api/admin/payment-events?outcome=unmatched');
}

export const unmatchedPaymentsQueryOptions = queryOptions({
  queryKey: adminKeys.unmatchedPayments(),
  queryFn: getUnmatchedPayments,
  refetchInterval: 60_000,
});

export function useUnmatchedPayments() {
  return useQuery(unmatchedPaymentsQueryOptions);
}
