// Changes of plan and what they do to credits, in one place whoever asks: an admin (through
// AdminService, for good or until a time), the payment webhook (a membership starting, changing or
// ending), and the clock (a temporary plan or a cancelled membership running out). The member's row
// is locked for the change, and this month's allowance follows it in the same transaction.
import type pg from 'pg';
import { formatLongDate } from '../../../shared/format';
import { normalizeTier, TIERS, type Tier } from '../../../shared/tiers';
import type { Clock } from '../../clock';
import type { UserRow } from '../../db/schema';
import { inTransaction, type Transaction } from '../../db/transaction';
import { NotFound } from '../../errors';
import type { CreditsService } from '../credits';
import type { MemberRecords } from '../members';
import type { NotificationsService } from '../notifications';

export class TiersService {
  constructor(
    private readonly deps: {
      pool: pg.Pool;
      members: MemberRecords;
      credits: CreditsService;
      notifications: NotificationsService;
      clock: Clock;
    },
  ) {}

  /**
   * The member's row, locked until the caller's transaction ends: every change of their plan
   * queues here, so two changes never read the same plan before and both write after it.
   */
  async lockMember(tx: Transaction, userId: string): Promise<UserRow | undefined> {
    return this.deps.members.lockById(tx.db, userId);
  }

  /**
   * Inside the caller's transaction, on the member's row locked by lockMember: puts them on a
   * plan, for good or until a time (then the plan before returns), with this month's allowance
   * following and its `plan_change` ledger entry under `reference`. An admin's change and a month
   * of Elite earned by views both come here.
   */
  async putOnPlan(
    tx: Transaction,
    member: UserRow,
    memberLevel: Tier,
    until: Date | null,
    reference: string,
  ): Promise<UserRow> {
    const now = this.deps.clock.now();
    const changed = await this.deps.members.changePlan(member.id, memberLevel, until, now, tx.db);
    if (!changed) throw new NotFound('User not found');
    await this.deps.credits.changePlanAllowance(tx.db, member, memberLevel, { at: now, reference });
    return changed;
  }

  /**
   * Inside the caller's transaction, on the member's locked row: puts them on `to` for good (a
   * paid membership), with this month's allowance following. A temporary plan above it (a month
   * of Elite earned by views) keeps running and returns to `to` when it ends.
   */
  async setPermanentPlan(
    tx: Transaction,
    member: UserRow,
    to: Tier,
    change: { reference: string; billing?: Partial<UserRow> },
  ): Promise<UserRow> {
    const now = this.deps.clock.now();
    const temporary = this.temporaryPlanAbove(member, to, now);
    if (temporary) {
      return this.deps.members.update(
        tx.db,
        member.id,
        { planRevertsTo: to, ...change.billing },
        now,
      );
    }
    const updated = await this.deps.members.update(
      tx.db,
      member.id,
      { memberLevel: to, planExpiresAt: null, planRevertsTo: null, ...change.billing },
      now,
    );
    await this.deps.credits.changePlanAllowance(tx.db, member, to, {
      at: now,
      reference: change.reference,
    });
    return updated;
  }

  /**
   * Inside the caller's transaction: a membership is cancelled for the end of its paid period, so
   * the member drops to Free at `at`. A temporary plan running over it is left alone: the end of
   * the subscription itself (endMembership) then decides what follows it.
   */
  async scheduleEnd(tx: Transaction, member: UserRow, at: Date): Promise<UserRow> {
    const now = this.deps.clock.now();
    if (this.onTemporaryPlan(member, now)) return member;
    return this.deps.members.update(
      tx.db,
      member.id,
      { planExpiresAt: at, planRevertsTo: 'Free' },
      now,
    );
  }

  /** Inside the caller's transaction: a scheduled end is called off (the member renewed after all). */
  async cancelScheduledEnd(tx: Transaction, member: UserRow): Promise<UserRow> {
    return this.deps.members.update(
      tx.db,
      member.id,
      { planExpiresAt: null, planRevertsTo: null },
      this.deps.clock.now(),
    );
  }

  /**
   * Inside the caller's transaction: the subscription paying for the member's plan has ended, so
   * they are on Free from now, with Free's month starting now. A temporary plan running over it
   * (a month of Elite) runs on, and returns to Free when it ends. Bonus credits stay.
   */
  async endMembership(tx: Transaction, member: UserRow, reference: string): Promise<UserRow> {
    const now = this.deps.clock.now();
    const billing = { stripeSubscriptionId: null, subscriptionPeriodEnd: null };
    if (this.onTemporaryPlan(member, now)) {
      return this.deps.members.update(tx.db, member.id, { planRevertsTo: 'Free', ...billing }, now);
    }
    const updated = await this.deps.members.update(
      tx.db,
      member.id,
      { memberLevel: 'Free', planExpiresAt: null, planRevertsTo: null, ...billing },
      now,
    );
    await this.deps.credits.changePlanAllowance(tx.db, member, 'Free', { at: now, reference });
    return updated;
  }

  /**
   * The plan the member has for good, under a temporary one (a month of Elite over their Pro):
   * what a subscription pays for.
   */
  paidPlanOf(member: UserRow): Tier {
    return this.onTemporaryPlan(member, this.deps.clock.now())
      ? normalizeTier(member.planRevertsTo)
      : normalizeTier(member.memberLevel);
  }

  /** A membership cancelled for the end of its period: on its plan until then, Free after. */
  hasScheduledEnd(member: UserRow): boolean {
    return (
      member.planExpiresAt !== null &&
      member.planExpiresAt > this.deps.clock.now() &&
      member.planRevertsTo === 'Free' &&
      member.stripeSubscriptionId !== null
    );
  }

  /**
   * Returns temporary plans and cancelled memberships whose time has come to the plan after them
   * (all members, or one), each with this month's allowance following from the moment it ended,
   * and tells the member. Answers how many changed.
   */
  async expire(userId?: string): Promise<number> {
    const now = this.deps.clock.now();
    return inTransaction(this.deps.pool, async (tx) => {
      const expired = await this.deps.members.lockExpiredPlans(tx.db, now, userId);
      for (const member of expired) await this.endPlan(tx, member);
      return expired.length;
    });
  }

  private async endPlan(tx: Transaction, member: UserRow): Promise<void> {
    const from = normalizeTier(member.memberLevel);
    const to = normalizeTier(member.planRevertsTo);
    const endedAt = member.planExpiresAt ?? this.deps.clock.now();
    // Back on Free, no subscription pays for a plan any more: the calendar renews the allowance.
    const billing =
      to === 'Free' ? { stripeSubscriptionId: null, subscriptionPeriodEnd: null } : {};
    await this.deps.members.update(
      tx.db,
      member.id,
      { memberLevel: to, planExpiresAt: null, planRevertsTo: null, ...billing },
      this.deps.clock.now(),
    );
    await this.deps.credits.changePlanAllowance(tx.db, member, to, {
      at: endedAt,
      reference: `plan-end:${member.id}:${endedAt.toISOString()}`,
    });
    if (from === to) return;
    await this.deps.notifications.notify(tx, member.id, {
      kind: 'plan_changed',
      title: 'Plan Changed',
      message: `Your ${from} plan ended on ${formatLongDate(endedAt)}. You're on ${to} now; your bonus credits stay yours.`,
    });
  }

  /** A temporary plan above `level` that is still running (a month of Elite over a Pro). */
  private temporaryPlanAbove(member: UserRow, level: Tier, now: Date): boolean {
    if (!member.planExpiresAt || member.planExpiresAt <= now) return false;
    return TIERS.indexOf(normalizeTier(member.memberLevel)) > TIERS.indexOf(level);
  }

  /**
   * A temporary plan over a paid one is running (it returns to a plan above Free). A membership
   * cancelled for the end of its period returns to Free, and is not one.
   */
  private onTemporaryPlan(member: UserRow, now: Date): boolean {
    return (
      member.planExpiresAt !== null &&
      member.planExpiresAt > now &&
      member.planRevertsTo !== null &&
      member.planRevertsTo !== 'Free'
    );
  }
}
