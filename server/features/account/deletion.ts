// Deleting an account (docs/accounts.md "Deleting an account"): confirmed with the password, or
// with a fresh sign-in by a member who has none; then, best effort, the platforms are told to
// forget the grants and the Stripe subscription ends; the database part is one transaction
// (everything of the member's goes, the ledger and payment records stay without personal data);
// their media is deleted from storage after the commit, so no row ever points at deleted media.
import type pg from 'pg';
import {
  ACCOUNT_DELETION_MESSAGES,
  type AccountDeletionCheck,
  FRESH_SIGN_IN_MINUTES,
} from '../../../shared/schemas/account';
import { PLATFORMS, type Platform } from '../../../shared/schemas/publishing';
import type { Clock } from '../../clock';
import type { UserRow } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError, NotFound, ValidationFailed } from '../../errors';
import type { Logger } from '../../logger';
import type { Storage } from '../../storage/storage';
import { userMediaPrefix } from '../../storage/storage-keys';
import type { Auth, SignInThrottle } from '../auth';
import type { StripeGateway } from '../payments';
import type { ConnectionsService } from '../publishing';
import type { AccountRepository } from './repository';

const FRESH_SIGN_IN_MS = FRESH_SIGN_IN_MINUTES * 60_000;
/** Tries at deleting the member's media, and the pause before each further one. */
const MEDIA_RETRY_DELAYS_MS = [1_000, 5_000];

export class WrongPassword extends AppError {
  constructor() {
    super('WRONG_PASSWORD', 400, ACCOUNT_DELETION_MESSAGES.wrongPassword, { field: 'password' });
  }
}

/** A member without a password whose session is older than the fresh-sign-in window. */
export class SignInAgain extends AppError {
  constructor() {
    super('SIGN_IN_AGAIN', 403, ACCOUNT_DELETION_MESSAGES.signInAgain);
  }
}

export class AccountDeletionService {
  constructor(
    private readonly deps: {
      pool: pg.Pool;
      auth: Auth;
      repository: AccountRepository;
      storage: Storage;
      connections: Pick<ConnectionsService, 'disconnect'>;
      /** Null when no Stripe secret key is configured. */
      stripe: Pick<StripeGateway, 'cancelSubscription'> | null;
      throttle: SignInThrottle;
      clock: Clock;
      log: Logger;
      /** Pauses between tries at deleting media (tests shorten them). */
      mediaRetryDelaysMs?: readonly number[];
    },
  ) {}

  /** Set-Cookie values that sign the browser out: better-auth's session cookies, expired. */
  async signedOutCookies(): Promise<string[]> {
    const { authCookies } = await this.deps.auth.$context;
    return [authCookies.sessionToken, authCookies.sessionData, authCookies.dontRememberToken].map(
      (cookie) => expiredCookie(cookie.name, cookie.attributes),
    );
  }

  /** How the member confirms: with their password, or by having signed in just now. */
  async check(user: UserRow, sessionId: string): Promise<AccountDeletionCheck> {
    const hasPassword = (await this.deps.repository.passwordHash(user.id)) !== null;
    return {
      confirmWith: hasPassword ? 'password' : 'recent-sign-in',
      recentSignIn: await this.signedInRecently(user.id, sessionId),
    };
  }

  /**
   * Deletes the account, once confirmed; a refused confirmation changes nothing. The caller clears
   * the session cookie: every session of the member's is gone once this returns.
   */
  async delete(
    user: UserRow,
    sessionId: string,
    confirmation: { password?: string; ip: string },
  ): Promise<void> {
    const { repository, clock, log } = this.deps;
    await this.confirm(user, sessionId, confirmation);
    // Before the rows go, as these need them; if the transaction then fails, the member is still
    // a member, only disconnected and unsubscribed, and can try again.
    await this.revokeConnections(user);
    await this.endSubscription(user);
    const erased = await inTransaction(this.deps.pool, (tx) =>
      repository.erase(tx.db, user.id, clock.now()),
    );
    if (!erased) throw new NotFound(ACCOUNT_DELETION_MESSAGES.alreadyDeleted);
    log.info({ userId: user.id, ...erased }, 'account deleted');
    await this.deleteMedia(user.id);
  }

  private async confirm(
    user: UserRow,
    sessionId: string,
    { password, ip }: { password?: string; ip: string },
  ): Promise<void> {
    const hash = await this.deps.repository.passwordHash(user.id);
    if (hash === null) {
      if (!(await this.signedInRecently(user.id, sessionId))) throw new SignInAgain();
      return;
    }
    if (!password)
      throw new ValidationFailed(ACCOUNT_DELETION_MESSAGES.passwordRequired, 'password');
    // Guesses here count with sign-in's: a borrowed session cannot try passwords faster.
    const { throttle } = this.deps;
    await throttle.beforeAttempt(ip, user.email);
    const context = await this.deps.auth.$context;
    if (!(await context.password.verify({ hash, password }))) {
      await throttle.recordFailure(ip, user.email);
      throw new WrongPassword();
    }
    await throttle.recordSuccess(ip, user.email);
  }

  private async signedInRecently(userId: string, sessionId: string): Promise<boolean> {
    const startedAt = await this.deps.repository.sessionStartedAt(userId, sessionId);
    return (
      startedAt !== null &&
      this.deps.clock.now().getTime() - startedAt.getTime() <= FRESH_SIGN_IN_MS
    );
  }

  /** Each platform is asked to forget the grant; one that cannot be reached is logged. */
  private async revokeConnections(user: UserRow): Promise<void> {
    const platforms = await this.deps.repository.connectedPlatforms(user.id);
    for (const platform of PLATFORMS.filter((known) => platforms.includes(known))) {
      await this.deps.connections
        .disconnect(user, platform as Platform)
        .catch((error) =>
          this.deps.log.warn(
            { err: error, userId: user.id, platform },
            'could not disconnect a deleted account',
          ),
        );
    }
  }

  /** Ends the subscription at Stripe; a failure is logged for the operator, not fatal. */
  private async endSubscription(user: UserRow): Promise<void> {
    const subscriptionId = user.stripeSubscriptionId;
    if (!subscriptionId) return;
    const { stripe, log } = this.deps;
    if (!stripe) {
      log.error(
        { userId: user.id, subscriptionId },
        'a deleted account has a subscription and no Stripe key is set: cancel it in the Stripe Dashboard',
      );
      return;
    }
    await stripe
      .cancelSubscription(subscriptionId)
      .catch((error) =>
        log.error(
          { err: error, userId: user.id, subscriptionId },
          'could not cancel the subscription of a deleted account: cancel it in the Stripe Dashboard',
        ),
      );
  }

  /**
   * Everything stored for the member (their userMediaPrefix), tried again after a pause when the
   * store fails. A render still running for the member finds its video gone, and deletes its own
   * folder.
   */
  private async deleteMedia(userId: string): Promise<void> {
    const prefix = userMediaPrefix(userId);
    const delays = this.deps.mediaRetryDelaysMs ?? MEDIA_RETRY_DELAYS_MS;
    for (let attempt = 0; ; attempt++) {
      try {
        await this.deps.storage.deletePrefix(prefix);
        return;
      } catch (error) {
        const delay = delays[attempt];
        if (delay === undefined) {
          this.deps.log.error(
            { err: error, userId, prefix },
            'could not delete the media of a deleted account: delete this prefix by hand',
          );
          return;
        }
        this.deps.log.warn({ err: error, userId, prefix }, 'deleting media failed; trying again');
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }
}

/** A Set-Cookie value that removes the cookie, with the attributes it was set with. */
function expiredCookie(
  name: string,
  attributes: {
    path?: string;
    domain?: string;
    secure?: boolean;
    httpOnly?: boolean;
    sameSite?: unknown;
  },
): string {
  const parts = [`${name}=`, 'Max-Age=0', `Path=${attributes.path ?? '/'}`];
  if (attributes.domain) parts.push(`Domain=${attributes.domain}`);
  if (attributes.httpOnly) parts.push('HttpOnly');
  if (attributes.secure) parts.push('Secure');
  if (typeof attributes.sameSite === 'string') {
    const sameSite = attributes.sameSite.toLowerCase();
    parts.push(`SameSite=${sameSite.charAt(0).toUpperCase()}${sameSite.slice(1)}`);
  }
  return parts.join('; ');
}
