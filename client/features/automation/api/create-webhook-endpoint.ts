// POST /api/webhook-endpoints: registers an address for the chosen events and answers its signing
// secret, this once. The list gains the endpoint without a refetch; the secret stays with the caller.
import {
  type CreatedWebhookEndpoint,
  type CreateWebhookEndpoint,
  WEBHOOK_ENDPOINTS_URL,
} from '@shared/schemas/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { putEndpoint } from './webhook-endpoint-cache';

export function createWebhookEndpoint(
  input: CreateWebhookEndpoint,
): Promise<CreatedWebhookEndpoint> {
  return apiRequest<CreatedWebhookEndpoint>('POST', WEBHOOK_ENDPOINTS_URL, input);
}

export function useCreateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhookEndpoint,
    // Never sent twice: a retry after a lost answer would register a second endpoint.
    retry: false,
    onSuccess: (created) => putEndpoint(queryClient, created),
  });
}
