// What an admin does to a member's account: granting credits (spec/product.md §5 "Admin"), once per
// submission of the form, and changing their plan (PATCH /api/admin/users/{id}/plan), optionally
// cancelling the Stripe subscription whose renewal would undo it. The member is told at once, and
// each act is written to the ledger under a reference naming the admin (the audit trail).
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { formatLongDate } from '../../../shared/format';
import type { ChangePlanInput, GrantCredits } from '../../../shared/schemas/admin';
import { normalizeTier, type Tier } from '../../../shared/tiers';
import type { Clock } from '../../clock';
import type { UserRow } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { Conflict, NotFound, ValidationFailed } from '../../errors';
import type { Logger } from '../../logger';
import type { CreditsService } from '../credits';
import type { MemberRecords } from '../members';
import type { NotificationsService } from '../notifications';
import type { StripeGateway } from '../payments';
import type { TiersService } from '../tiers';

export type GrantResult = {
  userId: string;
  amount: number;
  description: string;
  /** False when this Idempotency-Key had been granted already (a retried request): nothing added. */
  granted: boolean;
};

export class AdminService {
  constructor(
    private readonly deps: {
      pool: pg.Pool;
      members: MemberRecords;
      credits: CreditsService;
      tiers: TiersService;
      notifications: NotificationsService;
      /** Null without STRIPE_SECRET_KEY: a subscription is then cancelled in Stripe's Dashboard. */
      stripe: Pick<StripeGateway, 'cancelSubscription'> | null;
      clock: Clock;
      log: Logger;
    },
  ) {}

  /**
   * Puts a member on a plan, for good or until a time (then the plan before returns), with this
   * month's allowance following and a `plan_change` ledger entry whose reference names the admin.
   * With `cancelSubscription`, the member's Stripe subscription is detached in the same
   * transaction (its coming "deleted" event then ends nothing) and cancelled at Stripe after it.
   */
  async changePlan(admin: UserRow, userId: string, input: ChangePlanInput): Promise<UserRow> {
    const now = this.deps.clock.now();
    const until = input.until ? new Date(input.until) : null;
    if (until && until <= now) throw new ValidationFailed('until must be in the future.', 'until');
    if (input.cancelSubscription && !this.deps.stripe) throw new StripeNotConfigured();
    const reference = `admin-plan:${admin.id}:${randomUUID()}`;
    const { member, cancelled } = await inTransaction(this.deps.pool, async (tx) => {
      const locked = await this.deps.tiers.lockMember(tx, userId);
      // A deleted member's emptied row is kept for accounting only: it is on no plan.
      if (!locked || locked.deletedAt) throw new NotFound('User not found');
      const from = normalizeTier(locked.memberLevel);
      let changed = await this.deps.tiers.putOnPlan(
        tx,
        locked,
        input.memberLevel,
        until,
        reference,
      );
      const subscription = input.cancelSubscription ? locked.stripeSubscriptionId : null;
      if (subscription) {
        changed = await this.deps.members.update(
          tx.db,
          locked.id,
          { stripeSubscriptionId: null, subscriptionPeriodEnd: null },
          now,
        );
      }
      // The allowance writes this row on an upgrade; a downgrade or a same-plan change gets its own.
      await this.deps.credits.recordPlanChange(tx.db, {
        userId: locked.id,
        description: `Plan set to ${input.memberLevel} by an admin`,
        reference,
      });
      await this.deps.notifications.notify(tx, locked.id, {
        kind: 'plan_changed',
        title: 'Plan Changed',
        message: planChangeMessage(from, input.memberLevel, until, subscription !== null),
      });
      return { member: changed, cancelled: subscription };
    });
    if (cancelled) {
      await this.deps.stripe?.cancelSubscription(cancelled).catch((error: unknown) => {
        // The member's plan no longer rests on it; the admin finishes in Stripe's Dashboard.
        this.deps.log.error(
          { err: error, subscriptionId: cancelled },
          'could not cancel the subscription at Stripe after an admin plan change',
        );
      });
    }
    this.deps.log.info(
      `admin ${admin.id} put member ${userId} on ${input.memberLevel}${until ? ` until ${until.toISOString()}` : ''}${cancelled ? `, cancelling subscription ${cancelled}` : ''}`,
    );
    return member;
  }

  /**
   * Adds bonus credits with an `earn` ledger entry whose reference names the admin
   * (`grant:{adminId}:{key}`), so exports show who granted it. A retried request carrying the same
   * Idempotency-Key grants nothing more.
   */
  async grantCredits(
    admin: UserRow,
    input: GrantCredits,
    idempotencyKey: string | null,
  ): Promise<GrantResult> {
    return inTransaction(this.deps.pool, async (tx) => {
      const member = await this.deps.members.findById(input.userId, tx.db);
      // A deleted member's emptied row is kept for accounting only: nothing more is granted to it.
      if (!member || member.deletedAt) throw new NotFound('User not found');
      const granted = await this.deps.credits.addEarned(tx.db, {
        userId: member.id,
        amount: input.amount,
        description: input.description,
        reference: `grant:${admin.id}:${idempotencyKey ?? randomUUID()}`,
      });
      if (granted) {
        const credits = `${input.amount} credit${input.amount === 1 ? '' : 's'}`;
        await this.deps.notifications.notify(tx, member.id, {
          kind: 'credits_granted',
          title: 'Credits Received',
          message: `${credits} added to your balance: ${input.description}`,
        });
      }
      return { userId: member.id, amount: input.amount, description: input.description, granted };
    });
  }
}

/** Cancelling a subscription takes Stripe's API, which this server has no key for. */
export class StripeNotConfigured extends Conflict {
  constructor() {
    super(
      'STRIPE_NOT_CONFIGURED',
      'This server has no STRIPE_SECRET_KEY, so it cannot cancel the subscription: cancel it in the Stripe Dashboard, then change the plan.',
    );
  }
}

/** What the member reads when an admin changes their plan. */
function planChangeMessage(
  from: Tier,
  to: Tier,
  until: Date | null,
  subscriptionCancelled: boolean,
): string {
  const when = until ? ` until ${formatLongDate(until)}` : '';
  const plan = from === to ? `You stay on ${to}${when}.` : `You're on ${to} now${when}.`;
  const billing = subscriptionCancelled
    ? ' Your subscription is cancelled: nothing more will be charged.'
    : '';
  return `Support changed your plan. ${plan}${billing} Your bonus credits stay yours.`;
}
