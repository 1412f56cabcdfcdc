// GET /api/client-config: the public settings the web client needs at run time (payment links,
// support address, Discord invite, billing portal).
import type { CreditPack } from '../plans';

export type PaymentLinks = {
  /** Checkout link offered to Free members; null when not configured. */
  pro: string | null;
  /** Checkout link offered to Pro members; null when not configured. */
  elite: string | null;
  packs: Record<CreditPack['id'], string | null>;
};

export type ClientConfig = {
  paymentLinks: PaymentLinks;
  /** The address members use (referral links are built on it). */
  publicUrl: string;
  supportEmail: string;
  discordInviteUrl: string;
  /** The customer portal for managing a subscription; null when not configured. */
  billingPortalUrl: string | null;
};
