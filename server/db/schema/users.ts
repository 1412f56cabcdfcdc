// Members. better-auth owns the account columns (name, email, emailVerified, image); the plan,
// names and referral fields are ours. The stored plan is what every rule reads.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  pgTable,
  real,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** What the member picker searches: first and last name and email, lower-cased, in one text. */
export const userSearchText = sql`(lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || email))`;

export const users = pgTable(
  'users',
  {
    id: text().primaryKey(),
    name: text().notNull(),
    email: text().notNull().unique(),
    emailVerified: boolean().notNull().default(false),
    image: text(),
    firstName: text(),
    lastName: text(),
    memberLevel: text().notNull().default('Free'),
    /** When set, memberLevel falls back to planRevertsTo at this time (admin grants with `until`). */
    planExpiresAt: timestamp({ withTimezone: true }),
    planRevertsTo: text(),
    referralCode: text().notNull().unique(),
    referredBy: text().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** Monthly allowance periods count from here (sign-up when null; moved when a paid plan ends). */
    allowanceAnchorAt: timestamp({ withTimezone: true }),
    /** The member at the payment provider, once they have paid (it opens the billing portal). */
    stripeCustomerId: text().unique('users_stripe_customer_id_key'),
    /**
     * The subscription that pays for the member's plan, while one does. Its paid invoices renew the
     * monthly allowance, instead of the calendar.
     */
    stripeSubscriptionId: text(),
    /** When the subscription's paid period ends (it renews or, when cancelled, ends then). */
    subscriptionPeriodEnd: timestamp({ withTimezone: true }),
    /**
     * The member's defaults for new videos and jobs (Profile): the voice (null: no voice), its
     * speed and the caption style. A new member gets the offline US English voice.
     */
    voiceId: text().default('offline-en-us'),
    voiceSpeed: real().notNull().default(1),
    captionStyle: text().notNull().default('karaoke'),
    /**
     * When the member deleted their account: the row stays, emptied of personal data, only so
     * the ledger and payment records accounting keeps still add up.
     */
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('users_created_idx').on(table.createdAt.desc(), table.id.desc()),
    index('users_referred_by_idx').on(table.referredBy),
    index('users_stripe_subscription_idx').on(table.stripeSubscriptionId),
    // The admin's member picker searches names and email anywhere in them (pg_trgm).
    index('users_search_idx').using('gin', sql`${userSearchText} gin_trgm_ops`),
    check('users_member_level_check', sql`${table.memberLevel} in ('Free', 'Pro', 'Elite')`),
    check('users_caption_style_check', sql`${table.captionStyle} in ('karaoke', 'pop', 'minimal')`),
    check(
      'users_plan_reverts_to_check',
      sql`${table.planRevertsTo} is null or ${table.planRevertsTo} in ('Free', 'Pro', 'Elite')`,
    ),
  ],
);

export type UserRow = typeof users.$inferSelect;
