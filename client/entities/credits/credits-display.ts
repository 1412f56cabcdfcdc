// What a credits counter shows (spec/product.md §6, spec/api.md §7.1, §9.4): the balance, ∞ for
// Elite, '--' when the balance could not be loaded, and whether it is low (2 or fewer).
import { CREDITS_PER_VIDEO } from '@shared/catalogue';
import { LIMITS } from '@shared/limits';
import type { CreditsResponse } from '@shared/schemas/videos';
import { TIER_RULES, type Tier } from '@shared/tiers';

export type CreditsDisplay = {
  text: string;
  unlimited: boolean;
  /** Low enough to suggest earning or buying more. */
  low: boolean;
};

export const UNLIMITED_CREDITS_TEXT = '∞';
export const CREDITS_UNAVAILABLE_TEXT = '--';

/** Null while the balance is still loading. */
export function creditsDisplay({
  memberLevel,
  credits,
  failed,
}: {
  memberLevel: Tier;
  credits: CreditsResponse | undefined;
  failed: boolean;
}): CreditsDisplay | null {
  // The plan decides unlimited, so Elite reads ∞ even before (or without) an answer.
  if (TIER_RULES[memberLevel].monthlyCredits === null || credits?.unlimited) {
    return { text: UNLIMITED_CREDITS_TEXT, unlimited: true, low: false };
  }
  if (credits && credits.remainingCredits !== null) {
    const remaining = credits.remainingCredits;
    return {
      text: String(remaining),
      unlimited: false,
      low: remaining <= LIMITS.lowCreditThreshold,
    };
  }
  if (failed || credits) return { text: CREDITS_UNAVAILABLE_TEXT, unlimited: false, low: false };
  return null;
}

/** 'You have N credit(s) but need 1 to create a video.', with ∞ for unlimited plans. */
export function insufficientCreditsMessage(remainingCredits: number | null): string {
  const have =
    remainingCredits === null
      ? `${UNLIMITED_CREDITS_TEXT} credits`
      : `${remainingCredits} credit${remainingCredits === 1 ? '' : 's'}`;
  return `You have ${have} but need ${CREDITS_PER_VIDEO} to create a video.`;
}
