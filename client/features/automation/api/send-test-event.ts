// POST /api/webhook-endpoints/{id}/test: queues a "webhook.test" event to the endpoint; it shows
// in the endpoint's recent deliveries once sent.
import { WEBHOOK_ENDPOINTS_URL, type WebhookDelivery } from '@shared/schemas/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { automationKeys } from '@/entities/automation/api/automation-keys';
import { apiRequest } from '@/lib/api-client';

/** Answers 202 with the queued delivery. */
export function sendTestEvent(id: string): Promise<WebhookDelivery> {
  return apiRequest<WebhookDelivery>(
    'POST',
    `${WEBHOOK_ENDPOINTS_URL}/${encodeURIComponent(id)}/test`,
  );
}

export function useSendTestEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestEvent,
    onSuccess: (_answer, id) =>
      queryClient.invalidateQueries({ queryKey: automationKeys.deliveries(id) }),
  });
}
