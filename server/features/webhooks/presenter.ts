// Shapes endpoint and delivery rows into what /api/webhook-endpoints answers. Secrets never leave:
// an endpoint's is answered once, by the service, when it is made or rotated.
import type {
  WEBHOOK_DELIVERY_STATUSES,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEvent,
} from '../../../shared/schemas/webhooks';
import type { WebhookDeliveryRow, WebhookEndpointRow } from './repository';

export function presentEndpoint(row: WebhookEndpointRow, now: Date): WebhookEndpoint {
  const previousUntil = row.previousSecretExpiresAt;
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEvent[],
    description: row.description,
    enabled: row.disabledAt === null,
    disabledReason: (row.disabledReason as WebhookEndpoint['disabledReason']) ?? null,
    createdAt: row.createdAt.toISOString(),
    previousSecretExpiresAt:
      previousUntil && previousUntil > now ? previousUntil.toISOString() : null,
  };
}

export function presentDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    event: row.event,
    status: row.status as (typeof WEBHOOK_DELIVERY_STATUSES)[number],
    statusCode: row.statusCode,
    attempts: row.attempts,
    lastError: row.status === 'delivered' ? null : row.lastError,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
  };
}
