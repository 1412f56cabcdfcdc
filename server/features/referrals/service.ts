// Referral rewards (spec/api.md §9.3; docs/earning.md): 5 credits to the referrer once per referred
// member, paid when that member's first video completes, not at sign-up, so throwaway accounts earn
// nothing. Never to oneself: sign-up ignores one's own code, and the reward checks again. The 25
// credits for a referred friend who pays go through rewardFirstPayment, for the payment webhook.
import type pg from 'pg';
import { REWARDS } from '../../../shared/plans';
import { type ReferralSummary, referralLink } from '../../../shared/schemas/referrals';
import type { Database } from '../../db/client';
import { inTransaction, type Transaction } from '../../db/transaction';
import type { CreditsRepository } from '../credits/repository';
import type { CreditsService } from '../credits/service';
import type { NotificationsService } from '../notifications/service';
import type { UsersRepository } from '../users/repository';

const FIRST_VIDEO_REFERENCE = 'referral:';
const FIRST_PAYMENT_REFERENCE = 'referral-payment:';

export class ReferralsService {
  constructor(
    private readonly deps: {
      pool: pg.Pool;
      db: Database;
      users: UsersRepository;
      credits: CreditsService;
      creditsRepository: CreditsRepository;
      notifications: NotificationsService;
      publicUrl: string;
    },
  ) {}

  /**
   * A new member joined with `referrerId`'s link: recorded, and the referrer told at once (their
   * open Profile counts the sign-up), with what will pay them. Nothing is paid yet.
   */
  async recordSignUp(userId: string, referrerId: string): Promise<void> {
    await inTransaction(this.deps.pool, async (tx) => {
      await this.deps.users.setReferredBy(userId, referrerId, tx.db);
      const referral = await this.deps.users.findReferrer(tx.db, userId);
      if (!referral) return;
      await this.deps.notifications.notify(tx, referrerId, {
        kind: 'referral_joined',
        title: 'New Referral',
        message: `${referral.name} joined with your link. You get ${REWARDS.referralSignup} credits when they make their first video.`,
      });
    });
  }

  /** A video of `userId` completed: the first one pays their referrer. Answers whether it paid. */
  async rewardFirstVideo(userId: string): Promise<boolean> {
    return inTransaction(this.deps.pool, (tx) =>
      this.reward(tx, userId, {
        amount: REWARDS.referralSignup,
        reference: `${FIRST_VIDEO_REFERENCE}${userId}`,
        why: (name) => `${name} made their first video with your link`,
      }),
    );
  }

  /** The seam for payments: a referred friend's first payment pays the referrer, once. */
  async rewardFirstPayment(tx: Transaction, userId: string): Promise<boolean> {
    return this.reward(tx, userId, {
      amount: REWARDS.referralPaid,
      reference: `${FIRST_PAYMENT_REFERENCE}${userId}`,
      why: (name) => `${name}, who joined with your link, became a paying member`,
    });
  }

  private async reward(
    tx: Transaction,
    userId: string,
    reward: { amount: number; reference: string; why: (name: string) => string },
  ): Promise<boolean> {
    const referral = await this.deps.users.findReferrer(tx.db, userId);
    if (!referral || referral.referrerId === userId) return false;
    const paid = await this.deps.credits.addEarned(tx.db, {
      userId: referral.referrerId,
      amount: reward.amount,
      description: `Referral: ${referral.name}`,
      reference: reward.reference,
    });
    if (!paid) return false;
    await this.deps.notifications.notify(tx, referral.referrerId, {
      kind: 'referral_rewarded',
      title: 'Referral Reward',
      message: `${reward.why(referral.name)}: ${reward.amount} credits added to your balance.`,
    });
    return true;
  }

  async summary(user: { id: string; referralCode: string }): Promise<ReferralSummary> {
    const [joined, rewarded, earned] = await Promise.all([
      this.deps.users.countReferred(user.id),
      this.deps.creditsRepository.sumEarnedByReference(
        this.deps.db,
        user.id,
        FIRST_VIDEO_REFERENCE,
      ),
      this.deps.creditsRepository.sumEarnedByReference(this.deps.db, user.id, 'referral'),
    ]);
    return {
      code: user.referralCode,
      link: referralLink(this.deps.publicUrl, user.referralCode),
      joined,
      rewarded: rewarded.entries,
      creditsEarned: earned.credits,
    };
  }
}
