// The queue job the webhooks feature handles: one attempt of one delivery.
import type { JobHandlers } from '../../queue/job-map';
import type { WebhookDeliverer } from './delivery';

export function webhookJobHandlers(
  deliverer: Pick<WebhookDeliverer, 'deliver'>,
): Pick<JobHandlers, 'deliver-webhook'> {
  return {
    'deliver-webhook': async (payload) => {
      await deliverer.deliver(payload.deliveryId);
    },
  };
}
