// Getting back in and proving who you are, by email: a password reset (one link per request, an
// hour, once; the same answer for any address, so the form finds out nothing), the verification of
// a member's address (sent at sign-up, sent again on request), and a change of email, which takes
// effect only when the new address confirms it and is told to the old one. Passwords are hashed and
// sessions ended by better-auth; the links are ours, stored as hashes (account-tokens.ts).
import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { ACCOUNT_MESSAGES } from '../../../shared/schemas/auth';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import type { UserRow } from '../../db/schema/users';
import { inTransaction } from '../../db/transaction';
import { AppError, Conflict, EmailTaken, RateLimited, ValidationFailed } from '../../errors';
import type { Logger } from '../../logger';
import type { Outbox } from '../../mail/mailer';
import {
  confirmNewEmailMessage,
  emailChangeNoticeMessage,
  passwordResetMessage,
  verifyEmailMessage,
} from '../../mail/messages';
import type { UsersRepository } from '../users/repository';
import type { AccountTokensRepository } from './account-tokens';
import type { Auth } from './better-auth';

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
      users: UsersRepository;
      outbox: Pick<Outbox, 'queue'>;
      publicUrl: string;
      clock: Clock;
      log: Logger;
    },
  ) {}

  /**
   * Emails a reset link to the member with this address, if there is one. The caller answers the
   * same whatever happens here; a member asking again within a minute gets no second email.
   */
  async requestPasswordReset(email: string): Promise<void> {
    const user = await this.findByEmail(email);
    if (!user) return;
    if (await this.sentRecently(user.id, 'password_reset')) return;
    const token = await this.deps.tokens.mint(user.id, 'password_reset', RESET_LINK_MS);
    await this.deps.outbox.queue(
      passwordResetMessage(user.email, user.firstName, this.link('/reset-password', token)),
    );
  }

  /**
   * Sets the new password from a reset link and ends every session of the member (their sockets
   * close with them); answers the member, who the route then signs in. The link also proves the
   * address is theirs.
   */
  async confirmPasswordReset(token: string, password: string): Promise<UserRow> {
    const context = await this.deps.auth.$context;
    const row = await this.deps.tokens.take(this.deps.db, token, ['password_reset']);
    if (!row) throw new InvalidToken(ACCOUNT_MESSAGES.resetLinkInvalid);
    const hash = await context.password.hash(password);
    const accounts = await context.internalAdapter.findAccounts(row.userId);
    if (accounts.some((account) => account.providerId === 'credential')) {
      await context.internalAdapter.updatePassword(row.userId, hash);
    } else {
      // Signed up with Google or GitHub: the reset gives the account a password of its own.
      await context.internalAdapter.linkAccount({
        userId: row.userId,
        providerId: 'credential',
        accountId: row.userId,
        password: hash,
      });
    }
    await context.internalAdapter.deleteUserSessions(row.userId);
    await this.deps.db
      .update(users)
      .set({ emailVerified: true, updatedAt: sql`now()` })
      .where(eq(users.id, row.userId));
    const user = await this.deps.users.findById(row.userId);
    if (!user) throw new InvalidToken(ACCOUNT_MESSAGES.resetLinkInvalid);
    this.deps.log.info(`member ${row.userId} reset their password; every session ended`);
    return user;
  }

  /** Emails a verification link to a new member (best effort: sign-up never waits on mail). */
  async sendVerification(user: Pick<UserRow, 'id' | 'email' | 'firstName'>): Promise<void> {
    const token = await this.deps.tokens.mint(user.id, 'verify_email', VERIFY_LINK_MS, user.email);
    await this.deps.outbox.queue(
      verifyEmailMessage(user.email, user.firstName, this.link('/verify-email', token)),
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
   * address becomes the member's (if nobody took it meanwhile). Answers what to tell the member.
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
      return ACCOUNT_MESSAGES.emailChanged;
    });
  }

  /**
   * A change of email, confirmed with the current password: the new address gets a link (the
   * change happens when it is clicked), and the old address is told.
   */
  async requestEmailChange(user: UserRow, email: string, currentPassword: string): Promise<void> {
    if (email === user.email) throw new ValidationFailed(ACCOUNT_MESSAGES.sameEmail, 'email');
    await this.checkPassword(user.id, currentPassword);
    if (await this.deps.users.emailExists(email)) throw new EmailTaken();
    const token = await this.deps.tokens.mint(user.id, 'change_email', VERIFY_LINK_MS, email);
    await this.deps.outbox.queue(
      confirmNewEmailMessage(email, user.firstName, this.link('/verify-email', token)),
    );
    await this.deps.outbox.queue(emailChangeNoticeMessage(user.email, user.firstName, email));
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
