// Account rules on top of better-auth: sign-up with an optional referral, throttled sign-in,
// sign-out, and turning a request's session cookie into a member id.
import { APIError } from 'better-auth/api';
import type { z } from 'zod';
import type { signInSchema, signUpSchema } from '../../../shared/schemas/auth';
import type { UserRow } from '../../db/schema';
import { AppError, EmailTaken, InvalidCredentials, ValidationFailed } from '../../errors';
import type { MemberRecords, MembersService } from '../members';
import type { ReferralsService } from '../referrals';
import type { Auth } from './better-auth';
import type { SignInThrottle } from './sign-in-throttle';

type SignUp = z.output<typeof signUpSchema>;
type SignIn = z.output<typeof signInSchema>;
export type SignedIn = { user: UserRow; setCookies: string[] };

function betterAuthCode(error: unknown): string | undefined {
  if (!(error instanceof APIError)) return undefined;
  const body = error.body as { code?: string } | undefined;
  return body?.code;
}

export class AuthService {
  constructor(
    private readonly auth: Auth,
    private readonly members: MembersService,
    private readonly usersRepository: MemberRecords,
    private readonly throttle: SignInThrottle,
    private readonly referrals: Pick<ReferralsService, 'recordSignUp'>,
  ) {}

  async signUp(input: SignUp, headers: Headers): Promise<SignedIn> {
    const name =
      [input.firstName, input.lastName].filter(Boolean).join(' ') ||
      input.email.split('@')[0] ||
      input.email;
    let result: { headers: Headers; response: { user: { id: string } } };
    try {
      result = await this.auth.api.signUpEmail({
        body: {
          email: input.email,
          password: input.password,
          name,
          firstName: input.firstName,
          lastName: input.lastName,
        },
        headers,
        returnHeaders: true,
      });
    } catch (error) {
      const code = betterAuthCode(error);
      if (code?.startsWith('USER_ALREADY_EXISTS')) throw new EmailTaken();
      // Two sign-ups racing with one new email: better-auth's own check passed for both and the
      // loser's insert failed on the unique email. It is the same answer as a taken email.
      if (await this.usersRepository.emailExists(input.email)) throw new EmailTaken();
      if (
        code === 'PASSWORD_TOO_SHORT' ||
        code === 'PASSWORD_TOO_LONG' ||
        code === 'INVALID_EMAIL'
      ) {
        throw new ValidationFailed(
          (error as APIError).message,
          code === 'INVALID_EMAIL' ? 'email' : 'password',
        );
      }
      throw error;
    }
    const userId = result.response.user.id;
    await this.recordReferral(userId, input.ref);
    return { user: await this.loadUser(userId), setCookies: result.headers.getSetCookie() };
  }

  /**
   * Records who invited a new member (sign-up here, and a first Google or GitHub sign-in). An unknown
   * or own code is ignored: a stale link should never stop someone joining.
   */
  async recordReferral(userId: string, ref: string | undefined): Promise<void> {
    if (!ref) return;
    const referrerId = await this.usersRepository.findIdByReferralCode(ref.toUpperCase());
    if (referrerId && referrerId !== userId) await this.referrals.recordSignUp(userId, referrerId);
  }

  async signIn(input: SignIn, headers: Headers, ip: string): Promise<SignedIn> {
    await this.throttle.beforeAttempt(ip, input.email);
    return this.signInCounted(input, headers, ip);
  }

  /**
   * Signs in with the password a reset link has just set. The throttle was asked before the
   * password changed (AccountAccessService.confirmPasswordReset), so it is not asked again: a
   * refusal now would come after the change.
   */
  async signInAfterReset(input: SignIn, headers: Headers, ip: string): Promise<SignedIn> {
    return this.signInCounted(input, headers, ip);
  }

  /** Checks the password of an attempt the throttle has already counted. */
  private async signInCounted(input: SignIn, headers: Headers, ip: string): Promise<SignedIn> {
    let result: { headers: Headers; response: { user: { id: string } } };
    try {
      result = await this.auth.api.signInEmail({
        body: { email: input.email, password: input.password, rememberMe: true },
        headers,
        returnHeaders: true,
      });
    } catch (error) {
      const code = betterAuthCode(error);
      if (
        code === 'INVALID_EMAIL_OR_PASSWORD' ||
        code === 'INVALID_PASSWORD' ||
        code === 'INVALID_EMAIL'
      ) {
        await this.throttle.recordFailure(ip, input.email);
        throw new InvalidCredentials();
      }
      throw error;
    }
    await this.throttle.recordSuccess(ip, input.email);
    return {
      user: await this.loadUser(result.response.user.id),
      setCookies: result.headers.getSetCookie(),
    };
  }

  /** Ends the session in the database and returns the cookies that clear it in the browser. */
  async signOut(headers: Headers): Promise<string[]> {
    if (!(await this.auth.api.getSession({ headers }))) return [];
    const result = await this.auth.api.signOut({ headers, returnHeaders: true });
    return result.headers.getSetCookie();
  }

  /**
   * The member behind a request's session cookie. When better-auth extends a session it also sends
   * a fresh cookie; the caller forwards `setCookies` so the browser's expiry moves with it.
   */
  async resolveSession(
    headers: Headers,
  ): Promise<{ userId: string | null; sessionId: string | null; setCookies: string[] }> {
    const result = await this.auth.api.getSession({ headers, returnHeaders: true });
    return {
      userId: result.response?.user.id ?? null,
      sessionId: result.response?.session.id ?? null,
      setCookies: result.headers.getSetCookie(),
    };
  }

  /**
   * The session behind a socket's handshake cookie: its member, its id (so that its end finds the
   * socket) and when it expires. It is not extended: an open socket is not a visit.
   */
  async socketSession(
    headers: Headers,
  ): Promise<{ userId: string; sessionId: string; expiresAt: Date } | null> {
    const result = await this.auth.api.getSession({ headers, query: { disableRefresh: true } });
    if (!result) return null;
    return {
      userId: result.user.id,
      sessionId: result.session.id,
      expiresAt: new Date(result.session.expiresAt),
    };
  }

  private async loadUser(userId: string): Promise<UserRow> {
    const user = await this.members.findCurrent(userId);
    if (!user) throw new AppError('ACCOUNT_MISSING', 500, 'The new account could not be loaded.');
    return user;
  }
}
