// SQL for members: lookups, the plan a member is on, and the referral link between members.
import { and, count, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { MemberLevel } from '../../../shared/plans';
import type { Database } from '../../db/client';
import { type UserRow, users } from '../../db/schema';

export class UsersRepository {
  constructor(private readonly db: Database) {}

  async findById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row;
  }

  async findIdByReferralCode(code: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.referralCode, code));
    return row?.id;
  }

  async setReferredBy(userId: string, referrerId: string): Promise<void> {
    await this.db.update(users).set({ referredBy: referrerId }).where(eq(users.id, userId));
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
    memberLevel: MemberLevel,
    until: Date | null,
    now: Date,
  ): Promise<UserRow | undefined> {
    const [row] = await this.db
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

  /** Returns temporary plans that have run out to the plan they replaced; all members or one. */
  async revertExpiredPlans(now: Date, userId?: string): Promise<string[]> {
    const rows = await this.db
      .update(users)
      .set({
        memberLevel: sql`coalesce(${users.planRevertsTo}, 'Free')`,
        planExpiresAt: null,
        planRevertsTo: null,
        updatedAt: now,
      })
      .where(
        and(
          isNotNull(users.planExpiresAt),
          lte(users.planExpiresAt, now),
          userId ? eq(users.id, userId) : undefined,
        ),
      )
      .returning({ id: users.id });
    return rows.map((row) => row.id);
  }
}
