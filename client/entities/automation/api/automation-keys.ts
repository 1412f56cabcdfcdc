// The automation cache keys: the member's API keys, their webhook endpoints and each endpoint's
// recent deliveries (under its endpoint, so refreshing the endpoints refreshes those too). An
// entity, not the feature's: a notification (an endpoint turned off) refreshes them too.
import { API_KEYS_URL } from '@shared/schemas/api-keys';
import { WEBHOOK_ENDPOINTS_URL } from '@shared/schemas/webhooks';

export const automationKeys = {
  /** GET /api/api-keys. */
  apiKeys: () => [API_KEYS_URL] as const,
  /** GET /api/webhook-endpoints. */
  webhookEndpoints: () => [WEBHOOK_ENDPOINTS_URL] as const,
  /** GET /api/webhook-endpoints/{id}/deliveries. */
  deliveries: (endpointId: string) =>
    [...automationKeys.webhookEndpoints(), endpointId, 'deliveries'] as const,
};
