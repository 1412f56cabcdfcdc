// Google and GitHub as better-auth providers (its genericOAuth plugin, so that every endpoint can be
// pointed at a stand-in), and the rules for who they let in: a provider only vouches for an address
// it has verified, and it never opens an account whose own address is still unverified.
import type { GenericOAuthConfig } from 'better-auth/plugins/generic-oauth';
import { SOCIAL_PROVIDERS, type SocialProvider } from '../../../shared/schemas/client-config';
import type { SocialSignInSettings } from '../../config';

/** The providers this server offers, in the order the login page shows them. */
export function offeredSocialProviders(settings: SocialSignInSettings): SocialProvider[] {
  return SOCIAL_PROVIDERS.filter((provider) => settings[provider] !== null);
}

/** Codes our checks below answer with; better-auth puts them in its error redirect. */
export const REFUSALS = {
  providerEmailUnverified: 'provider_email_unverified',
  localEmailUnverified: 'local_email_unverified',
} as const;

type Profile = Record<string, unknown>;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

/** "Ada King Lovelace" → Ada / King Lovelace: GitHub has one name field, we keep two. */
function splitName(name: string | undefined): { firstName?: string; lastName?: string } {
  if (!name) return {};
  const [first, ...rest] = name.split(/\s+/u);
  return { firstName: first, lastName: rest.join(' ') || undefined };
}

/** A name for better-auth's required `name`, as our sign-up makes one. */
function displayName(first: string | undefined, last: string | undefined, email: unknown): string {
  const joined = [first, last].filter(Boolean).join(' ');
  return joined || (typeof email === 'string' ? (email.split('@')[0] ?? email) : '');
}

function googleProvider(settings: NonNullable<SocialSignInSettings['google']>): GenericOAuthConfig {
  return {
    providerId: 'google',
    name: 'Google',
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    discoveryUrl: settings.discoveryUrl,
    // Who the member is comes from the id_token: never accept one that was not checked.
    requireIdTokenVerification: true,
    scopes: ['openid', 'email', 'profile'],
    prompt: 'select_account',
    mapProfileToUser: (profile: Profile) => {
      const firstName = text(profile.given_name);
      const lastName = text(profile.family_name);
      return {
        firstName,
        lastName,
        name: text(profile.name) ?? displayName(firstName, lastName, profile.email),
      };
    },
  };
}

type GitHubEmail = { email: string; primary: boolean; verified: boolean };

function githubProvider(settings: NonNullable<SocialSignInSettings['github']>): GenericOAuthConfig {
  const api = async (path: string, accessToken: string): Promise<unknown> => {
    const response = await fetch(`${settings.apiBaseUrl}${path}`, {
      headers: {
        accept: 'application/vnd.github+json',
        authorization: `Bearer ${accessToken}`,
        'user-agent': 'Reelforge',
        'x-github-api-version': '2022-11-28',
      },
      redirect: 'error',
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`GitHub ${path} answered ${response.status}`);
    return response.json();
  };
  return {
    providerId: 'github',
    name: 'GitHub',
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    authorizationUrl: settings.authUrl,
    tokenUrl: settings.tokenUrl,
    scopes: ['read:user', 'user:email'],
    // GitHub's account id, never its changeable login, is who the member is there.
    accountSubject: ({ profile }) => String(profile.id),
    // The profile's email may be private (null); /user/emails lists every address with `verified`.
    // A failure is "no user info": better-auth logs it and the member is told it did not work.
    getUserInfo: async (tokens) => {
      if (!tokens.accessToken) return null;
      const [user, emails] = await Promise.all([
        api('/user', tokens.accessToken) as Promise<Profile>,
        api('/user/emails', tokens.accessToken) as Promise<GitHubEmail[]>,
      ]).catch(() => [null, null] as const);
      if (!user || !Array.isArray(emails)) return null;
      const chosen =
        emails.find((entry) => entry.primary) ??
        emails.find((entry) => entry.email === user.email) ??
        emails[0];
      const email = chosen?.email ?? text(user.email);
      return {
        id: String(user.id),
        email,
        emailVerified: chosen?.email === email && chosen?.verified === true,
        name: text(user.name) ?? text(user.login),
        /** Only a name the member wrote becomes first and last name, never the login. */
        fullName: text(user.name),
        image: text(user.avatar_url),
        login: user.login,
      };
    },
    mapProfileToUser: (profile: Profile) => {
      const { firstName, lastName } = splitName(text(profile.fullName));
      return {
        firstName,
        lastName,
        name: text(profile.name) ?? displayName(firstName, lastName, profile.email),
      };
    },
  };
}

/** The genericOAuth entries for the configured providers (none: an empty list). */
export function socialProviderConfigs(settings: SocialSignInSettings): GenericOAuthConfig[] {
  return [
    ...(settings.google ? [googleProvider(settings.google)] : []),
    ...(settings.github ? [githubProvider(settings.github)] : []),
  ];
}

type ValidateData = {
  user: { id?: string; emailVerified?: boolean } & Record<string, unknown>;
  source: { method: string; action: string };
};
/** The part of better-auth's endpoint context the check reads. */
type MemberLookup = {
  context: {
    internalAdapter: { findUserById(id: string): Promise<{ emailVerified: boolean } | null> };
  };
};

/**
 * better-auth's `user.validateUserInfo`, for provider sign-ins only. A new member is created only
 * for an address the provider verified (so ours starts verified). An existing member is linked
 * only when their own address is verified too: otherwise whoever signed up with that address and a
 * password, without owning it, would share the account of the person who does. (better-auth has
 * already refused a link whose provider address is unverified: no trusted providers are set.)
 */
export async function admitSocialIdentity(
  data: ValidateData,
  context: MemberLookup,
): Promise<{ error: string; errorDescription?: string } | undefined> {
  if (data.source.method !== 'oauth') return undefined;
  if (data.source.action === 'create-user' && data.user.emailVerified !== true) {
    return { error: REFUSALS.providerEmailUnverified };
  }
  if (data.source.action === 'link-account') {
    const member = data.user.id
      ? await context.context.internalAdapter.findUserById(data.user.id)
      : null;
    if (!member?.emailVerified) return { error: REFUSALS.localEmailUnverified };
  }
  return undefined;
}
