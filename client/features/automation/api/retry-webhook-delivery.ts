// POST /api/webhook-endpoints/{id}/deliveries/{deliveryId}/retry: sends a failed delivery again,
// under the same webhook-id so the receiver can tell it is the same event.
import { WEBHOOK_ENDPOINTS_URL, type WebhookDelivery } from '@shared/schemas/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { automationKeys } from '@/entities/automation/api/automation-keys';
import { apiRequest } from '@/lib/api-client';

type DeliveryRef = { endpointId: string; deliveryId: string };

/** Answers 202 with the delivery, queued again. */
export function retryWebhookDelivery({
  endpointId,
  deliveryId,
}: DeliveryRef): Promise<WebhookDelivery> {
  return apiRequest<WebhookDelivery>(
    'POST',
    `${WEBHOOK_ENDPOINTS_URL}/${encodeURIComponent(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/retry`,
  );
}

export function useRetryWebhookDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryWebhookDelivery,
    onSuccess: (_answer, { endpointId }) =>
      queryClient.invalidateQueries({ queryKey: automationKeys.deliveries(endpointId) }),
  });
}
