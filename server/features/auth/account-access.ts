// Getting back in and proving who you are, by email: a password reset (one link per request, an
// hour, once, for the address it was sent to; the same answer for any address, so the form finds
// out nothing), the verification of a member's address (sent at sign-up, sent again on request),
// and a change of email, which takes effect only when the new address confirms it and is told to
// the old one. Recovery really recovers: a reset, a new password or "Sign out everywhere else"
// ends every pending change of email, and a confirmed change ends every reset link. A mail to an
// address nobody has verified carries no text a member typed. Passwords are hashed and sessions
// ended by better-auth; the links are ours, stored as hashes (account-tokens.ts).
import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { ACCOUNT_MESSAGES } from '../../../shared/schemas/auth';
import type { Clock } from '../../clock';
import type { RateLimits } from '../../config-limits';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import type { UserRow } from '../../db/schema/users';
import { inTransaction } from '../../db/transaction';
import {
  AppError,
  Conflict,
  EmailTaken,
  NotFound,
  RateLimited,
  ValidationFailed,
} from '../../errors';
import { rateLimitedError } from '../../http/rate-limit';
import type { RateLimitRepository } from '../../http/rate-limit-repository';
import type { Logger } from '../../logger';
import type { MailSealer, Outbox } from '../../mail/mailer';
import {
  confirmNewEmailMessage,
  emailChangeCancelledMessage,
  emailChangeNoticeMessage,
  emailMoveRefusedMessage,
  passwordResetMessage,
  verifyEmailMessage,
} from '../../mail/messages';
import type { JobQueue } from '../../queue/queue';
import type { MemberRecords } from '../members';
import type { NotificationsService } from '../notifications';
import type { ReferralsService } from '../referrals';
import type { AccountTokensRepository } from './account-tokens';
import type { Auth } from './better-auth';
import type { SignInThrottle } from './sign-in-throttle';

const HOUR_MS = 60 * 60 * 1000;
/** A reset link works for an hour (the bound); verification links for a day. */
export const RESET_LINK_MS = HOUR_MS;
export const VERIFY_LINK_MS = 24 * HOUR_MS;
/** The least time between two emails of one kind to one member: no inbox is flooded from here. */
export const RESEND_PAUSE_MS = 60 * 1000;

export class InvalidToken extends AppError {
  constructor(message: string) {
    super('INVALID_TOKEN', 400, message);
  }
}

export class WrongPassword extends AppError {
  constructor() {
    super('WRONG_PASSWORD', 400, ACCOUNT_MESSAGES.wrongPassword, { field: 'currentPassword' });
  }
}

export class EmailNotVerified extends AppError {
  constructor(action: string) {
    super('EMAIL_NOT_VERIFIED', 403, ACCOUNT_MESSAGES.emailNotVerified(action));
  }
}

/**
 * The name a mail greets its reader by: only at an address the member has verified. Anything else
 * could be anyone's inbox, and a first name is free text that would turn our mail into theirs.
 */
function greetingName(user: Pick<UserRow, 'firstName' | 'emailVerified'>): string | null {
  return user.emailVerified ? user.firstName : null;
}

/** A change of email waiting for its new address to confirm it. */
export type PendingEmailChange = { email: string; expiresAt: Date };

/** Refuses, in words, what only a member with a verified address may do. */
export function requireVerifiedEmail(user: Pick<UserRow, 'emailVerified'>, action: string): void {
  if (!user.emailVerified) throw new EmailNotVerified(action);
}

export class AccountAccessService {
  constructor(
    private readonly deps: {
      auth: Auth;
      db: Database;
      pool: pg.Pool;
      tokens: AccountTokensRepository;
      members: MemberRecords;
      /** A newly verified address may release a referral reward waiting on it. */
      referrals: Pick<ReferralsService, 'addressVerified'>;
      outbox: Pick<Outbox, 'queue'>;
      /** Reset requests are queued as jobs (sealed: the address is personal). */
      queue: Pick<JobQueue, 'send'>;
      sealer: MailSealer;
      throttle: SignInThrottle;
      counters: RateLimitRepository;
      rateLimits: RateLimits | null;
      notifications: NotificationsService;
      publicUrl: string;
      clock: Clock;
      log: Logger;
    },
  ) {}

  /**
   * The reset form: queues the look-up and the email as a job, whatever the address, and the
   * caller answers at once. A known and an unknown address take the same path, in the same time.
   */
  async queuePasswordReset(email: string): Promise<void> {
    await this.deps.queue.send('send-password-reset', {
      sealed: this.deps.sealer.encrypt(JSON.stringify({ email })),
    });
  }

  /** The `send-password-reset` job: opens the address and emails its member a link, if any. */
  async sendQueuedPasswordReset(payload: { sealed: string }): Promise<void> {
    const { email } = JSON.parse(this.deps.sealer.decrypt(payload.sealed)) as { email: string };
    await this.requestPasswordReset(email);
  }

  /**
   * Emails a reset link to the member with this address, if there is one; a member asking again
   * within a minute gets no second email. The link belongs to this address: after a change of
   * email it opens nothing.
   */
  async requestPasswordReset(email: string): Promise<void> {
    const user = await this.findByEmail(email);
    if (!user) return;
    if (await this.sentRecently(user.id, 'password_reset')) return;
    const token = await this.deps.tokens.mint(user.id, 'password_reset', RESET_LINK_MS, user.email);
    await this.deps.outbox.queue(
      passwordResetMessage(user.email, greetingName(user), this.link('/reset-password', token)),
    );
  }

  /**
   * Sets the new password from a reset link and ends every session of the member (their sockets
   * close with them) and every pending change of email; answers the member, who the route then
   * signs in (AuthService.signInAfterReset). The sign-in throttle is asked before anything
   * changes, so a refusal never comes after the password has changed. The link also proves the
   * address is theirs.
   */
  async confirmPasswordReset(token: string, password: string, ip: string): Promise<UserRow> {
    const invalid = () => new InvalidToken(ACCOUNT_MESSAGES.resetLinkInvalid);
    const link = await this.deps.tokens.peek(token, ['password_reset']);
    const owner = link && (await this.deps.members.findById(link.userId));
    // A link sent to an address the account no longer has is as dead as an expired one.
    if (!link || !owner || owner.deletedAt || (link.email && link.email !== owner.email)) {
      throw invalid();
    }
    await this.deps.throttle.beforeAttempt(ip, owner.email);
    const context = await this.deps.auth.$context;
    const hash = await context.password.hash(password);
    const taken = await inTransaction(this.deps.pool, async (tx) => {
      const row = await this.deps.tokens.take(tx.db, token, ['password_reset']);
      if (!row) return null;
      await this.deps.tokens.retire(tx.db, row.userId, ['change_email']);
      await tx.db
        .update(users)
        .set({ emailVerified: true, updatedAt: sql`now()` })
        .where(eq(users.id, row.userId));
      await this.deps.referrals.addressVerified(row.userId, tx);
      return row;
    });
    if (!taken) throw invalid();
    const accounts = await context.internalAdapter.findAccounts(taken.userId);
    if (accounts.some((account) => account.providerId === 'credential')) {
      await context.internalAdapter.updatePassword(taken.userId, hash);
    } else {
      // Signed up with Google or GitHub: the reset gives the account a password of its own.
      await context.internalAdapter.linkAccount({
        userId: taken.userId,
        providerId: 'credential',
        accountId: taken.userId,
        password: hash,
      });
    }
    await context.internalAdapter.deleteUserSessions(taken.userId);
    const user = await this.deps.members.findById(taken.userId);
    if (!user) throw invalid();
    this.deps.log.info(
      `member ${taken.userId} reset their password; every session and pending change of email ended`,
    );
    return user;
  }

  /** Emails a verification link to a new member (best effort: sign-up never waits on mail). */
  async sendVerification(user: Pick<UserRow, 'id' | 'email'>): Promise<void> {
    const token = await this.deps.tokens.mint(user.id, 'verify_email', VERIFY_LINK_MS, user.email);
    // The address is not verified yet: the message greets nobody by name.
    await this.deps.outbox.queue(
      verifyEmailMessage(user.email, null, this.link('/verify-email', token)),
    );
  }

  /** The banner's "Resend link": once a minute at most. */
  async resendVerification(user: UserRow): Promise<void> {
    if (user.emailVerified) {
      throw new Conflict('ALREADY_VERIFIED', ACCOUNT_MESSAGES.alreadyVerified);
    }
    const last = await this.deps.tokens.lastSentAt(user.id, 'verify_email');
    const waitMs = last ? last.getTime() + RESEND_PAUSE_MS - this.deps.clock.now().getTime() : 0;
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      throw new RateLimited(
        `We sent a link a moment ago. Please check your inbox, or ask again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
        seconds,
      );
    }
    await this.sendVerification(user);
  }

  /**
   * A verification link: the member's address is verified, or, for a change of email, the new
   * address becomes the member's (if nobody took it meanwhile) and every reset link sent to the
   * old one stops working. Answers what to tell the member.
   */
  async verify(token: string): Promise<string> {
    return inTransaction(this.deps.pool, async (tx) => {
      const row = await this.deps.tokens.take(tx.db, token, ['verify_email', 'change_email']);
      if (!row?.email) throw new InvalidToken(ACCOUNT_MESSAGES.verifyLinkInvalid);
      if (row.purpose === 'verify_email') {
        // A link for an address the member has since changed verifies nothing.
        const updated = await tx.db
          .update(users)
          .set({ emailVerified: true, updatedAt: sql`now()` })
          .where(sql`${users.id} = ${row.userId} and ${users.email} = ${row.email}`)
          .returning({ id: users.id });
        if (updated.length === 0) throw new InvalidToken(ACCOUNT_MESSAGES.verifyLinkInvalid);
        await this.deps.referrals.addressVerified(row.userId, tx);
        return ACCOUNT_MESSAGES.verified;
      }
      const [taken] = await tx.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, row.email));
      if (taken && taken.id !== row.userId) throw new EmailTaken();
      await tx.db
        .update(users)
        .set({ email: row.email, emailVerified: true, updatedAt: sql`now()` })
        .where(eq(users.id, row.userId));
      await this.deps.tokens.retire(tx.db, row.userId, ['password_reset', 'verify_email']);
      await this.deps.referrals.addressVerified(row.userId, tx);
      return ACCOUNT_MESSAGES.emailChanged;
    });
  }

  /**
   * A change of email, confirmed with the current password, limited per member (the route) and
   * per address asked for (here). The answer is the same whether or not the address is taken:
   * a free address gets a link (the change happens when it is clicked); a taken one's owner is
   * told someone tried, and nothing changes. Either way the current address is told and the
   * change shows as pending, so nothing here tells an address that has an account from one that
   * has none.
   */
  async requestEmailChange(user: UserRow, email: string, currentPassword: string): Promise<void> {
    if (email === user.email) throw new ValidationFailed(ACCOUNT_MESSAGES.sameEmail, 'email');
    await this.checkPassword(user.id, currentPassword);
    await this.countChangeTo(email);
    const token = await this.deps.tokens.mint(user.id, 'change_email', VERIFY_LINK_MS, email);
    const owner = await this.findByEmail(email);
    if (owner) {
      await this.deps.outbox.queue(emailMoveRefusedMessage(owner.email, greetingName(owner)));
    } else {
      await this.deps.outbox.queue(
        confirmNewEmailMessage(email, null, this.link('/verify-email', token)),
      );
    }
    // The new address is text the member typed: only a verified inbox is shown it.
    await this.deps.outbox.queue(
      emailChangeNoticeMessage(user.email, greetingName(user), user.emailVerified ? email : null),
    );
  }

  /** The change of email waiting for its new address, if any (Profile's Security card). */
  async pendingEmailChange(user: UserRow): Promise<PendingEmailChange | null> {
    const row = await this.deps.tokens.findPending(user.id, 'change_email');
    return row?.email ? { email: row.email, expiresAt: row.expiresAt } : null;
  }

  /**
   * The member calls off a pending change of email: its link stops working. The address it was
   * for is sent nothing; the member is told at their current address and by a notification.
   */
  async cancelEmailChange(user: UserRow): Promise<void> {
    const ended = await inTransaction(this.deps.pool, async (tx) => {
      const retired = await this.deps.tokens.retire(tx.db, user.id, ['change_email']);
      if (retired.length === 0) return false;
      await this.deps.notifications.notify(tx, user.id, {
        kind: 'email_change_cancelled',
        title: 'Email Change Cancelled',
        message: `Your email address stays ${user.email}. The confirmation link we sent no longer works.`,
      });
      return true;
    });
    if (!ended) throw new NotFound(ACCOUNT_MESSAGES.noPendingEmailChange);
    await this.deps.outbox.queue(emailChangeCancelledMessage(user.email, greetingName(user)));
  }

  /** The hourly clean-up of links and sign-in states nobody can use any more. */
  pruneExpiredLinks(): Promise<number> {
    return this.deps.tokens.pruneExpired();
  }

  /** Throws WrongPassword unless `password` is the member's (a member with none never matches). */
  async checkPassword(userId: string, password: string): Promise<void> {
    const context = await this.deps.auth.$context;
    const accounts = await context.internalAdapter.findAccounts(userId);
    const hash = accounts.find((account) => account.providerId === 'credential')?.password;
    if (!hash || !(await context.password.verify({ hash, password }))) throw new WrongPassword();
  }

  /** RATE_LIMITS' emailChangeAddress: how often any members may ask to move onto one address. */
  private async countChangeTo(email: string): Promise<void> {
    const rule = this.deps.rateLimits?.emailChangeAddress;
    if (!rule) return;
    const now = this.deps.clock.now();
    const windowMs = rule.windowSeconds * 1000;
    const key = `email-change:address:${email}`;
    if (await this.deps.counters.hitBelow(key, rule.max, windowMs, now)) return;
    const row = await this.deps.counters.peek(key, windowMs, now);
    const untilMs = (row?.windowStartedAt.getTime() ?? now.getTime()) + windowMs;
    throw rateLimitedError(
      'emailChangeAddress',
      Math.max(1, Math.ceil((untilMs - now.getTime()) / 1000)),
    );
  }

  private async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.deps.db
      .select()
      .from(users)
      .where(sql`${users.email} = ${email.toLowerCase()} and ${users.deletedAt} is null`);
    return row;
  }

  private async sentRecently(userId: string, purpose: 'password_reset'): Promise<boolean> {
    const last = await this.deps.tokens.lastSentAt(userId, purpose);
    return last !== null && this.deps.clock.now().getTime() - last.getTime() < RESEND_PAUSE_MS;
  }

  private link(path: string, token: string): string {
    return `${this.deps.publicUrl}${path}?token=${encodeURIComponent(token)}`;
  }
}
