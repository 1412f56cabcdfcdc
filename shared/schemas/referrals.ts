// GET /api/referrals: the member's referral link and what it has brought them (spec/api.md §9.3).
export type ReferralSummary = {
  code: string;
  /** PUBLIC_URL/?ref=CODE */
  link: string;
  /** Members who signed up with the code. */
  joined: number;
  /** Of those, the ones whose reward has been paid (their first video is done). */
  rewarded: number;
  creditsEarned: number;
};

/** A member's referral link: the landing page with their code (spec/api.md §2). */
export function referralLink(publicUrl: string, code: string): string {
  return `${publicUrl}/?ref=${encodeURIComponent(code)}`;
}
