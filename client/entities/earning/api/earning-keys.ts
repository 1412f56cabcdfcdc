// The member's earning cache keys: their proof submissions and their referrals, which reviews and
// rewards (notifications) change.
export const earningKeys = {
  /** GET /api/submissions. */
  submissions: () => ['/api/submissions'] as const,
  /** GET /api/referrals. */
  referrals: () => ['/api/referrals'] as const,
};
