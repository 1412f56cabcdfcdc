// Signing in with Google or GitHub. The start asks better-auth for the provider's address (it keeps
// the state and the PKCE verifier) and holds the referral code in a short-lived cookie; the return
// goes through better-auth's callback, which signs the member in, links or creates the account
// (social-providers.ts says who may), and then we record the referral of a member it created, let
// a provider-verified address release any referral reward waiting on it, and turn a refusal into
// a code the login page says in words.
import type { SocialProvider, SocialSignInError } from '../../../shared/schemas/client-config';
import { NotFound } from '../../errors';
import type { Logger } from '../../logger';
import type { ReferralsService } from '../referrals';
import type { Auth } from './better-auth';
import type { AuthService } from './service';
import { REFUSALS } from './social-providers';

/** better-auth serves each provider's return here (its basePath, then /callback/:id). */
export const SOCIAL_CALLBACK_PATH = '/api/identity/callback';
/** Carries `ref` from the start to the return, and only to the return. */
export const SOCIAL_REF_COOKIE = 'reelforge.social_ref';
/** As long as better-auth keeps the attempt's state. */
const REF_COOKIE_SECONDS = 10 * 60;
/** Added to the new-member address better-auth redirects to, so we know the account is new. */
const NEW_MEMBER_MARK = 'social_signup';
const REFERRAL_CODE = /^[A-Za-z0-9]{1,32}$/u;

export type SocialRedirect = { location: string; setCookies: string[] };

/** better-auth's callback errors (and our own refusals) → what the login page says. */
const ERROR_CODES: Record<string, SocialSignInError> = {
  // An existing member's address, unverified at the provider: better-auth does not link it.
  account_not_linked: 'provider_email_unverified',
  [REFUSALS.providerEmailUnverified]: 'provider_email_unverified',
  [REFUSALS.localEmailUnverified]: 'local_email_unverified',
  email_not_found: 'no_email',
  access_denied: 'cancelled',
  state_not_found: 'expired',
  state_mismatch: 'expired',
  state_invalid: 'expired',
  state_security_mismatch: 'expired',
  please_restart_the_process: 'expired',
};

/** A backslash (read as a slash by some browsers) or a control character. */
function isUnsafeInPath(char: string): boolean {
  const code = char.charCodeAt(0);
  return char === '\\' || code < 0x20 || code === 0x7f;
}

/**
 * Where in the app to land afterwards: a path on this site, or the app's home. Anything else (another
 * site, `//host`, a backslash that some browsers read as a slash) is dropped, not followed.
 */
export function appPathAfterSignIn(redirect: string | undefined): string {
  if (!redirect || redirect.length > 1000 || !redirect.startsWith('/')) return '/';
  if (redirect.startsWith('//') || [...redirect].some(isUnsafeInPath)) return '/';
  const base = 'http://app.invalid';
  const url = new URL(redirect, base);
  return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : '/';
}

function cookieValue(headers: Headers, name: string): string | undefined {
  for (const pair of (headers.get('cookie') ?? '').split(';')) {
    const index = pair.indexOf('=');
    if (index > 0 && pair.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(pair.slice(index + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** The `name=value` pairs a browser would send back after these Set-Cookie headers. */
function cookiesSet(setCookies: string[]): string {
  return setCookies
    .map((cookie) => cookie.split(';')[0]?.trim() ?? '')
    .filter((pair) => pair.includes('=') && !pair.endsWith('='))
    .join('; ');
}

export class SocialSignIn {
  private readonly secure: boolean;

  constructor(
    private readonly deps: {
      auth: Auth;
      accounts: Pick<AuthService, 'recordReferral' | 'resolveSession'>;
      referrals: Pick<ReferralsService, 'addressVerified'>;
      providers: SocialProvider[];
      publicUrl: string;
      log: Pick<Logger, 'warn' | 'error'>;
    },
  ) {
    this.secure = deps.publicUrl.startsWith('https://');
  }

  offered(): SocialProvider[] {
    return [...this.deps.providers];
  }

  private provider(name: string): SocialProvider {
    const provider = this.deps.providers.find((offered) => offered === name);
    if (!provider) throw new NotFound('Signing in with this provider is not offered here.');
    return provider;
  }

  /** The provider's consent page for this browser, and the cookies that tie the return to it. */
  async start(
    name: string,
    input: { ref?: string; redirect?: string },
    headers: Headers,
  ): Promise<SocialRedirect> {
    const provider = this.provider(name);
    const ref = input.ref?.trim();
    const refCookie =
      ref && REFERRAL_CODE.test(ref)
        ? this.refCookie(encodeURIComponent(ref), REF_COOKIE_SECONDS)
        : this.refCookie('', 0);
    const after = appPathAfterSignIn(input.redirect);
    const newMember = new URL(after, this.deps.publicUrl);
    newMember.searchParams.set(NEW_MEMBER_MARK, '1');
    try {
      const result = await this.deps.auth.api.signInSocial({
        body: {
          provider,
          callbackURL: after,
          newUserCallbackURL: `${newMember.pathname}${newMember.search}${newMember.hash}`,
          errorCallbackURL: '/login',
          disableRedirect: true,
        },
        headers,
        returnHeaders: true,
      });
      const url = 'url' in result.response ? result.response.url : undefined;
      if (!url) throw new Error('better-auth gave no authorization address');
      return { location: url, setCookies: [...result.headers.getSetCookie(), refCookie] };
    } catch (error) {
      // Its discovery document unreachable, say: the login page says so, the log says why.
      this.deps.log.error({ err: error, provider }, 'social sign-in could not start');
      return this.refused(provider, 'failed', ref && REFERRAL_CODE.test(ref) ? ref : undefined);
    }
  }

  /**
   * The provider's return, through better-auth's own callback (state, PKCE, the code exchange, the
   * id_token's signature, linking). `search` is the query the provider sent, as it came.
   */
  async finish(name: string, search: string, headers: Headers): Promise<SocialRedirect> {
    const provider = this.provider(name);
    const rawRef = cookieValue(headers, SOCIAL_REF_COOKIE);
    const ref = rawRef && REFERRAL_CODE.test(rawRef) ? rawRef : undefined;
    const clearRef = this.refCookie('', 0);
    let response: Response;
    try {
      response = await this.deps.auth.handler(
        new Request(`${this.deps.publicUrl}${SOCIAL_CALLBACK_PATH}/${provider}${search}`, {
          method: 'GET',
          headers,
        }),
      );
    } catch (error) {
      this.deps.log.error({ err: error, provider }, 'social sign-in callback failed');
      return this.refused(provider, 'failed', ref, [clearRef]);
    }
    const setCookies = response.headers.getSetCookie();
    const location = response.headers.get('location');
    // Signed in exactly when better-auth started a session: the cookies it set name one.
    const { userId } = await this.deps.accounts.resolveSession(
      new Headers({ cookie: cookiesSet(setCookies) }),
    );
    if (!userId || !location) {
      return this.refused(provider, this.errorCode(provider, location), ref, [
        ...setCookies,
        clearRef,
      ]);
    }
    const landing = new URL(location, this.deps.publicUrl);
    const isNew = landing.searchParams.get(NEW_MEMBER_MARK) === '1';
    landing.searchParams.delete(NEW_MEMBER_MARK);
    if (isNew && ref) {
      // The member exists either way: a referral that cannot be saved is logged, not shown.
      await this.deps.accounts
        .recordReferral(userId, ref)
        .catch((error: unknown) =>
          this.deps.log.error({ err: error, userId }, 'social sign-up referral not recorded'),
        );
    }
    // A new member starts verified through the provider's claim, and better-auth marks an
    // existing member verified when the provider vouches for their address: a reward waiting on
    // that is paid now (addressVerified reads the stored flag, so an unverified member gets none).
    await this.deps.referrals
      .addressVerified(userId)
      .catch((error: unknown) =>
        this.deps.log.error({ err: error, userId }, 'referral reward not settled at sign-in'),
      );
    const path =
      landing.origin === new URL(this.deps.publicUrl).origin
        ? `${landing.pathname}${landing.search}${landing.hash}`
        : '/';
    return { location: path, setCookies: [...setCookies, clearRef] };
  }

  /** The error code better-auth put on its redirect, as one of ours. */
  private errorCode(provider: SocialProvider, location: string | null): SocialSignInError {
    let raw: string | null = null;
    try {
      raw = location ? new URL(location, this.deps.publicUrl).searchParams.get('error') : null;
    } catch {
      raw = null;
    }
    const code = raw ? ERROR_CODES[raw] : undefined;
    if (code) return code;
    this.deps.log.warn({ provider, error: raw }, 'social sign-in refused');
    return 'failed';
  }

  private refused(
    provider: SocialProvider,
    error: SocialSignInError,
    ref: string | undefined,
    setCookies: string[] = [],
  ): SocialRedirect {
    const query = new URLSearchParams({ error, provider });
    if (ref) query.set('ref', ref);
    return { location: `/login?${query.toString()}`, setCookies };
  }

  private refCookie(value: string, maxAge: number): string {
    return [
      `${SOCIAL_REF_COOKIE}=${value}`,
      `Path=${SOCIAL_CALLBACK_PATH}`,
      `Max-Age=${maxAge}`,
      'HttpOnly',
      'SameSite=Lax',
      ...(this.secure ? ['Secure'] : []),
    ].join('; ');
  }
}
