// POST /api/webhook-endpoints/{id}/rotate-secret: a new signing secret, answered this once. For
// 24 hours deliveries carry the old secret's signature too, so the list is read again for the
// time that ends.
import { WEBHOOK_ENDPOINTS_URL } from '@shared/schemas/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { automationKeys } from '@/entities/automation/api/automation-keys';
import { apiRequest } from '@/lib/api-client';

export function rotateWebhookSecret(id: string): Promise<{ secret: string }> {
  return apiRequest<{ secret: string }>(
    'POST',
    `${WEBHOOK_ENDPOINTS_URL}/${encodeURIComponent(id)}/rotate-secret`,
  );
}

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateWebhookSecret,
    // Never sent twice: a second rotation would replace the secret the member was just shown.
    retry: false,
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: automationKeys.webhookEndpoints(),
        exact: true,
      }),
  });
}
