// /api/webhook-endpoints: a member's outbound webhooks (docs/automation.md): list, add (the
// signing secret answered once), change, delete, send a test event, rotate the secret, and each
// endpoint's delivery log with a failed delivery sent again. A browser session only.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createdWebhookEndpointSchema,
  createWebhookEndpointSchema,
  deletedWebhookEndpointSchema,
  updateWebhookEndpointSchema,
  WEBHOOK_ENDPOINTS_URL,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookSecretSchema,
} from '../../../shared/schemas/webhooks';
import type { SessionGuards } from '../../http/session';
import type { WebhooksService } from './service';

const endpointParams = z.object({ id: z.string().describe('The endpoint id (a uuid).') });
const deliveryParams = endpointParams.extend({
  deliveryId: z.string().describe('The delivery id (msg_…), its webhook-id header.'),
});

export function webhookRoutes(
  { webhooks }: { webhooks: WebhooksService },
  guards: SessionGuards,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', guards.requireUser);
    const member = (request: Parameters<SessionGuards['currentUser']>[0]) =>
      guards.currentUser(request).id;

    app.get(
      WEBHOOK_ENDPOINTS_URL,
      {
        schema: {
          description: "The member's webhook endpoints, oldest first. Never their secrets.",
          response: { 200: z.array(webhookEndpointSchema) },
        },
      },
      async (request) => webhooks.list(member(request)),
    );

    app.post(
      WEBHOOK_ENDPOINTS_URL,
      {
        schema: {
          description:
            'Adds an endpoint (at most 10). Its address must be public: loopback, private, ' +
            'link-local and cloud metadata addresses are refused. The answer holds the signing ' +
            'secret, this once.',
          body: createWebhookEndpointSchema,
          response: { 201: createdWebhookEndpointSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await webhooks.create(member(request), request.body)),
    );

    app.patch(
      `${WEBHOOK_ENDPOINTS_URL}/:id`,
      {
        schema: {
          description:
            'Changes its address, events or description; `enabled` turns it off or on again.',
          params: endpointParams,
          body: updateWebhookEndpointSchema,
          response: { 200: webhookEndpointSchema },
        },
      },
      async (request) => webhooks.update(member(request), request.params.id, request.body),
    );

    app.delete(
      `${WEBHOOK_ENDPOINTS_URL}/:id`,
      {
        schema: {
          description: 'Deletes the endpoint and its delivery log.',
          params: endpointParams,
          response: { 200: deletedWebhookEndpointSchema },
        },
      },
      async (request) => {
        await webhooks.remove(member(request), request.params.id);
        return { id: request.params.id, deleted: true as const };
      },
    );

    app.post(
      `${WEBHOOK_ENDPOINTS_URL}/:id/test`,
      {
        schema: {
          description: 'Sends a `webhook.test` event to the endpoint now; answers its delivery.',
          params: endpointParams,
          response: { 202: webhookDeliverySchema },
        },
      },
      async (request, reply) =>
        reply.status(202).send(await webhooks.sendTest(member(request), request.params.id)),
    );

    app.post(
      `${WEBHOOK_ENDPOINTS_URL}/:id/rotate-secret`,
      {
        schema: {
          description:
            'A new signing secret, answered this once. For 24 hours deliveries carry a ' +
            'signature with the old secret too.',
          params: endpointParams,
          response: { 200: webhookSecretSchema },
        },
      },
      async (request) => webhooks.rotateSecret(member(request), request.params.id),
    );

    app.get(
      `${WEBHOOK_ENDPOINTS_URL}/:id/deliveries`,
      {
        schema: {
          description: "The endpoint's latest 50 deliveries, newest first (kept 30 days).",
          params: endpointParams,
          response: { 200: z.array(webhookDeliverySchema) },
        },
      },
      async (request) => webhooks.deliveries(member(request), request.params.id),
    );

    app.post(
      `${WEBHOOK_ENDPOINTS_URL}/:id/deliveries/:deliveryId/retry`,
      {
        schema: {
          description: 'Sends a failed delivery again, under the same webhook-id.',
          params: deliveryParams,
          response: { 202: webhookDeliverySchema },
        },
      },
      async (request, reply) =>
        reply
          .status(202)
          .send(
            await webhooks.retry(member(request), request.params.id, request.params.deliveryId),
          ),
    );
  };
}
