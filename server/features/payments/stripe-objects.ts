// The few fields of Stripe's objects that payments act on, read with zod from a verified event's
// `data.object`. Stripe moved some of them between API versions (an invoice's subscription now
// lives under `parent.subscription_details`, a subscription's period on its items), so both places
// are read: a webhook endpoint pinned to an older version keeps working.
import { z } from 'zod';
import { addMonthsClamped } from '../credits';

/** An expandable reference: the id, or the object carrying it. */
const ref = z.union([z.string(), z.object({ id: z.string() }).transform((object) => object.id)]);
const metadata = z.record(z.string(), z.string()).nullish();
/** The last second of year 9999: later times fit neither a JavaScript Date nor our columns. */
const LAST_UNIX_SECOND = 253_402_300_799;
const unixSeconds = z.number().int().nonnegative().max(LAST_UNIX_SECOND);

export function fromUnix(seconds: number): Date {
  return new Date(seconds * 1000);
}

const NO_CREATED = 'it has no created time in Unix seconds';

/**
 * The envelope every Stripe event has, checked once its signature verified: a signed body of
 * another shape (`[]`, an event without an id or a time) is refused with its reason, not applied.
 */
export const stripeEventSchema = z.looseObject(
  {
    id: z.string({ error: 'it has no id' }).min(1, { error: 'its id is empty' }),
    type: z.string({ error: 'it has no type' }).min(1, { error: 'its type is empty' }),
    created: z
      .number({ error: NO_CREATED })
      .int({ error: NO_CREATED })
      .nonnegative({ error: NO_CREATED })
      .max(LAST_UNIX_SECOND, { error: NO_CREATED }),
    data: z.looseObject(
      { object: z.record(z.string(), z.unknown(), { error: 'its data.object is not an object' }) },
      { error: 'it has no data.object' },
    ),
  },
  { error: 'it is not a JSON object' },
);
export type StripeEvent = z.infer<typeof stripeEventSchema>;

export const checkoutSessionSchema = z.object({
  id: z.string(),
  /** payment or subscription (a one-time payment when absent). */
  mode: z.string().default('payment'),
  /**
   * paid, unpaid (a delayed payment method still clearing) or no_payment_required. Stripe always
   * sends it; `checkout.session.completed` without it is a paid checkout.
   */
  payment_status: z.string().default('paid'),
  client_reference_id: z.string().nullish(),
  customer: ref.nullish(),
  customer_email: z.string().nullish(),
  customer_details: z.object({ email: z.string().nullish() }).nullish(),
  subscription: ref.nullish(),
  payment_intent: ref.nullish(),
  /** Before discounts and taxes: what the catalogue price is matched against. */
  amount_subtotal: z.number().int().nullish(),
  amount_total: z.number().int().nullish(),
  currency: z.string().nullish(),
  metadata,
});
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

const priceSchema = z.object({
  id: z.string(),
  unit_amount: z.number().int().nullish(),
  currency: z.string().nullish(),
});

export const subscriptionSchema = z.object({
  id: z.string(),
  customer: ref,
  status: z.string(),
  cancel_at_period_end: z.boolean().default(false),
  cancel_at: unixSeconds.nullish(),
  ended_at: unixSeconds.nullish(),
  /** Older API versions keep the period on the subscription itself. */
  current_period_end: unixSeconds.nullish(),
  items: z
    .object({
      data: z.array(
        z.object({
          current_period_end: unixSeconds.nullish(),
          price: priceSchema.nullish(),
        }),
      ),
    })
    .default({ data: [] }),
  metadata,
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** When the subscription's paid period ends: on its first item now, on itself in older versions. */
export function periodEndOf(subscription: Subscription): Date | null {
  const seconds = subscription.items.data[0]?.current_period_end ?? subscription.current_period_end;
  return seconds ? fromUnix(seconds) : null;
}

export const invoiceSchema = z.object({
  id: z.string(),
  customer: ref.nullish(),
  customer_email: z.string().nullish(),
  /** subscription_create, subscription_cycle, subscription_update, manual… */
  billing_reason: z.string().nullish(),
  /** Older API versions. */
  subscription: ref.nullish(),
  parent: z.object({ subscription_details: z.object({ subscription: ref }).nullish() }).nullish(),
  amount_paid: z.number().int().nullish(),
  currency: z.string().nullish(),
  period_start: unixSeconds.nullish(),
  period_end: unixSeconds.nullish(),
  lines: z
    .object({
      data: z.array(
        z.object({
          period: z.object({ start: unixSeconds, end: unixSeconds }),
          /** Older API versions name the price on the line. */
          price: priceSchema.nullish(),
          pricing: z.object({ price_details: z.object({ price: ref }).nullish() }).nullish(),
          amount: z.number().int().nullish(),
        }),
      ),
    })
    .default({ data: [] }),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/**
 * The month an invoice pays for: its subscription line's period (the invoice's own period_start
 * and period_end are the previous period's, for usage), else the invoice's period when it has
 * one, else the month from `now`.
 */
export function paidPeriodOf(invoice: Invoice, now: Date): { start: Date; end: Date } {
  const line = invoice.lines.data.find(
    (candidate) => candidate.period.end > candidate.period.start,
  );
  if (line) return { start: fromUnix(line.period.start), end: fromUnix(line.period.end) };
  if (invoice.period_start && invoice.period_end && invoice.period_end > invoice.period_start) {
    return { start: fromUnix(invoice.period_start), end: fromUnix(invoice.period_end) };
  }
  return { start: now, end: addMonthsClamped(now, 1) };
}

export function subscriptionOfInvoice(invoice: Invoice): string | null {
  return invoice.parent?.subscription_details?.subscription ?? invoice.subscription ?? null;
}

export const chargeSchema = z.object({
  id: z.string(),
  amount: z.number().int().nonnegative(),
  amount_refunded: z.number().int().nonnegative(),
  currency: z.string().nullish(),
  customer: ref.nullish(),
  payment_intent: ref.nullish(),
  billing_details: z.object({ email: z.string().nullish() }).nullish(),
});
export type Charge = z.infer<typeof chargeSchema>;
