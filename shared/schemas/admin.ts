// Admin payloads.
import { z } from 'zod';
import { LIMITS } from '../limits';
import { TIERS } from '../tiers';

export const changePlanSchema = z.object({
  memberLevel: z.enum(TIERS, { error: 'memberLevel must be Free, Pro or Elite.' }),
  /** The plan lasts until this time, then returns to the plan the member had before. */
  until: z.iso
    .datetime({ offset: true, error: 'until must be an ISO 8601 date and time.' })
    .optional(),
  /**
   * Also cancel the member's Stripe subscription, whose next renewal would otherwise put the
   * paid plan back (needs STRIPE_SECRET_KEY).
   */
  cancelSubscription: z.boolean({ error: 'cancelSubscription must be true or false.' }).optional(),
});
export type ChangePlanInput = z.infer<typeof changePlanSchema>;

export const SELECT_USER_MESSAGE = 'Please select a user';
export const GRANT_AMOUNT_MESSAGE = 'Amount must be at least 1 credit';
export const GRANT_DESCRIPTION_REQUIRED_MESSAGE = 'Description is required';
export const GRANT_DESCRIPTION_TOO_LONG_MESSAGE = `Description must be ${LIMITS.grantDescriptionMax} characters or less`;
/** No single grant is larger: a slipped key should not mint a fortune. */
export const GRANT_AMOUNT_MAX = 100_000;

export const grantCreditsSchema = z.object({
  userId: z
    .string({ error: SELECT_USER_MESSAGE })
    .trim()
    .min(1, SELECT_USER_MESSAGE)
    .max(200, SELECT_USER_MESSAGE),
  amount: z
    .number({ error: GRANT_AMOUNT_MESSAGE })
    .min(1, GRANT_AMOUNT_MESSAGE)
    .int('Amount must be a whole number of credits')
    .max(
      GRANT_AMOUNT_MAX,
      `Amount must be at most ${GRANT_AMOUNT_MAX.toLocaleString('en-US')} credits`,
    ),
  description: z
    .string({ error: GRANT_DESCRIPTION_REQUIRED_MESSAGE })
    .trim()
    .min(1, GRANT_DESCRIPTION_REQUIRED_MESSAGE)
    .max(LIMITS.grantDescriptionMax, GRANT_DESCRIPTION_TOO_LONG_MESSAGE),
  /** The spec sends 'earn': a grant is credit a member earned. */
  transactionType: z.literal('earn', { error: "transactionType must be 'earn'." }).default('earn'),
});
export type GrantCreditsInput = z.input<typeof grantCreditsSchema>;
export type GrantCredits = z.output<typeof grantCreditsSchema>;

/** GET /api/users: the admin's member picker, searched and paged on the server. */
export const USERS_PAGE_MAX = 50;
export const USERS_PAGE_DEFAULT = 20;

export const usersQuerySchema = z.object({
  search: z.string().trim().max(200, 'search must be 200 characters or less.').optional(),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${USERS_PAGE_MAX}.` })
    .int(`limit must be a whole number from 1 to ${USERS_PAGE_MAX}.`)
    .min(1, `limit must be a whole number from 1 to ${USERS_PAGE_MAX}.`)
    .max(USERS_PAGE_MAX, `limit must be a whole number from 1 to ${USERS_PAGE_MAX}.`)
    .default(USERS_PAGE_DEFAULT),
  /** The last id of the page shown: the next page starts after it. */
  after: z.string().trim().min(1).max(200).optional(),
});

export const pickerUserSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  memberLevel: z.enum(TIERS),
  /** A Stripe subscription pays for the plan: its next renewal would undo a change by hand. */
  hasSubscription: z.boolean(),
});
export type PickerUser = z.infer<typeof pickerUserSchema>;

/** PATCH /api/admin/users/{id}/plan: the member's plan, with a temporary plan's end. */
export const memberPlanSchema = z.object({
  id: z.string(),
  email: z.string(),
  memberLevel: z.enum(TIERS),
  planExpiresAt: z.string().nullable(),
  planRevertsTo: z.enum(TIERS).nullable(),
});
export type MemberPlan = z.infer<typeof memberPlanSchema>;

/** POST /api/admin/grant-credits. */
export const grantResultSchema = z.object({
  userId: z.string(),
  amount: z.number().int(),
  description: z.string(),
  granted: z
    .boolean()
    .describe(
      'False when this Idempotency-Key had been granted already (a retried request): nothing added.',
    ),
});
export type GrantResult = z.infer<typeof grantResultSchema>;

export const EXPORT_KINDS = [
  'members',
  'earnings',
  'video-jobs',
  'video-requests',
  'stock-assets',
] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export function exportFileName(kind: ExportKind): string {
  return `${kind}-export.csv`;
}

/** GET /api/admin/alerts: what the operator must act on (a retired model, say), until dismissed. */
export const operatorAlertSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  occurrences: z.number().int().describe('How many times it happened while open.'),
  createdAt: z.string(),
  lastSeenAt: z.string(),
});
export type OperatorAlertView = z.infer<typeof operatorAlertSchema>;
