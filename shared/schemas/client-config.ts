// GET /api/client-config: the public settings the web client needs at run time (checkout links or
// server-created checkouts, support address, Discord invite, the sign-in providers offered).
import { z } from 'zod';
import { type CreditPack, SCENE_SOURCES } from '../catalogue';

const CREDIT_PACK_IDS = [
  'starter',
  'creator',
  'power',
  'ultimate',
] as const satisfies readonly CreditPack['id'][];

export const paymentLinksSchema = z.object({
  pro: z
    .string()
    .nullable()
    .describe('Checkout link offered to Free members; null when not configured.'),
  elite: z
    .string()
    .nullable()
    .describe('Checkout link offered to Pro members; null when not configured.'),
  packs: z.record(z.enum(CREDIT_PACK_IDS), z.string().nullable()),
});
export type PaymentLinks = z.infer<typeof paymentLinksSchema>;

/** The providers a member can sign in with besides email and password (docs/accounts.md). */
export const SOCIAL_PROVIDERS = ['google', 'github'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/**
 * Why a Google or GitHub sign-in ended back on the login page: `/login?error=<code>&provider=<id>`.
 * Codes, not words, so a link cannot put words of its own on our page; the page says each one.
 */
export const SOCIAL_SIGN_IN_ERRORS = [
  /** The provider has not verified the address: it neither joins nor opens an account. */
  'provider_email_unverified',
  /** The address belongs to a member who has not verified it yet: no link until they do. */
  'local_email_unverified',
  /** The provider shared no email address. */
  'no_email',
  /** The member turned the provider's consent down. */
  'cancelled',
  /** The attempt was too old, already used, or from another browser. */
  'expired',
  'failed',
] as const;
export type SocialSignInError = (typeof SOCIAL_SIGN_IN_ERRORS)[number];

export const clientConfigSchema = z.object({
  paymentLinks: paymentLinksSchema,
  publicUrl: z.string().describe('The address members use (referral links are built on it).'),
  supportEmail: z.string(),
  discordInviteUrl: z.string(),
  checkoutSessions: z
    .boolean()
    .describe(
      'The server creates checkout sessions (POST /api/billing/checkout) because it holds a payment provider key; the links above are then not used.',
    ),
  sceneSources: z
    .array(z.enum(SCENE_SOURCES))
    .describe('The scene sources this server offers (a plan may still limit them).'),
  defaultSceneSource: z
    .enum(SCENE_SOURCES)
    .describe('What a video is made from when the member picks nothing.'),
  socialProviders: z
    .array(z.enum(SOCIAL_PROVIDERS))
    .describe('The providers the login page offers ("Continue with Google"); empty: none.'),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
