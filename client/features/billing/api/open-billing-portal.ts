// POST /api/billing/portal: where the member manages or cancels what they pay for (a Stripe
// billing portal session, or the configured portal link).
import type { RedirectResponse } from '@shared/schemas/billing';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function openBillingPortal() {
  return apiRequest<RedirectResponse>('POST', '/api/billing/portal');
}

export function useOpenBillingPortal() {
  return useMutation({ mutationFn: openBillingPortal });
}
