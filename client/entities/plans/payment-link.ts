// Checkout links (spec/api.md §7.9): the configured link for a plan or a credit pack, carrying the
// member's id as client_reference_id so the payment webhook can credit the right account, and
// their email as prefilled_email (Stripe Payment Links fill the checkout's email field with it).
import type { CreditPack } from '@shared/catalogue';
import type { PaymentLinks } from '@shared/schemas/client-config';
import { nextTier, type Tier } from '@shared/tiers';

export type PaymentTarget = 'pro' | 'elite' | CreditPack['id'];

/**
 * Adds client_reference_id (and prefilled_email) when the member is known, keeping the link's own
 * parameters.
 */
export function withClientReference(
  link: string,
  userId: string | null | undefined,
  email?: string | null,
): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    // A mistyped deployment setting must not send the member to a broken page.
    return null;
  }
  if (userId) url.searchParams.set('client_reference_id', userId);
  if (userId && email) url.searchParams.set('prefilled_email', email);
  return url.toString();
}

/** The link for `target`, or null when the deployment has not configured one. */
export function paymentLink(
  links: PaymentLinks | null | undefined,
  target: PaymentTarget,
  userId: string | null | undefined,
  email?: string | null,
): string | null {
  if (!links) return null;
  const configured =
    target === 'pro' ? links.pro : target === 'elite' ? links.elite : links.packs[target];
  return configured ? withClientReference(configured, userId, email) : null;
}

/** The membership offered as an upgrade: Pro to Free members, Elite to Pro, none to Elite. */
export function upgradeTarget(level: Tier): 'pro' | 'elite' | null {
  const next = nextTier(level);
  if (next === 'Pro') return 'pro';
  if (next === 'Elite') return 'elite';
  return null;
}
