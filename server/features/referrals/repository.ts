// SQL for referral rewards: a referred member and their referrer as the reward rules compare them
// (addresses, verification, Stripe customers), and whether the referred member has done what
// pays (a completed video, a paid checkout).
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { purchases, users, videoGeneratedContent } from '../../db/schema';

/** One side of a referral, as the reward rules read it. */
export type ReferralParty = {
  id: string;
  email: string;
  emailVerified: boolean;
  /** Every Stripe customer the member has been: the one on their row and each purchase's. */
  customerIds: string[];
};

export type Referral = {
  /** How the referrer's ledger and notifications name the referred member. */
  name: string;
  referred: ReferralParty;
  referrer: ReferralParty;
};

export class ReferralsRepository {
  /**
   * The referred member's row, locked until the transaction ends. Every reward check takes this
   * lock first, and so does the transaction that applies their payment: whichever of verification,
   * first video and first payment commits last, its check sees the others.
   */
  async lockReferred(db: Database, userId: string): Promise<void> {
    await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  }

  /** The member who referred `userId`, and both of them; undefined when nobody did. */
  async findReferral(db: Database, userId: string): Promise<Referral | undefined> {
    const [referred] = await db
      .select({
        id: users.id,
        email: users.email,
        emailVerified: users.emailVerified,
        referrerId: users.referredBy,
        name: users.name,
        firstName: users.firstName,
        customerId: users.stripeCustomerId,
      })
      .from(users)
      .where(eq(users.id, userId));
    if (!referred?.referrerId) return undefined;
    const [referrer] = await db
      .select({
        id: users.id,
        email: users.email,
        emailVerified: users.emailVerified,
        customerId: users.stripeCustomerId,
      })
      .from(users)
      .where(eq(users.id, referred.referrerId));
    if (!referrer) return undefined;
    const bought = await db
      .select({ userId: purchases.userId, customerId: purchases.customerId })
      .from(purchases)
      .where(
        and(inArray(purchases.userId, [referred.id, referrer.id]), isNotNull(purchases.customerId)),
      );
    const customersOf = (party: { id: string; customerId: string | null }) => [
      ...new Set(
        [
          party.customerId,
          ...bought.filter((row) => row.userId === party.id).map((row) => row.customerId),
        ].filter((id): id is string => id !== null),
      ),
    ];
    const party = (row: typeof referrer): ReferralParty => ({
      id: row.id,
      email: row.email,
      emailVerified: row.emailVerified,
      customerIds: customersOf(row),
    });
    return {
      name: referred.firstName ?? referred.name,
      referred: party(referred),
      referrer: party(referrer),
    };
  }

  /** Whether the member has a finished video (one they have not deleted). */
  async hasCompletedVideo(db: Database, userId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: videoGeneratedContent.id })
      .from(videoGeneratedContent)
      .where(eq(videoGeneratedContent.userId, userId))
      .limit(1);
    return row !== undefined;
  }

  /** Whether the member has paid a checkout (a pack or a membership's first payment). */
  async hasPaid(db: Database, userId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: purchases.id })
      .from(purchases)
      .where(eq(purchases.userId, userId))
      .limit(1);
    return row !== undefined;
  }
}
