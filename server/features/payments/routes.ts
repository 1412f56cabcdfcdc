// POST /api/webhooks/stripe (public; the signature on the raw body is the authentication) and the
// member's billing calls: GET /api/billing, POST /api/billing/checkout, POST /api/billing/portal.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  billingSummarySchema,
  checkoutRequestSchema,
  redirectResponseSchema,
  webhookReceiptSchema,
} from '../../../shared/schemas/billing';
import type { Config } from '../../config';
import { AppError, Unavailable } from '../../errors';
import { rateLimitedBy } from '../../http/rate-limit';
import type { SessionGuards } from '../../http/session';
import type { BillingService } from './billing-service';
import type { PaymentsService } from './service';
import { EventUnreadable, SignatureRejected } from './stripe-gateway';

/** Stripe's events stay well under this; a larger body is not one of theirs. */
const WEBHOOK_BODY_LIMIT = 4 * 1024 * 1024;

export function paymentRoutes(
  deps: { payments: PaymentsService; billing: BillingService } & {
    config: Pick<Config, 'rateLimits' | 'stripe'>;
  },
  guards: SessionGuards,
): FastifyPluginAsyncZod {
  const { payments, billing, config } = deps;
  return async (app) => {
    // The signature covers the exact bytes Stripe sent, so this route alone reads its body raw.
    await app.register(async (webhook) => {
      webhook.removeAllContentTypeParsers();
      webhook.addContentTypeParser(
        '*',
        { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
        (_request, body, done) => done(null, body),
      );
      webhook.post(
        '/api/webhooks/stripe',
        {
          config: rateLimitedBy(config.rateLimits, 'webhook'),
          schema: {
            description:
              "Stripe's signed event (the raw body, checked against the Stripe-Signature header).",
            headers: z.looseObject({ 'stripe-signature': z.string().optional() }),
            response: { 200: webhookReceiptSchema },
          },
        },
        async (request) => {
          if (!config.stripe.webhookSecret) {
            // Stripe retries for three days: events are not lost while an operator sets the secret.
            throw new Unavailable(
              'WEBHOOK_NOT_CONFIGURED',
              'Stripe webhooks are not configured on this server (STRIPE_WEBHOOK_SECRET).',
            );
          }
          const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const signature = request.headers['stripe-signature'];
          try {
            return await payments.receive(
              rawBody,
              typeof signature === 'string' ? signature : undefined,
            );
          } catch (error) {
            if (error instanceof SignatureRejected) {
              throw new AppError('INVALID_SIGNATURE', 400, error.message);
            }
            // Not Stripe's doing (its events always have this shape): a 400 tells whoever signed
            // it what is wrong, where a 500 would have Stripe retry it for three days.
            if (error instanceof EventUnreadable) {
              throw new AppError('INVALID_EVENT', 400, error.message);
            }
            throw error;
          }
        },
      );
    });

    app.get(
      '/api/billing',
      { onRequest: guards.requireUser, schema: { response: { 200: billingSummarySchema } } },
      async (request) => billing.summary(guards.currentUser(request)),
    );
    app.post(
      '/api/billing/checkout',
      {
        onRequest: guards.requireUser,
        schema: { body: checkoutRequestSchema, response: { 200: redirectResponseSchema } },
      },
      async (request) => billing.checkout(guards.currentUser(request), request.body.product),
    );
    app.post(
      '/api/billing/portal',
      { onRequest: guards.requireUser, schema: { response: { 200: redirectResponseSchema } } },
      async (request) => billing.portal(guards.currentUser(request)),
    );
  };
}
