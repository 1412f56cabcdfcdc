// Referral rewards (spec/api.md §9.3; docs/earning.md): 5 credits to the referrer once per referred
// member, paid when that member's address is verified and their first video has completed,
// whichever comes last, so a throwaway sign-up earns nothing. The 25 credits for a referred friend
// who pays need the same verified address (rewardFirstPayment, for the payment webhook; a friend
// who paid before verifying pays it on verification). Never to oneself: sign-up ignores one's own
// code, and every reward compares both members' mailboxes and Stripe customers.
import type pg from 'pg';
import { REWARDS } from '../../../shared/catalogue';
import { type ReferralSummary, referralLink } from '../../../shared/schemas/referrals';
import type { Database } from '../../db/client';
import { inTransaction, type Transaction } from '../../db/transaction';
import type { CreditsService } from '../credits';
import type { MemberRecords } from '../members';
import type { NotificationsService } from '../notifications';
import { mailboxOf } from './mailbox';
import type { Referral, ReferralsRepository } from './repository';

const FIRST_VIDEO_REFERENCE = 'referral:';
const FIRST_PAYMENT_REFERENCE = 'referral-payment:';

type Reward = { amount: number; reference: string; why: (name: string) => string };

const firstVideoReward = (userId: string): Reward => ({
  amount: REWARDS.referralSignup,
  reference: `${FIRST_VIDEO_REFERENCE}${userId}`,
  why: (name) => `${name} made their first video with your link`,
});

const firstPaymentReward = (userId: string): Reward => ({
  amount: REWARDS.referralPaid,
  reference: `${FIRST_PAYMENT_REFERENCE}${userId}`,
  why: (name) => `${name}, who joined with your link, became a paying member`,
});

/**
 * One person on both sides: the same account, the same mailbox under another spelling
 * (`+tag`, Gmail's dots), or the same Stripe customer (one card, two accounts).
 */
function isSelfReferral({ referred, referrer }: Referral): boolean {
  if (referred.id === referrer.id) return true;
  if (mailboxOf(referred.email) === mailboxOf(referrer.email)) return true;
  return referred.customerIds.some((id) => referrer.customerIds.includes(id));
}

export class ReferralsService {
  constructor(
    private readonly deps: {
      pool: pg.Pool;
      db: Database;
      members: MemberRecords;
      referrals: ReferralsRepository;
      credits: CreditsService;
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
      await this.deps.members.setReferredBy(userId, referrerId, tx.db);
      const referral = await this.deps.members.findReferrer(tx.db, userId);
      if (!referral) return;
      await this.deps.notifications.notify(tx, referrerId, {
        kind: 'referral_joined',
        title: 'New Referral',
        message: `${referral.name} joined with your link. You get ${REWARDS.referralSignup} credits once they have verified their email address and made their first video.`,
      });
    });
  }

  /**
   * A video of `userId` completed (called after it commits): their first one pays their referrer,
   * once their address is verified. Answers whether it paid.
   */
  async rewardFirstVideo(userId: string): Promise<boolean> {
    return inTransaction(this.deps.pool, async (tx) => {
      await this.deps.referrals.lockReferred(tx.db, userId);
      if (!(await this.deps.referrals.hasCompletedVideo(tx.db, userId))) return false;
      return this.reward(tx, userId, firstVideoReward(userId));
    });
  }

  /**
   * The seam for payments: a referred friend's first payment pays the referrer, once, if the
   * friend's address is verified (else addressVerified pays it later). The caller has locked the
   * friend's row in `tx`.
   */
  async rewardFirstPayment(tx: Transaction, userId: string): Promise<boolean> {
    return this.reward(tx, userId, firstPaymentReward(userId));
  }

  /**
   * The member's address has just been verified (a verification link, a change of email, a
   * password reset, a provider's verified address): what was waiting on it is paid now, a first
   * video already completed and a payment already made. Inside the caller's transaction when one
   * is given (the one that verified the address), else in its own.
   */
  async addressVerified(userId: string, tx?: Transaction): Promise<void> {
    if (!tx) {
      await inTransaction(this.deps.pool, (own) => this.addressVerified(userId, own));
      return;
    }
    const { referrals } = this.deps;
    await referrals.lockReferred(tx.db, userId);
    const referral = await referrals.findReferral(tx.db, userId);
    if (!referral?.referred.emailVerified) return;
    if (await referrals.hasCompletedVideo(tx.db, userId)) {
      await this.reward(tx, userId, firstVideoReward(userId));
    }
    if (await referrals.hasPaid(tx.db, userId)) {
      await this.reward(tx, userId, firstPaymentReward(userId));
    }
  }

  /** Pays `reward` to the referrer of `userId`, once, when the rules allow it. */
  private async reward(tx: Transaction, userId: string, reward: Reward): Promise<boolean> {
    const referral = await this.deps.referrals.findReferral(tx.db, userId);
    if (!referral?.referred.emailVerified || isSelfReferral(referral)) return false;
    const paid = await this.deps.credits.addEarned(tx.db, {
      userId: referral.referrer.id,
      amount: reward.amount,
      description: `Referral: ${referral.name}`,
      reference: reward.reference,
    });
    if (!paid) return false;
    await this.deps.notifications.notify(tx, referral.referrer.id, {
      kind: 'referral_rewarded',
      title: 'Referral Reward',
      message: `${reward.why(referral.name)}: ${reward.amount} credits added to your balance.`,
    });
    return true;
  }

  async summary(user: { id: string; referralCode: string }): Promise<ReferralSummary> {
    const [joined, rewarded, earned] = await Promise.all([
      this.deps.members.countReferred(user.id),
      this.deps.credits.earnedByReference(user.id, FIRST_VIDEO_REFERENCE),
      this.deps.credits.earnedByReference(user.id, 'referral'),
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
