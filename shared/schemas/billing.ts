// Purchases and billing (spec/product.md "Purchase Credits", spec/api.md §7.9, §8.7, §9.1–9.2):
// what a member can buy, the server-side checkout and billing portal calls, the member's billing
// summary, and the payment events admins see when one could not be applied.
import { z } from 'zod';
import { CREDIT_PACKS, type CreditPack } from '../catalogue';
import type { Tier } from '../tiers';

/** Everything a checkout can sell: the two memberships and the four credit packs. */
export const CHECKOUT_PRODUCTS = [
  'pro',
  'elite',
  'starter',
  'creator',
  'power',
  'ultimate',
] as const;
export type CheckoutProduct = (typeof CHECKOUT_PRODUCTS)[number];
export type MembershipProduct = Extract<CheckoutProduct, 'pro' | 'elite'>;

export function isCheckoutProduct(value: unknown): value is CheckoutProduct {
  return (CHECKOUT_PRODUCTS as readonly unknown[]).includes(value);
}

export function isMembershipProduct(product: CheckoutProduct): product is MembershipProduct {
  return product === 'pro' || product === 'elite';
}

/** The plan a membership product puts the member on. */
export const MEMBERSHIP_LEVELS: Record<MembershipProduct, Exclude<Tier, 'Free'>> = {
  pro: 'Pro',
  elite: 'Elite',
};

export function creditPack(product: string): CreditPack | undefined {
  return CREDIT_PACKS.find((pack) => pack.id === product);
}

/** spec/api.md §8.7: a purchase with no signed-in member, or for an unknown pack, is not processed. */
export const DEMO_CHECKOUT_TITLE = 'Demo Checkout';
export const DEMO_CHECKOUT_MESSAGE =
  'Payment processing would be integrated here. This is a demo page.';
export const UNKNOWN_PRODUCT_MESSAGE = 'Unknown pack. Please choose a membership or a credit pack.';

/** POST /api/billing/checkout: the server creates a Checkout Session (when it has a secret key). */
export const checkoutRequestSchema = z.object({
  product: z.enum(CHECKOUT_PRODUCTS, { error: UNKNOWN_PRODUCT_MESSAGE }),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

/** POST /api/billing/checkout and POST /api/billing/portal answer where to send the member. */
export const redirectResponseSchema = z.object({ url: z.string() });
export type RedirectResponse = z.infer<typeof redirectResponseSchema>;

/** GET /api/billing: what the Profile shows about the member's payments. */
export const billingSummarySchema = z.object({
  hasPaid: z.boolean().describe('The member has paid at least once (a pack or a membership).'),
  canManageBilling: z
    .boolean()
    .describe('A billing portal can be opened for the member (POST /api/billing/portal).'),
  subscription: z
    .object({
      plan: z.enum(['Pro', 'Elite']),
      renewsAt: z
        .string()
        .nullable()
        .describe('When the next payment renews it; null once a cancellation is scheduled.'),
      endsAt: z
        .string()
        .nullable()
        .describe(
          'When it ends (a cancellation at the end of the paid period); null while it renews.',
        ),
    })
    .nullable()
    .describe('The membership a subscription pays for, while one does.'),
});
export type BillingSummary = z.infer<typeof billingSummarySchema>;

/**
 * How the server handled a verified payment event: `applied` changed a member's plan or credits,
 * `ignored` needed nothing (an event type we do not act on, a renewal already counted), and
 * `unmatched` named a member or a product we do not know, so nothing was applied and an admin
 * should look at it.
 */
export const PAYMENT_EVENT_OUTCOMES = ['applied', 'ignored', 'unmatched'] as const;
export type PaymentEventOutcome = (typeof PAYMENT_EVENT_OUTCOMES)[number];

export const paymentEventsQuerySchema = z.object({
  outcome: z
    .enum(PAYMENT_EVENT_OUTCOMES, { error: 'outcome must be applied, ignored or unmatched.' })
    .default('unmatched'),
});

/** GET /api/admin/payment-events: one verified event as the admin list shows it. */
export const paymentEventSummarySchema = z.object({
  id: z.string(),
  type: z.string(),
  outcome: z.enum(PAYMENT_EVENT_OUTCOMES),
  detail: z.string().describe('Why it was not applied, or what it changed.'),
  userId: z.string().nullable(),
  email: z
    .string()
    .nullable()
    .describe("The payer's email as the payment provider has it, when the event carries one."),
  amount: z
    .number()
    .int()
    .nullable()
    .describe("Amount in the currency's smallest unit (cents), when the event carries one."),
  currency: z.string().nullable(),
  receivedAt: z.string(),
});
export type PaymentEventSummary = z.infer<typeof paymentEventSummarySchema>;

/** POST /api/webhooks/stripe: what became of a verified event. */
export const webhookReceiptSchema = z.object({
  received: z.literal(true),
  duplicate: z
    .boolean()
    .describe('The event had been received before: nothing was done this time.'),
  outcome: z.enum(PAYMENT_EVENT_OUTCOMES),
});
export type WebhookReceipt = z.infer<typeof webhookReceiptSchema>;
