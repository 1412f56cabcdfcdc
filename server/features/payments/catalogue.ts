// Which product a payment bought, decided from the server's configuration and catalogue, never
// from anything the member's browser sent. A checkout: the product our own checkout session (or
// the operator, on a Payment Link) wrote into its metadata, else its amount before discounts and
// taxes matched against the catalogue's prices (spec/api.md §9.1–9.2). A subscription item: its
// configured price id (STRIPE_PRICE_*), else its amount.
import { CREDIT_PACKS } from '../../../shared/catalogue';
import {
  type CheckoutProduct,
  isCheckoutProduct,
  isMembershipProduct,
  MEMBERSHIP_LEVELS,
  type MembershipProduct,
} from '../../../shared/schemas/billing';
import { TIER_DISPLAY } from '../../../shared/tiers';
import type { StripeSettings } from '../../config';
import type { CheckoutSession } from './stripe-objects';

/** The metadata keys our checkout sessions carry (operators may set the first on Payment Links). */
export const PRODUCT_METADATA_KEY = 'reelforge_product';
export const USER_METADATA_KEY = 'reelforge_user_id';
/** Other names an operator may give the product on a Payment Link's metadata. */
const PRODUCT_METADATA_ALIASES = ['product', 'pack', 'pack_id', 'packId', 'plan'];

const CURRENCY = 'usd';

/** Catalogue prices in cents, per product. */
export const PRODUCT_PRICE_CENTS: Record<CheckoutProduct, number> = {
  pro: TIER_DISPLAY.Pro.priceCents,
  elite: TIER_DISPLAY.Elite.priceCents,
  ...(Object.fromEntries(CREDIT_PACKS.map((pack) => [pack.id, pack.priceCents])) as Record<
    (typeof CREDIT_PACKS)[number]['id'],
    number
  >),
};

export function formatMoney(cents: number, currency: string | null | undefined): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: (currency ?? CURRENCY).toUpperCase(),
  }).format(cents / 100);
}

export type ProductMatch = { product: CheckoutProduct } | { unknown: string };

/** The product a completed checkout bought, or why none of ours matches it. */
export function productOfCheckout(session: CheckoutSession): ProductMatch {
  const named = [PRODUCT_METADATA_KEY, ...PRODUCT_METADATA_ALIASES]
    .map((key) => session.metadata?.[key])
    .find((value) => value !== undefined && value !== '');
  const match = named !== undefined ? byName(named) : byAmount(session);
  if ('unknown' in match) return match;
  const subscription = isMembershipProduct(match.product);
  if (subscription !== (session.mode === 'subscription')) {
    return {
      unknown: `A ${session.mode} checkout cannot buy ${match.product}: memberships are subscriptions, packs one-time payments.`,
    };
  }
  return match;
}

function byName(named: string): ProductMatch {
  const product = named.trim().toLowerCase();
  return isCheckoutProduct(product)
    ? { product }
    : { unknown: `No product is called "${named}" (metadata ${PRODUCT_METADATA_KEY}).` };
}

function byAmount(session: CheckoutSession): ProductMatch {
  const cents = session.amount_subtotal ?? session.amount_total;
  if (cents === null || cents === undefined) {
    return { unknown: 'The checkout names no product and carries no amount.' };
  }
  if ((session.currency ?? CURRENCY).toLowerCase() !== CURRENCY) {
    return { unknown: `No product is sold in ${String(session.currency).toUpperCase()}.` };
  }
  const wanted = session.mode === 'subscription' ? isMembershipProduct : isPackProduct;
  const product = (Object.keys(PRODUCT_PRICE_CENTS) as CheckoutProduct[]).find(
    (candidate) => wanted(candidate) && PRODUCT_PRICE_CENTS[candidate] === cents,
  );
  return product
    ? { product }
    : {
        unknown: `No ${session.mode === 'subscription' ? 'membership' : 'pack'} costs ${formatMoney(cents, session.currency)}.`,
      };
}

function isPackProduct(product: CheckoutProduct): boolean {
  return !isMembershipProduct(product);
}

/** The membership a subscription item's price pays for: its configured id, else its amount. */
export function membershipOfPrice(
  price: { id: string; unit_amount?: number | null; currency?: string | null } | null | undefined,
  prices: StripeSettings['prices'],
): MembershipProduct | null {
  if (!price) return null;
  const memberships = Object.keys(MEMBERSHIP_LEVELS) as MembershipProduct[];
  const configured = memberships.find((product) => prices[product] === price.id);
  if (configured) return configured;
  if ((price.currency ?? '').toLowerCase() !== CURRENCY) return null;
  return memberships.find((product) => PRODUCT_PRICE_CENTS[product] === price.unit_amount) ?? null;
}
