// Where an upgrade or pack button takes the member (spec/api.md §7.9, §8.7): the server's checkout
// when it makes them, else the configured link carrying the member, else the demo alert. A visitor
// or an unknown pack always gets the demo alert: nothing is processed.

import type { SessionUser } from '@shared/schemas/auth';
import { type CheckoutProduct, isCheckoutProduct } from '@shared/schemas/billing';
import type { ClientConfig } from '@shared/schemas/client-config';
import { paymentLink } from './payment-link';

/** Who is buying: the checkout carries their id and email; their plan decides what is offered. */
export type PurchasingMember = Pick<SessionUser, 'id' | 'email' | 'memberLevel'>;

export type CheckoutRoute =
  | { kind: 'link'; href: string }
  | { kind: 'session'; product: CheckoutProduct }
  | { kind: 'demo' };

export function checkoutRoute(
  product: string,
  context: {
    config: ClientConfig | null | undefined;
    member: { id: string; email: string } | null | undefined;
  },
): CheckoutRoute {
  const { config, member } = context;
  if (!member || !isCheckoutProduct(product)) return { kind: 'demo' };
  if (config?.checkoutSessions) return { kind: 'session', product };
  const href = paymentLink(config?.paymentLinks, product, member.id, member.email);
  return href ? { kind: 'link', href } : { kind: 'demo' };
}
