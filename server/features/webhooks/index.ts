// The webhooks feature's public face: what other features and the composition root may use. A
// feature imports another only through its index.ts (biome.json, docs/server.md); repositories
// never leave their feature.
export { WebhookDeliverer } from './delivery';
export { deliveryJobExpirySeconds, WebhookEvents } from './events';
export { webhookJobHandlers } from './jobs';
export { webhookRoutes } from './routes';
export { WebhooksService } from './service';
