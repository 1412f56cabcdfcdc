// Credit rules: the monthly allowance (refreshed from the sign-up day or, for a subscription, by
// its paid invoices; spent first, never carried over; moved with a change of plan), bonus credits
// that never expire (earned, granted, bought; taken back only by a refund), Elite's unlimited
// plan, and idempotent refunds.
import { CREDITS_PER_VIDEO } from '../../../shared/catalogue';
import type { CreditsResponse } from '../../../shared/schemas/videos';
import { WEBHOOK_CREDITS_LOW_BALANCE } from '../../../shared/schemas/webhooks';
import { normalizeTier, TIER_RULES, type Tier } from '../../../shared/tiers';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { InsufficientCredits } from '../../errors';
import { addMonthsClamped, allowancePeriod } from './allowance-period';
import type { AllowancePeriodStart, CreditsRepository } from './repository';

export type CreditHolder = {
  id: string;
  memberLevel: string;
  createdAt: Date;
  /** Monthly periods count from here; sign-up (createdAt) when null. */
  allowanceAnchorAt?: Date | null;
  /** While a subscription pays for the plan, its paid invoices renew the allowance. */
  stripeSubscriptionId?: string | null;
  /** The API key the charge is asked for through: it counts against the key's monthly cap. */
  apiKeyId?: string | null;
};

/**
 * Where charges asked for through an API key are counted (the api-keys feature): inside the
 * charging transaction, refused past the key's monthly cap; a refund lowers the month's spend.
 */
export type KeySpending = {
  charge(db: Database, apiKeyId: string, reference: string, credits: number): Promise<void>;
  refund(db: Database, reference: string): Promise<void>;
};

/** Hears, inside the paying transaction, that a paid video took a balance down to the low mark. */
export type LowBalanceListener = (
  db: Database,
  holder: CreditHolder,
  balance: number,
) => Promise<void>;

/** What starting an allowance period writes to the ledger, and when it may start. */
type PeriodStart = {
  period: { start: Date; end: Date };
  monthlyCredits: number;
  when: 'ended' | 'later' | 'always';
  reference: string;
  description: string;
};

const LEDGER_PAGE = 100;
const EXPIRED_DESCRIPTION = 'Unused monthly credits expired';

function monthlyCreditsOf(memberLevel: string): number | null {
  return TIER_RULES[normalizeTier(memberLevel)].monthlyCredits;
}

function isUnlimited(memberLevel: string): boolean {
  return TIER_RULES[memberLevel as Tier]?.monthlyCredits === null;
}

function videoReference(requestId: number, attempt: number): string {
  return `video:${requestId}:${attempt}`;
}

export class CreditsService {
  constructor(
    private readonly db: Database,
    private readonly repository: CreditsRepository,
    private readonly clock: Clock,
    private readonly keySpending: KeySpending | null = null,
    /** Told inside the paying transaction when a paid video takes the balance down to the low mark. */
    private readonly lowBalance: LowBalanceListener | null = null,
  ) {}

  /**
   * Makes sure the member has a balance row and a current allowance period, starting a new one
   * (and dropping what was left of the old) when the last has ended. Safe to call concurrently.
   */
  async refreshAllowance(db: Database, holder: CreditHolder): Promise<void> {
    await this.repository.ensureBalance(db, holder.id);
    const allowance = this.currentAllowance(holder);
    if (!allowance) return;
    await this.startPeriod(db, holder.id, {
      period: allowance,
      monthlyCredits: allowance.monthlyCredits,
      when: 'ended',
      reference: allowance.reference,
      description: allowance.description,
    });
  }

  /**
   * The calendar's allowance period that contains now, for a plan with a monthly allowance. None
   * while a subscription pays for the plan: its paid invoices start each month instead, so a
   * month whose payment fails does not renew.
   */
  private currentAllowance(holder: CreditHolder): AllowancePeriodStart | null {
    const monthly = TIER_RULES[holder.memberLevel as Tier]?.monthlyCredits;
    if (monthly === null || monthly === undefined || holder.stripeSubscriptionId) return null;
    const period = allowancePeriod(holder.allowanceAnchorAt ?? holder.createdAt, this.clock.now());
    return {
      monthlyCredits: monthly,
      ...period,
      reference: `${holder.id}:${period.start.toISOString()}`,
      description: `${holder.memberLevel} monthly credits`,
      expiredDescription: EXPIRED_DESCRIPTION,
    };
  }

  /** Starts an allowance period when `when` allows, with its ledger entries. Answers if it did. */
  private async startPeriod(db: Database, userId: string, start: PeriodStart): Promise<boolean> {
    const started = await this.repository.startAllowancePeriod(
      db,
      userId,
      start.period,
      start.monthlyCredits,
      start.when,
    );
    if (!started) return false;
    if (started.dropped > 0) {
      await this.repository.appendLedger(db, {
        userId,
        amount: -started.dropped,
        transactionType: 'allowance_expired',
        bucket: 'allowance',
        description: EXPIRED_DESCRIPTION,
        reference: start.reference,
      });
    }
    await this.repository.appendLedger(db, {
      userId,
      amount: start.monthlyCredits,
      transactionType: 'allowance',
      bucket: 'allowance',
      description: start.description,
      reference: start.reference,
    });
    return true;
  }

  /**
   * A subscription's paid invoice: the plan's allowance for the month it pays for, replacing what
   * was left. The same month starts once, however often its invoice is announced. Elite has no
   * allowance to renew; its ledger still records the payment. Answers whether anything changed.
   */
  async renewAllowance(
    db: Database,
    userId: string,
    renewal: { memberLevel: Tier; period: { start: Date; end: Date }; reference: string },
  ): Promise<boolean> {
    await this.repository.ensureBalance(db, userId);
    const monthly = monthlyCreditsOf(renewal.memberLevel);
    if (monthly === null) {
      const written = await this.repository.appendLedger(db, {
        userId,
        amount: 0,
        transactionType: 'allowance',
        bucket: 'unlimited',
        description: `${renewal.memberLevel} renewed: unlimited generations`,
        reference: renewal.reference,
      });
      return written !== null;
    }
    return this.startPeriod(db, userId, {
      period: renewal.period,
      monthlyCredits: monthly,
      when: 'later',
      reference: renewal.reference,
      description: `${renewal.memberLevel} monthly credits`,
    });
  }

  /**
   * What a change of plan does to this month's allowance, inside the caller's transaction (the
   * holder is the member before the change). Up between plans with allowances: the difference is
   * added at once (Free 10 → Pro 150 adds 140), in the same period. To Elite: nothing to count
   * (recorded in the ledger all the same). Down, or from Elite: the new plan's month starts at
   * `at`, replacing what was left. Bonus credits never move.
   */
  async changePlanAllowance(
    db: Database,
    holder: CreditHolder,
    to: Tier,
    change: { at: Date; reference: string },
  ): Promise<void> {
    const from = normalizeTier(holder.memberLevel);
    if (from === to) return;
    await this.repository.ensureBalance(db, holder.id);
    const before = monthlyCreditsOf(from);
    const after = monthlyCreditsOf(to);
    if (after === null) {
      await this.repository.appendLedger(db, {
        userId: holder.id,
        amount: 0,
        transactionType: 'plan_change',
        bucket: 'unlimited',
        description: `Now on ${to}: unlimited generations`,
        reference: change.reference,
      });
      return;
    }
    if (before !== null && after > before) {
      // The month in progress (started first if it was due) gets the difference.
      await this.refreshAllowance(db, holder);
      const written = await this.repository.appendLedger(db, {
        userId: holder.id,
        amount: after - before,
        transactionType: 'plan_change',
        bucket: 'allowance',
        description: `Upgraded to ${to}: this month's allowance is now ${after}`,
        reference: change.reference,
      });
      if (written !== null) {
        await this.repository.add(db, holder.id, 'allowance', after - before);
      }
      return;
    }
    await this.startPeriod(db, holder.id, {
      period: { start: change.at, end: addMonthsClamped(change.at, 1) },
      monthlyCredits: after,
      when: 'always',
      reference: change.reference,
      description: `${to} monthly credits`,
    });
    await this.repository.setAllowanceAnchor(db, holder.id, change.at);
  }

  /**
   * A `plan_change` entry that moves no credits, under `reference` (which names who changed the
   * plan): nothing when changePlanAllowance wrote one under the same reference already.
   */
  async recordPlanChange(
    db: Database,
    entry: { userId: string; description: string; reference: string },
  ): Promise<void> {
    await this.repository.appendLedger(db, {
      ...entry,
      amount: 0,
      transactionType: 'plan_change',
      bucket: 'allowance',
    });
  }

  async balance(holder: CreditHolder): Promise<CreditsResponse> {
    if (isUnlimited(holder.memberLevel)) return { remainingCredits: null, unlimited: true };
    return this.db.transaction(async (tx) => {
      await this.refreshAllowance(tx as unknown as Database, holder);
      const balance = await this.repository.findBalance(tx as unknown as Database, holder.id);
      return {
        remainingCredits: (balance?.allowanceRemaining ?? 0) + (balance?.bonusCredits ?? 0),
        unlimited: false,
      };
    });
  }

  /** The member's latest ledger entries, newest first; only one type (`earn`) when asked. */
  async ledger(userId: string, options: { type?: string; limit?: number } = {}) {
    const rows = await this.repository.listLedger(
      this.db,
      userId,
      Math.min(options.limit ?? LEDGER_PAGE, LEDGER_PAGE),
      options.type,
    );
    return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  }

  /** How many `earn` entries, and credits, a member has under references starting with `prefix`. */
  earnedByReference(
    memberId: string,
    prefix: string,
  ): Promise<{ entries: number; credits: number }> {
    return this.repository.sumEarnedByReference(this.db, memberId, prefix);
  }

  /**
   * Adds credits a member earned or was given (proof rewards, grants, referrals) to the bonus
   * bucket, which never expires, with their `earn` ledger entry, inside the caller's transaction.
   * A reference makes it once-only: answers false, and changes nothing, when that reference was
   * paid already. An amount of 0 records a reward that is not credits (a month of Elite).
   */
  async addEarned(
    db: Database,
    entry: { userId: string; amount: number; description: string; reference: string | null },
  ): Promise<boolean> {
    return this.addBonus(db, { ...entry, transactionType: 'earn' });
  }

  /** Adds bonus credits with a ledger entry of `transactionType`, once per reference. */
  async addBonus(
    db: Database,
    entry: {
      userId: string;
      amount: number;
      transactionType: 'earn' | 'purchase';
      description: string;
      reference: string | null;
    },
  ): Promise<boolean> {
    await this.repository.ensureBalance(db, entry.userId);
    const written = await this.repository.appendLedger(db, {
      ...entry,
      description: entry.description.slice(0, 200),
      bucket: 'bonus',
    });
    if (written === null) return false;
    if (entry.amount !== 0) await this.repository.add(db, entry.userId, 'bonus', entry.amount);
    return true;
  }

  /**
   * Takes back up to `amount` bonus credits (a refunded pack) with a ledger entry, once per
   * reference, never below zero: credits already spent stay spent. Answers how many it took.
   */
  async takeBackBonus(
    db: Database,
    entry: { userId: string; amount: number; description: string; reference: string },
  ): Promise<number> {
    await this.repository.ensureBalance(db, entry.userId);
    if (await this.repository.findLedgerByReference(db, 'purchase_refund', entry.reference)) {
      return 0;
    }
    const taken = await this.repository.takeBackBonus(db, entry.userId, entry.amount);
    await this.repository.appendLedger(db, {
      userId: entry.userId,
      amount: -taken,
      transactionType: 'purchase_refund',
      bucket: 'bonus',
      description: entry.description.slice(0, 200),
      reference: entry.reference,
    });
    return taken;
  }

  /**
   * Pays for one render attempt of a video inside the caller's transaction, or throws
   * InsufficientCredits. Elite pays nothing; the ledger still records the video.
   */
  async spendForVideo(
    db: Database,
    holder: CreditHolder,
    video: { requestId: number; attempt: number; title: string },
  ): Promise<void> {
    const reference = videoReference(video.requestId, video.attempt);
    const description = `Video: ${video.title}`.slice(0, 200);
    // Counted against the key first: a refusal there leaves the balance untouched. On Elite's
    // unlimited plan a video still counts as one credit towards the key's cap.
    if (holder.apiKeyId && this.keySpending) {
      await this.keySpending.charge(db, holder.apiKeyId, reference, CREDITS_PER_VIDEO);
    }
    if (isUnlimited(holder.memberLevel)) {
      await this.repository.appendLedger(db, {
        userId: holder.id,
        amount: 0,
        transactionType: 'spend',
        bucket: 'unlimited',
        description,
        videoRequestId: video.requestId,
        reference,
      });
      return;
    }
    const spend = {
      amount: CREDITS_PER_VIDEO,
      allowance: this.currentAllowance(holder),
      ledger: { description, videoRequestId: video.requestId, reference },
    };
    // The allowance refresh, the debit and their ledger entries are one statement (one round trip
    // instead of four: every run of a Creator Engine tick pays through here).
    let paid = await this.repository.spend(db, holder.id, spend);
    if (!paid) {
      // The member's first spend: create the balance row, then pay the same way.
      await this.repository.ensureBalance(db, holder.id);
      paid = await this.repository.spend(db, holder.id, spend);
    }
    if (!paid?.paid) throw new InsufficientCredits(paid?.available ?? 0);
    // The balance fell to the low mark (a webhook's `credits.low`): once per fall, since only the
    // spend from above the mark down to it crosses it (a refund or a purchase may raise it again).
    // Never on Elite, which returned above.
    const left = paid.available - CREDITS_PER_VIDEO;
    if (
      this.lowBalance &&
      paid.available > WEBHOOK_CREDITS_LOW_BALANCE &&
      left <= WEBHOOK_CREDITS_LOW_BALANCE
    ) {
      await this.lowBalance(db, holder, left);
    }
  }

  /**
   * Gives back what one render attempt cost, into the bucket it came from. Keyed by the attempt,
   * so a refund can never be paid twice, whoever calls it.
   */
  /** Whether an attempt of a video was paid for (a combination, a free remix: not). */
  async paidFor(db: Database, video: { requestId: number; attempt: number }): Promise<boolean> {
    const spend = await this.repository.findLedgerByReference(
      db,
      'spend',
      videoReference(video.requestId, video.attempt),
    );
    return spend !== undefined;
  }

  async refundVideo(
    db: Database,
    userId: string,
    video: { requestId: number; attempt: number; title: string },
  ): Promise<void> {
    const reference = videoReference(video.requestId, video.attempt);
    await this.keySpending?.refund(db, reference);
    const spend = await this.repository.findLedgerByReference(db, 'spend', reference);
    if (!spend || spend.amount >= 0) return;
    const written = await this.repository.appendLedger(db, {
      userId,
      amount: -spend.amount,
      transactionType: 'refund',
      bucket: spend.bucket as 'allowance' | 'bonus',
      description: `Refund: ${video.title}`.slice(0, 200),
      videoRequestId: video.requestId,
      reference,
    });
    if (written === null) return;
    await this.repository.add(
      db,
      userId,
      spend.bucket === 'allowance' ? 'allowance' : 'bonus',
      -spend.amount,
    );
  }
}
