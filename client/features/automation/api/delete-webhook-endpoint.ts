// DELETE /api/webhook-endpoints/{id}: nothing more is sent to the address, and its delivery log
// goes with it. One already gone (404) counts as deleted.
import { WEBHOOK_ENDPOINTS_URL } from '@shared/schemas/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';
import { dropEndpoint } from './webhook-endpoint-cache';

export async function deleteWebhookEndpoint(id: string): Promise<void> {
  try {
    await apiRequest<null>('DELETE', `${WEBHOOK_ENDPOINTS_URL}/${encodeURIComponent(id)}`);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
}

export function useDeleteWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhookEndpoint,
    onSuccess: (_answer, id) => dropEndpoint(queryClient, id),
  });
}
