// GET /api/client-config: the public settings the web client needs at run time (checkout links or
// server-created checkouts, support address, Discord invite).
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
  /**
   * The server creates checkout sessions (POST /api/billing/checkout) because it holds a payment
   * provider key; the links above are then not used.
   */
  checkoutSessions: boolean;
};
