// Checkout links (spec/api.md §7.9): the configured link for a plan or a credit pack, carrying the
// member's id as client_reference_id so the payment webhook can credit the right account.
import { type CreditPack, type MemberLevel, nextTier } from '@shared/plans';
import type { PaymentLinks } from '@shared/schemas/client-config';
import { useClientConfig } from './api/get-client-config';

export type PaymentTarget = 'pro' | 'elite' | CreditPack['id'];

/** Adds client_reference_id when the member is known, keeping the link's own parameters. */
export function withClientReference(
  link: string,
  userId: string | null | undefined,
): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    // A mistyped deployment setting must not send the member to a broken page.
    return null;
  }
  if (userId) url.searchParams.set('client_reference_id', userId);
  return url.toString();
}

/** The link for `target`, or null when the deployment has not configured one. */
export function paymentLink(
  links: PaymentLinks | null | undefined,
  target: PaymentTarget,
  userId: string | null | undefined,
): string | null {
  if (!links) return null;
  const configured =
    target === 'pro' ? links.pro : target === 'elite' ? links.elite : links.packs[target];
  return configured ? withClientReference(configured, userId) : null;
}

/** The membership offered as an upgrade: Pro to Free members, Elite to Pro, none to Elite. */
export function upgradeTarget(level: MemberLevel): 'pro' | 'elite' | null {
  const next = nextTier(level);
  if (next === 'Pro') return 'pro';
  if (next === 'Elite') return 'elite';
  return null;
}

/** The link for `target` from the client config; null while loading or when not configured. */
export function usePaymentLink(
  target: PaymentTarget | null,
  userId: string | null | undefined,
): string | null {
  const { data } = useClientConfig();
  return target ? paymentLink(data?.paymentLinks, target, userId) : null;
}
