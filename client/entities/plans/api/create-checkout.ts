// POST /api/billing/checkout: the server creates a Stripe Checkout Session (it holds the key) and
// answers where to send the member.
import type { CheckoutProduct, RedirectResponse } from '@shared/schemas/billing';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function createCheckout(product: CheckoutProduct) {
  return apiRequest<RedirectResponse>('POST', '/api/billing/checkout', { product });
}

export function useCreateCheckout() {
  return useMutation({ mutationFn: createCheckout });
}
