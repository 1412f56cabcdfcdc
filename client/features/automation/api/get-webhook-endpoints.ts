// GET /api/webhook-endpoints: the member's webhook endpoints, each with its events, whether it is
// on (and why not), and until when its previous signing secret still signs.
import { WEBHOOK_ENDPOINTS_URL, type WebhookEndpoint } from '@shared/schemas/webhooks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { automationKeys } from '@/entities/automation/api/automation-keys';
import { apiRequest } from '@/lib/api-client';

export function getWebhookEndpoints(): Promise<WebhookEndpoint[]> {
  return apiRequest<WebhookEndpoint[]>('GET', WEBHOOK_ENDPOINTS_URL);
}

export const webhookEndpointsQueryOptions = queryOptions({
  queryKey: automationKeys.webhookEndpoints(),
  queryFn: getWebhookEndpoints,
  // The server turns failing endpoints off on its own: read afresh on each visit.
  staleTime: 0,
});

export function useWebhookEndpoints() {
  return useQuery(webhookEndpointsQueryOptions);
}
