// The better-auth instance: email + password accounts, sessions stored in PostgreSQL and carried by
// an httpOnly, SameSite=Lax cookie (Secure when PUBLIC_URL is https). Our own routes call its API;
// its HTTP router is not exposed, so sign-in and sign-up only happen through the throttled routes
// and, for Google and GitHub, through the one callback route social-routes.ts mounts.
import { randomInt } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../shared/schemas/auth';
import type { SocialSignInSettings } from '../../config';
import type { Database } from '../../db/client';
import { accounts, sessions, users, verifications } from '../../db/schema';
import { admitSocialIdentity, socialProviderConfigs } from './social-providers';

const SESSION_DAYS = 30;
const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const REFERRAL_LENGTH = 8;

/** A short code members can share; no 0/O or 1/I so it reads aloud cleanly. */
export function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < REFERRAL_LENGTH; i++)
    code += REFERRAL_ALPHABET[randomInt(REFERRAL_ALPHABET.length)];
  return code;
}

type AuthLogger = {
  error: (message: string) => void;
  warn: (message: string) => void;
  info: (message: string) => void;
  debug: (message: string) => void;
};

export function createAuth(options: {
  db: Database;
  secret: string;
  publicUrl: string;
  log: AuthLogger;
  /** Google and GitHub sign-in (social-providers.ts); unset or all null: email and password only. */
  social?: SocialSignInSettings;
}) {
  const secure = options.publicUrl.startsWith('https://');
  const socialProviders = options.social ? socialProviderConfigs(options.social) : [];
  return betterAuth({
    appName: 'Reelforge',
    baseURL: options.publicUrl,
    basePath: '/api/identity',
    secret: options.secret,
    trustedOrigins: [new URL(options.publicUrl).origin],
    database: drizzleAdapter(options.db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      autoSignIn: true,
    },
    user: {
      additionalFields: {
        firstName: { type: 'string', required: false },
        lastName: { type: 'string', required: false },
        memberLevel: { type: 'string', required: false, input: false, defaultValue: 'Free' },
        referralCode: { type: 'string', required: false, input: false },
      },
      // Who a provider may sign in or create (social-providers.ts); nothing else is checked.
      ...(socialProviders.length > 0 && { validateUserInfo: admitSocialIdentity }),
    },
    // Only the provider callbacks are mounted (social-routes.ts). A provider's address links to
    // the member who has it only when both sides verified it: no provider is trusted without its
    // `email_verified`, and admitSocialIdentity checks the member's own (instead of better-auth,
    // so the refusal can say which side is missing).
    account: {
      accountLinking: { enabled: true, requireLocalEmailVerified: false },
      encryptOAuthTokens: true,
    },
    plugins: [genericOAuth({ config: socialProviders })],
    session: {
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({ data: { ...user, referralCode: newReferralCode() } }),
        },
      },
    },
    advanced: {
      cookiePrefix: 'reelforge',
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure, path: '/' },
    },
    // Our sign-in route throttles per IP and per email in PostgreSQL, shared by every API node.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    logger: {
      level: 'warn',
      log: (level, message) => options.log[level](message),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
