// GET /api/admin/payment-events: verified Stripe events that named a member or product we do not
// know, so nothing was applied; an admin settles them by hand (a grant, a plan change, a refund).
import type { PaymentEventSummary } from '@shared/schemas/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const UNMATCHED_PAYMENTS_QUERY_KEY = ['/api/admin/payment-events', 'unmatched'] as const;

export const unmatchedPaymentsQueryOptions = queryOptions<PaymentEventSummary[]>({
  queryKey: UNMATCHED_PAYMENTS_QUERY_KEY,
  queryFn: () =>
    apiRequest<PaymentEventSummary[]>('GET', '/api/admin/payment-events?outcome=unmatched'),
  refetchInterval: 60_000,
});

export function useUnmatchedPayments() {
  return useQuery(unmatchedPaymentsQueryOptions);
}
