// GET /api/referrals: the member's referral link and what it has brought them (spec/api.md §9.3).
import { z } from 'zod';

export const referralSummarySchema = z.object({
  code: z.string(),
  link: z.string().describe('PUBLIC_URL/?ref=CODE'),
  joined: z.number().int().describe('Members who signed up with the code.'),
  rewarded: z
    .number()
    .int()
    .describe('Of those, the ones whose reward has been paid (their first video is done).'),
  creditsEarned: z.number().int(),
});
export type ReferralSummary = z.infer<typeof referralSummarySchema>;

/** A member's referral link: the landing page with their code (spec/api.md §2). */
export function referralLink(publicUrl: string, code: string): string {
  return `${publicUrl}/?ref=${encodeURIComponent(code)}`;
}
