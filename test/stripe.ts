// Stripe at its HTTP boundary, for tests and benchmarks: webhook events built in the shapes Stripe
// documents (API version 2026-10-28, the SDK's), signed with the SDK's own test-header helper and
// delivered as raw bytes, the way Stripe sends them.
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

export const WEBHOOK_SECRET = 'whsec_test_reelforge_webhooks_0123456789';
const API_VERSION = '2026-10-28.endive';

let sequence = 0;
/** A Stripe-looking id: prefix plus random characters. */
export function stripeId(prefix: string): string {
  sequence += 1;
  return `${prefix}_test${sequence.toString(36)}${randomBytes(8).toString('hex')}`;
}

const unix = (date: Date) => Math.floor(date.getTime() / 1000);

export type StripeTestEvent = {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
};

export function event(type: string, object: Record<string, unknown>): StripeTestEvent {
  return {
    id: stripeId('evt'),
    object: 'event',
    api_version: API_VERSION,
    created: unix(new Date()),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: stripeId('req'), idempotency_key: null },
    type,
  };
}

/** A completed Checkout Session (Payment Links create these too). */
export function checkoutSession(options: {
  clientReferenceId?: string | null;
  mode?: 'payment' | 'subscription';
  amountCents: number;
  customer?: string | null;
  subscription?: string | null;
  paymentIntent?: string | null;
  email?: string;
  metadata?: Record<string, string>;
  paymentStatus?: 'paid' | 'unpaid' | 'no_payment_required';
}): Record<string, unknown> {
  const mode = options.mode ?? 'payment';
  return {
    id: stripeId('cs'),
    object: 'checkout.session',
    amount_subtotal: options.amountCents,
    amount_total: options.amountCents,
    client_reference_id: options.clientReferenceId ?? null,
    created: unix(new Date()),
    currency: 'usd',
    customer: options.customer === undefined ? stripeId('cus') : options.customer,
    customer_details: { email: options.email ?? 'payer@example.com', name: 'Pat Payer' },
    customer_email: null,
    livemode: false,
    metadata: options.metadata ?? {},
    mode,
    payment_intent:
      mode === 'payment'
        ? options.paymentIntent === undefined
          ? stripeId('pi')
          : options.paymentIntent
        : null,
    payment_link: stripeId('plink'),
    payment_status: options.paymentStatus ?? 'paid',
    status: 'complete',
    subscription:
      mode === 'subscription'
        ? options.subscription === undefined
          ? stripeId('sub')
          : options.subscription
        : null,
    success_url: 'http://localhost/?tab=purchase&checkout=success',
  };
}

function price(id: string, unitAmount: number) {
  return {
    id,
    object: 'price',
    active: true,
    currency: 'usd',
    recurring: { interval: 'month', interval_count: 1 },
    type: 'recurring',
    unit_amount: unitAmount,
  };
}

/** A subscription as `customer.subscription.*` events carry it (its period lives on the item). */
export function subscription(options: {
  id: string;
  customer: string;
  unitAmount: number;
  priceId?: string;
  status?: string;
  periodStart: Date;
  periodEnd: Date;
  cancelAtPeriodEnd?: boolean;
  cancelAt?: Date | null;
  endedAt?: Date | null;
}): Record<string, unknown> {
  return {
    id: options.id,
    object: 'subscription',
    billing_cycle_anchor: unix(options.periodStart),
    cancel_at: options.cancelAt ? unix(options.cancelAt) : null,
    cancel_at_period_end: options.cancelAtPeriodEnd ?? false,
    canceled_at: options.cancelAtPeriodEnd || options.cancelAt ? unix(new Date()) : null,
    created: unix(options.periodStart),
    currency: 'usd',
    customer: options.customer,
    ended_at: options.endedAt ? unix(options.endedAt) : null,
    items: {
      object: 'list',
      data: [
        {
          id: stripeId('si'),
          object: 'subscription_item',
          current_period_end: unix(options.periodEnd),
          current_period_start: unix(options.periodStart),
          price: price(options.priceId ?? stripeId('price'), options.unitAmount),
          quantity: 1,
        },
      ],
      has_more: false,
    },
    livemode: false,
    metadata: {},
    status: options.status ?? 'active',
  };
}

/** A paid subscription invoice (its subscription under parent.subscription_details). */
export function invoice(options: {
  subscription: string;
  customer: string;
  billingReason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  amountCents: number;
  periodStart: Date;
  periodEnd: Date;
  priceId?: string;
}): Record<string, unknown> {
  return {
    id: stripeId('in'),
    object: 'invoice',
    amount_due: options.amountCents,
    amount_paid: options.amountCents,
    amount_remaining: 0,
    billing_reason: options.billingReason,
    currency: 'usd',
    customer: options.customer,
    customer_email: 'payer@example.com',
    lines: {
      object: 'list',
      data: [
        {
          id: stripeId('il'),
          object: 'line_item',
          amount: options.amountCents,
          currency: 'usd',
          period: { start: unix(options.periodStart), end: unix(options.periodEnd) },
          pricing: {
            type: 'price_details',
            price_details: {
              price: options.priceId ?? stripeId('price'),
              product: stripeId('prod'),
            },
            unit_amount_decimal: String(options.amountCents),
          },
          quantity: 1,
        },
      ],
      has_more: false,
    },
    livemode: false,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { metadata: {}, subscription: options.subscription },
    },
    period_end: unix(options.periodStart),
    period_start: unix(options.periodStart),
    status: 'paid',
  };
}

/** A charge after a (full or partial) refund. */
export function refundedCharge(options: {
  paymentIntent: string;
  amountCents: number;
  refundedCents: number;
  customer?: string | null;
}): Record<string, unknown> {
  return {
    id: stripeId('ch'),
    object: 'charge',
    amount: options.amountCents,
    amount_captured: options.amountCents,
    amount_refunded: options.refundedCents,
    billing_details: { email: 'payer@example.com' },
    captured: true,
    currency: 'usd',
    customer: options.customer ?? null,
    paid: true,
    payment_intent: options.paymentIntent,
    refunded: options.refundedCents >= options.amountCents,
    status: 'succeeded',
  };
}

/** The Stripe-Signature header for `payload`, from the SDK's test helper. */
export function signature(
  payload: string,
  options: { secret?: string; timestamp?: number } = {},
): string {
  return Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    timestamp: options.timestamp,
  });
}

/** POSTs an event to the webhook exactly as Stripe does: the raw JSON and its signature. */
export async function deliver(
  baseUrl: string,
  stripeEvent: StripeTestEvent,
  options: { secret?: string; timestamp?: number; signatureHeader?: string | null } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const payload = JSON.stringify(stripeEvent, null, 2);
  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
  };
  const header =
    options.signatureHeader === undefined ? signature(payload, options) : options.signatureHeader;
  if (header !== null) headers['stripe-signature'] = header;
  const response = await fetch(new URL('/api/webhooks/stripe', baseUrl), {
    method: 'POST',
    headers,
    body: payload,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {} };
}
