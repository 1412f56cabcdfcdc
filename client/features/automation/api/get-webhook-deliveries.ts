// GET /api/webhook-endpoints/{id}/deliveries: the endpoint's recent deliveries (the log keeps 30
// days), read while the member looks at them.
import { WEBHOOK_ENDPOINTS_URL, type WebhookDelivery } from '@shared/schemas/webhooks';
import { useQuery } from '@tanstack/react-query';
import { automationKeys } from '@/entities/automation/api/automation-keys';
import { apiRequest } from '@/lib/api-client';

/** While a delivery is still being tried, the list is read again this often. */
export const PENDING_DELIVERIES_REFRESH_MS = 5_000;

export function getWebhookDeliveries(endpointId: string): Promise<WebhookDelivery[]> {
  return apiRequest<WebhookDelivery[]>(
    'GET',
    `${WEBHOOK_ENDPOINTS_URL}/${encodeURIComponent(endpointId)}/deliveries`,
  );
}

export function useWebhookDeliveries(endpointId: string) {
  return useQuery({
    queryKey: automationKeys.deliveries(endpointId),
    queryFn: () => getWebhookDeliveries(endpointId),
    staleTime: 0,
    // A test event or a retry goes out from a queue a moment later: follow it until it settles.
    refetchInterval: (query) =>
      query.state.data?.some((delivery) => delivery.status === 'pending')
        ? PENDING_DELIVERIES_REFRESH_MS
        : false,
  });
}
