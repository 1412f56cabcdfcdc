// GET /api/client-config: the public settings the web client needs at run time (payment links).
import type { CreditPack } from '../plans';

export type PaymentLinks = {
  /** Checkout link offered to Free members; null when not configured. */
  pro: string | null;
  /** Checkout link offered to Pro members; null when not configured. */
  elite: string | null;
  packs: Record<CreditPack['id'], string | null>;
};

export type ClientConfig = { paymentLinks: PaymentLinks };
