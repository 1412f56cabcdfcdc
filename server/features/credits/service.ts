// Credit rules: the monthly allowance (refreshed from the sign-up day, spent first, never carried
// over), bonus credits that never expire, Elite's unlimited plan, and idempotent refunds.
import { CREDITS_PER_VIDEO, type MemberLevel, PLAN_RULES } from '../../../shared/plans';
import type { CreditsResponse } from '../../../shared/schemas/videos';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { InsufficientCredits } from '../../errors';
import { allowancePeriod } from './allowance-period';
import type { AllowancePeriodStart, CreditsRepository } from './repository';

export type CreditHolder = { id: string; memberLevel: string; createdAt: Date };

const LEDGER_PAGE = 100;

function isUnlimited(memberLevel: string): boolean {
  return PLAN_RULES[memberLevel as MemberLevel]?.monthlyCredits === null;
}

function videoReference(requestId: number, attempt: number): string {
  return `video:${requestId}:${attempt}`;
}

export class CreditsService {
  constructor(
    private readonly db: Database,
    private readonly repository: CreditsRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * Makes sure the member has a balance row and a current allowance period, starting a new one
   * (and dropping what was left of the old) when the last has ended. Safe to call concurrently.
   */
  async refreshAllowance(db: Database, holder: CreditHolder): Promise<void> {
    await this.repository.ensureBalance(db, holder.id);
    const allowance = this.currentAllowance(holder);
    if (!allowance) return;
    const started = await this.repository.startAllowancePeriod(
      db,
      holder.id,
      allowance,
      allowance.monthlyCredits,
    );
    if (!started) return;
    if (started.dropped > 0) {
      await this.repository.appendLedger(db, {
        userId: holder.id,
        amount: -started.dropped,
        transactionType: 'allowance_expired',
        bucket: 'allowance',
        description: allowance.expiredDescription,
        reference: allowance.reference,
      });
    }
    await this.repository.appendLedger(db, {
      userId: holder.id,
      amount: allowance.monthlyCredits,
      transactionType: 'allowance',
      bucket: 'allowance',
      description: allowance.description,
      reference: allowance.reference,
    });
  }

  /** The allowance period that contains now, for a plan with a monthly allowance. */
  private currentAllowance(holder: CreditHolder): AllowancePeriodStart | null {
    const monthly = PLAN_RULES[holder.memberLevel as MemberLevel]?.monthlyCredits;
    if (monthly === null || monthly === undefined) return null;
    const period = allowancePeriod(holder.createdAt, this.clock.now());
    return {
      monthlyCredits: monthly,
      ...period,
      reference: `${holder.id}:${period.start.toISOString()}`,
      description: `${holder.memberLevel} monthly credits`,
      expiredDescription: 'Unused monthly credits expired',
    };
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
    await this.repository.ensureBalance(db, entry.userId);
    const written = await this.repository.appendLedger(db, {
      ...entry,
      description: entry.description.slice(0, 200),
      transactionType: 'earn',
      bucket: 'bonus',
    });
    if (written === null) return false;
    if (entry.amount !== 0) await this.repository.add(db, entry.userId, 'bonus', entry.amount);
    return true;
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
  }

  /**
   * Gives back what one render attempt cost, into the bucket it came from. Keyed by the attempt,
   * so a refund can never be paid twice, whoever calls it.
   */
  async refundVideo(
    db: Database,
    userId: string,
    video: { requestId: number; attempt: number; title: string },
  ): Promise<void> {
    const reference = videoReference(video.requestId, video.attempt);
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
