// PATCH /api/webhook-endpoints/{id}: changes the address, events or description, or turns the
// endpoint off or on again (on again also after the server turned it off). Answers the endpoint.
import {
  type UpdateWebhookEndpoint,
  WEBHOOK_ENDPOINTS_URL,
  type WebhookEndpoint,
} from '@shared/schemas/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { putEndpoint } from './webhook-endpoint-cache';

export function updateWebhookEndpoint({
  id,
  ...changes
}: UpdateWebhookEndpoint & { id: string }): Promise<WebhookEndpoint> {
  return apiRequest<WebhookEndpoint>(
    'PATCH',
    `${WEBHOOK_ENDPOINTS_URL}/${encodeURIComponent(id)}`,
    changes,
  );
}

export function useUpdateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebhookEndpoint,
    onSuccess: (updated) => putEndpoint(queryClient, updated),
  });
}
