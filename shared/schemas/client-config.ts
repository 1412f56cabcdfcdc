// GET /api/client-config: the public settings the web client needs at run time (checkout links or
// server-created checkouts, support address, Discord invite).
import { z } from 'zod';
import { type CreditPack, SCENE_SOURCES } from '../plans';

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
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
