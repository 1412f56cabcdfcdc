// Purchases and billing (spec/product.md "Purchase Credits", spec/api.md §7.9, §8.7, §9.1–9.2):
// what a member can buy, the server-side checkout and billing portal calls, the member's billing
// summary, and the payment events admins see when one could not be applied.
import { z } from 'zod';
import { CREDIT_PACKS, type CreditPack, type MemberLevel } from '../plans';

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
export const MEMBERSHIP_LEVELS: Record<MembershipProduct, Exclude<MemberLevel, 'Free'>> = {
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
export type RedirectResponse = { url: string };

/** GET /api/billing: what the Profile shows about the member's payments. */
export type BillingSummary = {
  /** The member has paid at least once (a pack or a membership). */
  hasPaid: boolean;
  /** A billing portal can be opened for the member (POST /api/billing/portal). */
  canManageBilling: boolean;
  /** The membership a subscription pays for, while one does. */
  subscription: {
    plan: Exclude<MemberLevel, 'Free'>;
    /** When the next payment renews it; null once a cancellation is scheduled. */
    renewsAt: string | null;
    /** When it ends (a cancellation at the end of the paid period); null while it renews. */
    endsAt: string | null;
  } | null;
};

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
export type PaymentEventSummary = {
  id: string;
  type: string;
  outcome: PaymentEventOutcome;
  /** Why it was not applied, or what it changed. */
  detail: string;
  userId: string | null;
  /** The payer's email as the payment provider has it, when the event carries one. */
  email: string | null;
  /** Amount in the currency's smallest unit (cents), when the event carries one. */
  amount: number | null;
  currency: string | null;
  receivedAt: string;
};
