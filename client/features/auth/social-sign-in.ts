// "Continue with Google / GitHub": the start address a button links to (carrying the referral code
// and where to land), and the words for a sign-in the server sent back to /login?error=<code>.
import {
  SOCIAL_SIGN_IN_ERRORS,
  type SocialProvider,
  type SocialSignInError,
} from '@shared/schemas/client-config';
import { appAddressAfterLogin } from '@/lib/app-tabs';
import { referralCodeFrom } from '@/lib/login-links';

export const SOCIAL_PROVIDER_NAMES: Record<SocialProvider, string> = {
  google: 'Google',
  github: 'GitHub',
};

/** The server's start route for a provider, with the login address's referral code and target. */
export function socialSignInHref(provider: SocialProvider, search: string): string {
  const params = new URLSearchParams();
  const ref = referralCodeFrom(search);
  if (ref) params.set('ref', ref);
  const after = appAddressAfterLogin(search);
  if (after !== '/') params.set('redirect', after);
  const query = params.toString();
  return `/api/auth/social/${provider}${query ? `?${query}` : ''}`;
}

const MESSAGES: Record<SocialSignInError, (name: string) => string> = {
  provider_email_unverified: (name) =>
    `${name} has not verified this email address, so it can't be used to sign in. Please verify it with ${name}, or use your email and password.`,
  local_email_unverified: (name) =>
    `An account with this email already exists, but its address isn't verified yet. Please sign in with your password and verify your email first; then you can continue with ${name}.`,
  no_email: (name) =>
    `${name} didn't share an email address with Reelforge. Please allow access to your email, or use your email and a password.`,
  cancelled: (name) => `${name} sign-in was cancelled.`,
  expired: (name) => `That ${name} sign-in expired or was already used. Please try again.`,
  failed: (name) => `${name} sign-in didn't work. Please try again.`,
};

function isSocialSignInError(value: string | null): value is SocialSignInError {
  return (SOCIAL_SIGN_IN_ERRORS as readonly string[]).includes(value ?? '');
}

/**
 * What to tell a member the server sent back after a provider sign-in, or null. Only known codes
 * and providers are said: the address carries a code, never words a link could make up.
 */
export function socialSignInErrorFrom(search: string): string | null {
  const params = new URLSearchParams(search);
  const code = params.get('error');
  if (!isSocialSignInError(code)) return null;
  const provider = params.get('provider');
  if (provider !== 'google' && provider !== 'github') return null;
  return MESSAGES[code](SOCIAL_PROVIDER_NAMES[provider]);
}
