// SQL for members: lookups, the plan a member is on and its billing at the payment provider, and
// the referral link between members.
import { and, count, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Tier } from '../../../shared/tiers';
import type { Database } from '../../db/client';
import { type UserRow, userSearchText, users } from '../../db/schema';

export class MembersRepository {
  constructor(private readonly db: Database) {}

  async findById(id: string, db: Database = this.db): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    return row;
  }

  /**
   * The admin's member picker: newest first, a page at a time (`after`: the last id shown), each
   * word of `search` found anywhere in the first name, last name or email (a trigram index keeps
   * this fast at any number of members). The order spells out `nulls last`, as users_created_idx
   * does (plain `desc` means nulls first), so a page is read straight off that index: without it,
   * no search and one- or two-letter searches sorted every member.
   */
  async search(options: { search?: string; limit: number; after?: string }) {
    const words = (options.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const after = options.after
      ? sql`(${users.createdAt}, ${users.id}) < (select created_at, id from users where id = ${options.after})`
      : undefined;
    return this.db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        memberLevel: users.memberLevel,
        hasSubscription: sql<boolean>`${users.stripeSubscriptionId} is not null`,
      })
      .from(users)
      .where(
        and(
          // Deleted accounts are kept only for the ledger: nobody to pick.
          isNull(users.deletedAt),
          ...words.map((word) => sql`${userSearchText} like ${`%${escapeLike(word)}%`}`),
          after,
        ),
      )
      .orderBy(sql`${users.createdAt} desc nulls last`, sql`${users.id} desc nulls last`)
      .limit(options.limit);
  }

  /** Who referred the member, if anyone (for the referral reward). */
  async findReferrer(
    db: Database,
    userId: string,
  ): Promise<{ referrerId: string; name: string } | undefined> {
    const [row] = await db
      .select({ referrerId: users.referredBy, name: users.name, firstName: users.firstName })
      .from(users)
      .where(eq(users.id, userId));
    if (!row?.referrerId) return undefined;
    return { referrerId: row.referrerId, name: row.firstName ?? row.name };
  }

  async countReferred(referrerId: string): Promise<number> {
    const [row] = await this.db
      .select({ total: count() })
      .from(users)
      .where(eq(users.referredBy, referrerId));
    return row?.total ?? 0;
  }

  async findIdByReferralCode(code: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.referralCode, code));
    return row?.id;
  }

  /** Whether an account uses this email (better-auth stores emails lower-cased). */
  async emailExists(email: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email.toLowerCase()));
    return row !== undefined;
  }

  /** Which of these addresses (lower-cased) belong to a member who verified them. */
  async verifiedEmailsAmong(emails: readonly string[]): Promise<string[]> {
    if (emails.length === 0) return [];
    const rows = await this.db
      .select({ email: users.email })
      .from(users)
      .where(
        and(
          inArray(users.email, [...emails]),
          eq(users.emailVerified, true),
          isNull(users.deletedAt),
        ),
      );
    return rows.map((row) => row.email);
  }

  async setReferredBy(userId: string, referrerId: string, db: Database = this.db): Promise<void> {
    await db.update(users).set({ referredBy: referrerId }).where(eq(users.id, userId));
  }

  async countAll(): Promise<number> {
    const [row] = await this.db.select({ total: count() }).from(users);
    return row?.total ?? 0;
  }

  /**
   * Puts a member on a plan. With `until`, the plan is temporary: it remembers the plan to return
   * to, which stays the member's permanent plan when a temporary plan replaces another.
   */
  async changePlan(
    userId: string,
    memberLevel: Tier,
    until: Date | null,
    now: Date,
    db: Database = this.db,
  ): Promise<UserRow | undefined> {
    const [row] = await db
      .update(users)
      .set({
        memberLevel,
        planExpiresAt: until,
        planRevertsTo: until
          ? sql`coalesce(case when ${users.planExpiresAt} is not null then ${users.planRevertsTo} end, ${users.memberLevel})`
          : null,
        updatedAt: now,
      })
      .where(eq(users.id, userId))
      .returning();
    return row;
  }

  /** The member's row, locked until the transaction ends: plan and billing changes queue here. */
  async lockById(db: Database, id: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
    return row;
  }

  /** The member whose plan this subscription pays for, locked. */
  async lockBySubscription(db: Database, subscriptionId: string): Promise<UserRow | undefined> {
    const [row] = await db
      .select()
      .from(users)
      .where(eq(users.stripeSubscriptionId, subscriptionId))
      .for('update');
    return row;
  }

  /** The member who is this customer at the payment provider, locked. */
  async lockByCustomer(db: Database, customerId: string): Promise<UserRow | undefined> {
    const [row] = await db
      .select()
      .from(users)
      .where(eq(users.stripeCustomerId, customerId))
      .for('update');
    return row;
  }

  /** Sets plan and billing columns as given (undefined leaves a column as it is). */
  async update(
    db: Database,
    userId: string,
    patch: Partial<
      Pick<
        UserRow,
        | 'memberLevel'
        | 'planExpiresAt'
        | 'planRevertsTo'
        | 'stripeCustomerId'
        | 'stripeSubscriptionId'
        | 'subscriptionPeriodEnd'
      >
    >,
    now: Date,
  ): Promise<UserRow> {
    const [row] = await db
      .update(users)
      .set({ ...patch, updatedAt: now })
      .where(eq(users.id, userId))
      .returning();
    if (!row) throw new Error(`member ${userId} vanished inside its own transaction`);
    return row;
  }

  /**
   * Records the member's customer at the payment provider unless another member holds it already
   * (a shared card must not move one member's billing to another); with `replace` false, only
   * when the member has none yet. Answers whether it was recorded.
   */
  async claimCustomer(
    db: Database,
    userId: string,
    customerId: string,
    { replace }: { replace: boolean },
  ): Promise<boolean> {
    const result = await db.execute(sql`
      update users set stripe_customer_id = ${customerId}
      where id = ${userId}
        and (${replace} or stripe_customer_id is null)
        and not exists (
          select 1 from users other where other.stripe_customer_id = ${customerId} and other.id <> ${userId}
        )
      returning id`);
    return (result as unknown as { rows: unknown[] }).rows.length > 0;
  }

  /** Members whose temporary plan (or cancelled membership) has run out, locked; all or one. */
  async lockExpiredPlans(db: Database, now: Date, userId?: string): Promise<UserRow[]> {
    return db
      .select()
      .from(users)
      .where(
        and(
          isNotNull(users.planExpiresAt),
          lte(users.planExpiresAt, now),
          userId ? eq(users.id, userId) : undefined,
        ),
      )
      .for('update', { skipLocked: true });
  }
}

/** A search word matched literally: % and _ are not wildcards here. */
function escapeLike(word: string): string {
  return word.replace(/[\\%_]/g, (character) => `\\${character}`);
}
