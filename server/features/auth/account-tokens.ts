// One-time email links (password reset, email verification, a change of email): minted as 32
// random bytes, stored only as their SHA-256, taken once in the same statement that checks them.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accountTokens, verifications } from '../../db/schema';

export type TokenPurpose = 'password_reset' | 'verify_email' | 'change_email';
export type AccountTokenRow = typeof accountTokens.$inferSelect;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export class AccountTokensRepository {
  constructor(private readonly db: Database) {}

  /**
   * A new link for `purpose`, valid for `lifetimeMs`. Any older unused link of the member's for the
   * same purpose stops working: only the newest email's link counts.
   */
  async mint(
    userId: string,
    purpose: TokenPurpose,
    lifetimeMs: number,
    email: string | null = null,
  ): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.db.transaction(async (tx) => {
      await tx
        .update(accountTokens)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(accountTokens.userId, userId),
            eq(accountTokens.purpose, purpose),
            isNull(accountTokens.usedAt),
          ),
        );
      await tx.insert(accountTokens).values({
        userId,
        purpose,
        tokenHash: hashOf(token),
        email,
        expiresAt: sql`now() + make_interval(secs => ${lifetimeMs / 1000})`,
      });
    });
    return token;
  }

  /**
   * Ends every unused link of the member's for `purposes` (a reset ends pending changes of email,
   * a confirmed change of email ends reset links). Answers the links it ended.
   */
  async retire(
    db: Database,
    userId: string,
    purposes: readonly TokenPurpose[],
  ): Promise<AccountTokenRow[]> {
    return db
      .update(accountTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(accountTokens.userId, userId),
          inArray(accountTokens.purpose, [...purposes]),
          isNull(accountTokens.usedAt),
          gt(accountTokens.expiresAt, sql`now()`),
        ),
      )
      .returning();
  }

  /** The member's newest link for `purpose` that still works, if any. */
  async findPending(userId: string, purpose: TokenPurpose): Promise<AccountTokenRow | null> {
    const [row] = await this.db
      .select()
      .from(accountTokens)
      .where(
        and(
          eq(accountTokens.userId, userId),
          eq(accountTokens.purpose, purpose),
          isNull(accountTokens.usedAt),
          gt(accountTokens.expiresAt, sql`now()`),
        ),
      )
      .orderBy(sql`${accountTokens.createdAt} desc`)
      .limit(1);
    return row ?? null;
  }

  /** The link if it is one of `purposes`, unused and unexpired, without taking it. */
  async peek(token: string, purposes: readonly TokenPurpose[]): Promise<AccountTokenRow | null> {
    const [row] = await this.db
      .select()
      .from(accountTokens)
      .where(
        and(
          eq(accountTokens.tokenHash, hashOf(token)),
          inArray(accountTokens.purpose, [...purposes]),
          isNull(accountTokens.usedAt),
          gt(accountTokens.expiresAt, sql`now()`),
        ),
      );
    return row ?? null;
  }

  /** Takes the link if it is one of `purposes`, unused and unexpired; null otherwise. */
  async take(
    db: Database,
    token: string,
    purposes: readonly TokenPurpose[],
  ): Promise<AccountTokenRow | null> {
    const [row] = await db
      .update(accountTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(accountTokens.tokenHash, hashOf(token)),
          inArray(accountTokens.purpose, [...purposes]),
          isNull(accountTokens.usedAt),
          gt(accountTokens.expiresAt, sql`now()`),
        ),
      )
      .returning();
    return row ?? null;
  }

  /**
   * Forgets one-time values nobody can use any more: our links a day past their expiry (kept that
   * long to pace resends), better-auth's sign-in states past theirs.
   */
  async pruneExpired(): Promise<number> {
    const links = await this.db
      .delete(accountTokens)
      .where(lt(accountTokens.expiresAt, sql`now() - interval '1 day'`))
      .returning({ id: accountTokens.id });
    const states = await this.db
      .delete(verifications)
      .where(lt(verifications.expiresAt, sql`now()`))
      .returning({ id: verifications.id });
    return links.length + states.length;
  }

  /** When the member's newest link for `purpose` was sent, to pace resends. */
  async lastSentAt(userId: string, purpose: TokenPurpose): Promise<Date | null> {
    const [row] = await this.db
      .select({ createdAt: accountTokens.createdAt })
      .from(accountTokens)
      .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose)))
      .orderBy(sql`${accountTokens.createdAt} desc`)
      .limit(1);
    return row?.createdAt ?? null;
  }
}
