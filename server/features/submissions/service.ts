// Earning by proof (spec/product.md §5 "Proof submission", §4 "Submission status"): the rules a
// submission must pass, the anti-abuse rules a real service needs (docs/earning.md), and the review,
// where approval pays the reward in the same transaction as the status change, exactly once.

import type pg from 'pg';
import { REWARDS } from '../../../shared/catalogue';
import {
  describeReward,
  type FollowType,
  followPlatform,
  identifyPost,
  isFollowType,
  type Reward,
  rewardFor,
  SUBMISSION_TYPE_LABELS,
  type SubmissionType,
  viewMilestoneFor,
} from '../../../shared/earning';
import { formatLongDate } from '../../../shared/format';
import type {
  AdminSubmission,
  NewSubmission,
  ReviewSubmission,
  Submission,
} from '../../../shared/schemas/submissions';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { SubmissionRow, UserRow } from '../../db/schema';
import { inTransaction, type Transaction } from '../../db/transaction';
import { Conflict, NotFound, ValidationFailed } from '../../errors';
import { requireVerifiedEmail } from '../auth';
import type { CreditsService } from '../credits';
import { addMonthsClamped } from '../credits';
import type { MemberRecords } from '../members';
import type { NotificationsService } from '../notifications';
import type { TiersService } from '../tiers';
import { presentAdminSubmission, presentSubmission } from './presenter';
import type { SubmissionsRepository } from './repository';

/** Submissions a member may have waiting at once: enough for every task, not a flood. */
export const PENDING_LIMIT = 10;
const OWN_LIST_LIMIT = 50;
const REVIEW_PAGE = 100;

export const MESSAGES = {
  tooManyPending: `You have ${PENDING_LIMIT} submissions waiting for review. Please wait for them to be reviewed before sending more.`,
  followPaid: (platform: string) => `You have already earned the reward for ${platform}.`,
  followPending: (platform: string) => `Your ${platform} submission is already waiting for review.`,
  postPaid: 'This post has already been rewarded.',
  postPending: 'This post is already waiting for review.',
  milestonePaid: 'This post has already been rewarded for this milestone.',
  milestonePending: 'A milestone for this post is already waiting for review.',
  notPending: 'Only pending submissions can be approved or rejected.',
  notFound: 'Submission not found',
} as const;

export class SubmissionsService {
  constructor(
    private readonly deps: {
      pool: pg.Pool;
      repository: SubmissionsRepository;
      members: MemberRecords;
      credits: CreditsService;
      notifications: NotificationsService;
      clock: Clock;
      /** A month of Elite is a plan change like any other, on the member's locked row. */
      tiers: TiersService;
    },
  ) {}

  async submit(user: UserRow, input: NewSubmission): Promise<Submission> {
    // Throwaway accounts must not farm credits: a proof needs an address that answers.
    requireVerifiedEmail(user, 'submitting proof');
    const { repository } = this.deps;
    const type = input.submissionType;
    // Only the fields a type uses are kept: a handle sent with an X post means nothing.
    const key = type === 'x_post' || type === 'view_milestone' ? postKeyOf(input.postLink) : null;
    return inTransaction(this.deps.pool, async (tx) => {
      // The member's row is held until the insert commits, so sessions sending at once take
      // turns: each counts the waiting submissions with the ones before it already stored.
      await this.deps.members.lockById(tx.db, user.id);
      if ((await repository.countPending(user.id, tx.db)) >= PENDING_LIMIT) {
        throw new Conflict('TOO_MANY_PENDING', MESSAGES.tooManyPending);
      }
      if (isFollowType(type)) await this.checkFollow(tx.db, user.id, type);
      else if (key) await this.checkPost(tx.db, type, key, input.viewCount);

      const row = await repository
        .insert(tx.db, {
          userId: user.id,
          submissionType: type,
          postLink: key ? input.postLink : null,
          postKey: key,
          viewCount: type === 'view_milestone' ? input.viewCount : null,
          socialHandle: isFollowType(type) ? input.socialHandle : null,
          description: input.description,
          screenshotUrl: input.screenshotUrl,
        })
        .catch((error) => {
          // The member's lock already lines up two sends of one follow; the index stays the last
          // word, whatever writes the table.
          if (isUniqueViolation(error, 'submissions_follow_pending_idx') && isFollowType(type)) {
            const platform = followPlatform(type).name;
            throw new Conflict('ALREADY_SUBMITTED', MESSAGES.followPending(platform));
          }
          throw error;
        });
      return presentSubmission(row);
    });
  }

  /** One reward per platform per member, and one submission of it waiting at a time. */
  private async checkFollow(db: Database, userId: string, type: FollowType) {
    const platform = followPlatform(type).name;
    const existing = await this.deps.repository.findOwnOfType(db, userId, type);
    if (existing.some((row) => row.status === 'approved')) {
      throw new Conflict('ALREADY_REWARDED', MESSAGES.followPaid(platform));
    }
    if (existing.some((row) => row.status === 'pending')) {
      throw new Conflict('ALREADY_SUBMITTED', MESSAGES.followPending(platform));
    }
  }

  /**
   * A post is paid for once, whoever sends it: an X post once; a view milestone once per tier, and
   * only above the highest tier paid so far. One submission per post waits for review at a time.
   */
  private async checkPost(
    db: Database,
    type: SubmissionType,
    key: string,
    viewCount: number | null,
  ) {
    const others = await this.deps.repository.findForPost(type, key, { db });
    if (type === 'x_post') {
      if (others.some((row) => row.status === 'approved')) {
        throw new Conflict('ALREADY_REWARDED', MESSAGES.postPaid);
      }
      if (others.length > 0) throw new Conflict('ALREADY_SUBMITTED', MESSAGES.postPending);
      return;
    }
    if (highestPaidTier(others) >= tierIndex(viewCount)) {
      throw new Conflict('ALREADY_REWARDED', MESSAGES.milestonePaid);
    }
    if (others.some((row) => row.status === 'pending')) {
      throw new Conflict('ALREADY_SUBMITTED', MESSAGES.milestonePending);
    }
  }

  async listOwn(userId: string): Promise<Submission[]> {
    const rows = await this.deps.repository.listOwn(userId, OWN_LIST_LIMIT);
    return rows.map(presentSubmission);
  }

  async listForReview(status?: Submission['status']): Promise<AdminSubmission[]> {
    const rows = await this.deps.repository.listForReview({ status, limit: REVIEW_PAGE });
    return rows.map(presentAdminSubmission);
  }

  /**
   * Approves (paying the reward) or rejects (with the reason) a pending submission, and tells its
   * member; all in one transaction on the locked row, so concurrent reviews take turns and the
   * second finds it reviewed already.
   */
  async review(admin: UserRow, id: number, review: ReviewSubmission): Promise<Submission> {
    const { repository, notifications, clock } = this.deps;
    return inTransaction(this.deps.pool, async (tx) => {
      const submission = await repository.lockForReview(tx.db, id);
      if (!submission) throw new NotFound(MESSAGES.notFound);
      if (submission.status !== 'pending') throw new Conflict('NOT_PENDING', MESSAGES.notPending);
      const label = SUBMISSION_TYPE_LABELS[submission.submissionType as SubmissionType];
      const reviewed = {
        adminNotes: review.adminNote,
        reviewedBy: admin.id,
        reviewedAt: clock.now(),
      };

      if (review.status === 'rejected') {
        const row = await repository.recordReview(tx.db, id, {
          status: 'rejected',
          creditsAwarded: null,
          ...reviewed,
        });
        await notifications.notify(tx, row.userId, {
          kind: 'submission_rejected',
          title: 'Submission Rejected',
          message: `Your ${label} submission was not approved. Reason: ${review.adminNote}`,
        });
        return presentSubmission(row);
      }

      // A month of Elite changes the member's plan, on their locked row. It is taken first, before
      // the post's lock and the review's write: a submission being sent holds the same row, and
      // taking it first keeps the two from each waiting on the other.
      const member =
        rewardFor(submission.submissionType as SubmissionType, submission.viewCount).eliteMonths > 0
          ? await this.deps.tiers.lockMember(tx, submission.userId)
          : undefined;
      const reward = await this.rewardDue(tx.db, submission);
      const row = await repository
        .recordReview(tx.db, id, {
          status: 'approved',
          creditsAwarded: reward.credits,
          ...reviewed,
        })
        .catch((error) => {
          // Another submission of the same post or platform was approved in between.
          if (isUniqueViolation(error, 'submissions_x_post_paid_idx')) {
            throw new Conflict('ALREADY_REWARDED', MESSAGES.postPaid);
          }
          if (isUniqueViolation(error, 'submissions_follow_paid_idx')) {
            const platform = followPlatform(submission.submissionType as never).name;
            throw new Conflict('ALREADY_REWARDED', MESSAGES.followPaid(platform));
          }
          throw error;
        });
      const elite = member ? await this.giveElite(tx, member, row, reward) : null;
      await this.deps.credits.addEarned(tx.db, {
        userId: row.userId,
        amount: reward.credits,
        description: `${label} approved: ${describeReward(reward)}`,
        reference: `submission:${row.id}`,
      });
      const what = !elite
        ? `${describeReward(reward)} added to your balance.`
        : elite.until
          ? `you're on Elite until ${formatLongDate(elite.until)}.`
          : 'your plan is Elite already, so nothing changes.';
      await notifications.notify(tx, row.userId, {
        kind: 'submission_approved',
        title: 'Submission Approved',
        message: `Your ${label} submission was approved: ${what}`,
      });
      return presentSubmission(row);
    });
  }

  /**
   * What approving pays now. A view milestone pays the difference between its tier and what the
   * post has been paid already (10K after 1K: 15 − 1 = 14), and nothing at or below a tier paid.
   */
  private async rewardDue(db: Database, submission: SubmissionRow): Promise<Reward> {
    const type = submission.submissionType as SubmissionType;
    const reward = rewardFor(type, submission.viewCount);
    if (type !== 'view_milestone' || !submission.postKey) return reward;
    await this.deps.repository.lockPost(db, submission.postKey);
    const others = await this.deps.repository.findForPost(type, submission.postKey, {
      db,
      exceptId: submission.id,
    });
    if (highestPaidTier(others) >= tierIndex(submission.viewCount)) {
      throw new Conflict('ALREADY_REWARDED', MESSAGES.milestonePaid);
    }
    const paid = others
      .filter((row) => row.status === 'approved')
      .reduce((sum, row) => sum + (row.creditsAwarded ?? 0), 0);
    return { credits: Math.max(0, reward.credits - paid), eliteMonths: reward.eliteMonths };
  }

  /**
   * The 1M+ views milestone: Elite for a month, as a plan change with an end date, made by
   * TiersService on the member's locked row as an admin's change is (its `plan_change` ledger
   * entry included). A member on a temporary Elite already gets the month added to its end; the
   * plan then returns to theirs.
   */
  private async giveElite(
    tx: Transaction,
    member: UserRow,
    submission: SubmissionRow,
    reward: Reward,
  ): Promise<{ until: Date | null }> {
    const now = this.deps.clock.now();
    // A member who pays for Elite keeps it: a month on top would only end in Elite again.
    if (member.memberLevel === 'Elite' && !member.planExpiresAt) return { until: null };
    const from =
      member.memberLevel === 'Elite' && member.planExpiresAt && member.planExpiresAt > now
        ? member.planExpiresAt
        : now;
    const until = addMonthsClamped(from, reward.eliteMonths);
    await this.deps.tiers.putOnPlan(tx, member, 'Elite', until, `submission:${submission.id}`);
    return { until };
  }
}

/** The post a link names, or a 400 in the member's words when it names none we can tell. */
function postKeyOf(link: string | null): string {
  const post = identifyPost(link ?? '');
  if (post.key === null) throw new ValidationFailed(post.refusal, 'postLink');
  return post.key;
}

/** The position of a view count's milestone (0 for 1K+), or -1 below the first. */
function tierIndex(viewCount: number | null): number {
  const milestone = viewMilestoneFor(viewCount ?? 0);
  return milestone ? REWARDS.viewMilestones.indexOf(milestone) : -1;
}

function highestPaidTier(rows: SubmissionRow[]): number {
  return Math.max(
    -1,
    ...rows.filter((row) => row.status === 'approved').map((row) => tierIndex(row.viewCount)),
  );
}
