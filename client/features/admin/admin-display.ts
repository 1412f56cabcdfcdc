// How the admin screens name a member and word a submission's reward.
import { describeReward, rewardFor } from '@shared/earning';
import type { AdminSubmission } from '@shared/schemas/submissions';

type Named = { firstName: string | null; lastName: string | null; email: string };

/** "Ada Lovelace", or the email when the member gave no name. */
export function memberName(member: Named): string {
  return [member.firstName, member.lastName].filter(Boolean).join(' ').trim() || member.email;
}

export function creditsText(credits: number): string {
  return `${credits.toLocaleString('en-US')} credit${credits === 1 ? '' : 's'}`;
}

/**
 * What approving would pay. A view milestone on a post already paid for a lower tier pays only the
 * difference, which only the server knows, so the queue promises "up to" the tier's reward.
 */
export function pendingRewardText(
  submission: Pick<AdminSubmission, 'submissionType' | 'viewCount'>,
): string {
  const reward = describeReward(rewardFor(submission.submissionType, submission.viewCount));
  return submission.submissionType === 'view_milestone' ? `up to ${reward}` : reward;
}

/** What an approval paid: credits, or the 1M+ views month of Elite (recorded as 0 credits). */
export function awardedText(
  submission: Pick<AdminSubmission, 'submissionType' | 'viewCount' | 'creditsAwarded'>,
): string | null {
  if (submission.creditsAwarded === null) return null;
  if (submission.creditsAwarded === 0) {
    const reward = rewardFor(submission.submissionType, submission.viewCount);
    if (reward.eliteMonths > 0) return describeReward(reward);
  }
  return creditsText(submission.creditsAwarded);
}
