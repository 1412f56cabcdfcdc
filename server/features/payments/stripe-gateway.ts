// The one place that talks to Stripe: verifying webhook signatures (the SDK's constructEvent on the
// raw body), and, when the server holds a secret key, the calls it makes (checkout and billing
// portal sessions, cancelling a subscription a newer one replaced). STRIPE_API_BASE_URL points the
// SDK elsewhere (a proxy, or the stand-in server tests run).
import Stripe from 'stripe';
import type { StripeSettings } from '../../config';
import { type StripeEvent, stripeEventSchema } from './stripe-objects';

export type CheckoutSessionParams = Stripe.Checkout.SessionCreateParams;

/** A webhook whose signature does not verify (forged, missing, or outside the tolerance). */
export class SignatureRejected extends Error {
  override name = 'SignatureRejected';
}

/** Signed bytes that are not a Stripe event: nothing can be stored under an id, or applied. */
export class EventUnreadable extends Error {
  override name = 'EventUnreadable';
}

/**
 * Checks the Stripe-Signature header against the raw body and answers the event it signs, once
 * its envelope (id, type, created, data.object) reads as one.
 */
export function verifyWebhook(
  settings: Pick<StripeSettings, 'webhookSecret' | 'webhookToleranceSeconds'>,
  rawBody: Buffer,
  signature: string | undefined,
): StripeEvent {
  if (!settings.webhookSecret) throw new SignatureRejected('Webhooks are not configured.');
  if (!signature) throw new SignatureRejected('Missing Stripe-Signature header.');
  let body: unknown;
  try {
    body = Stripe.webhooks.constructEvent(
      rawBody,
      signature,
      settings.webhookSecret,
      settings.webhookToleranceSeconds,
    );
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      throw new SignatureRejected(`Webhook signature verification failed: ${error.message}`);
    }
    // The signature verified; the SDK then failed to read the bytes (not JSON, or an event
    // notification of Stripe's v2 kind, which this endpoint is not set up for).
    throw new EventUnreadable(
      unreadable(error instanceof SyntaxError ? 'it is not JSON' : (error as Error).message),
    );
  }
  const parsed = stripeEventSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const reasons = [...new Set(parsed.error.issues.map((issue) => issue.message))];
  throw new EventUnreadable(unreadable(reasons.join(', ')));
}

function unreadable(reason: string): string {
  return `The webhook is signed but is not a Stripe event: ${reason}.`;
}

export class StripeGateway {
  private readonly stripe: Stripe;

  constructor(secretKey: string, apiBaseUrl: string | null) {
    const base = apiBaseUrl ? new URL(apiBaseUrl) : null;
    this.stripe = new Stripe(secretKey, {
      maxNetworkRetries: 2,
      timeout: 15_000,
      telemetry: false,
      appInfo: { name: 'Reelforge' },
      ...(base && {
        host: base.hostname,
        port: base.port || (base.protocol === 'https:' ? 443 : 80),
        protocol: base.protocol === 'https:' ? 'https' : 'http',
      }),
    });
  }

  async createCheckoutSession(params: CheckoutSessionParams): Promise<{ id: string; url: string }> {
    const session = await this.stripe.checkout.sessions.create(params);
    if (!session.url) throw new Error(`checkout session ${session.id} came back without a url`);
    return { id: session.id, url: session.url };
  }

  async createPortalSession(customerId: string, returnUrl: string): Promise<{ url: string }> {
    const session = await this.stripe.billingPortal.sessions.create({
      customer: customerId,
      return_url: returnUrl,
    });
    return { url: session.url };
  }

  /** Ends a subscription at once, crediting its unused time to the customer's balance. */
  async cancelSubscription(subscriptionId: string): Promise<void> {
    await this.stripe.subscriptions.cancel(subscriptionId, { prorate: true });
  }
}
