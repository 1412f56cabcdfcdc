// Personal API keys (docs/automation.md): what other software may do in a member's name. The
// Profile's form and the /api/api-keys routes share these schemas, scopes and words.
import { z } from 'zod';

export const API_KEYS_URL = '/api/api-keys';

/** Every scope a key may hold; each member route belongs to exactly one (or to none: browser only). */
export const API_KEY_SCOPES = [
  'videos:read',
  'videos:write',
  'publish',
  'jobs',
  'account:read',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'videos:read': 'Read videos, folders, voices, scene sources, storyboards and publications',
  'videos:write': 'Create, remix, organise, combine and delete videos; upload images and clips',
  publish: 'Publish videos to connected platforms',
  jobs: 'Read and manage Creator Engine jobs',
  'account:read': 'Read credits, plan and the credit history',
};

/** Keys start with this, so a leaked one is easy to recognise (secret scanners, logs). */
export const API_KEY_PREFIX = 'rf_';
/** How much of a key stays visible after it is shown once ("rf_" and 8 more characters). */
export const API_KEY_VISIBLE_LENGTH = API_KEY_PREFIX.length + 8;

export const API_KEY_LIMITS = {
  perMember: 10,
  nameMax: 60,
  monthlyCreditCapMax: 100_000,
} as const;

export const API_KEY_MESSAGES = {
  nameRequired: 'Please give the key a name.',
  nameTooLong: `A key's name can be at most ${API_KEY_LIMITS.nameMax} characters.`,
  scopesRequired: 'Please choose at least one scope.',
  scopeUnknown: 'Please choose scopes from the list.',
  cap: `The monthly credit cap must be a whole number from 1 to ${API_KEY_LIMITS.monthlyCreditCapMax.toLocaleString('en-US')}.`,
  tooMany: `You can have at most ${API_KEY_LIMITS.perMember} API keys. Revoke one you no longer use first.`,
  notFound: 'API key not found',
  invalid: 'This API key is not valid. It may have been revoked.',
  browserOnly: 'This call needs a signed-in browser session; API keys cannot make it.',
  capReached:
    'This API key has reached its monthly credit cap. Raise the cap in Profile → API keys, or wait for next month.',
} as const;

/** The 403 a key without the route's scope gets: it names the scope. */
export function missingScopeMessage(scope: ApiKeyScope): string {
  return `This API key needs the "${scope}" scope for this call.`;
}

const scope = z.enum(API_KEY_SCOPES, { error: API_KEY_MESSAGES.scopeUnknown });

/** POST /api/api-keys. */
export const createApiKeySchema = z.object({
  name: z
    .string({ error: API_KEY_MESSAGES.nameRequired })
    .trim()
    .min(1, API_KEY_MESSAGES.nameRequired)
    .max(API_KEY_LIMITS.nameMax, API_KEY_MESSAGES.nameTooLong),
  scopes: z
    .array(scope, { error: API_KEY_MESSAGES.scopesRequired })
    .min(1, API_KEY_MESSAGES.scopesRequired)
    .max(API_KEY_SCOPES.length, API_KEY_MESSAGES.scopeUnknown)
    .transform((scopes) => API_KEY_SCOPES.filter((known) => scopes.includes(known))),
  monthlyCreditCap: z
    .number({ error: API_KEY_MESSAGES.cap })
    .int(API_KEY_MESSAGES.cap)
    .min(1, API_KEY_MESSAGES.cap)
    .max(API_KEY_LIMITS.monthlyCreditCapMax, API_KEY_MESSAGES.cap)
    .nullish()
    .transform((cap) => cap ?? null),
});
export type CreateApiKey = z.input<typeof createApiKeySchema>;

/** A key as the list shows it: never the key itself, only its first characters. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters ("rf_1a2b3c4d"), to tell keys apart. */
  prefix: z.string(),
  scopes: z.array(scope),
  monthlyCreditCap: z.number().int().nullable(),
  /** Credits its calls spent this calendar month (UTC), refunds taken off; an Elite video counts 1. */
  creditsSpentThisMonth: z.number().int(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** POST /api/api-keys answers the key once, here. */
export const createdApiKeySchema = apiKeySchema.extend({
  key: z.string().describe('The whole key. Shown this once; only its hash is stored.'),
});
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
