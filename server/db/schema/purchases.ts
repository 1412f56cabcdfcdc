// One row per paid checkout (a credit pack or the start of a membership), keyed by the checkout
// session, so a purchase is applied once whichever of its events arrives, and a later refund finds
// the pack it takes credits back from.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

export const purchases = pgTable(
  'purchases',
  {
    /** The checkout session id. */
    id: text().primaryKey(),
    userId: text().references(() => users.id, { onDelete: 'set null' }),
    /** pro, elite, starter, creator, power or ultimate. */
    product: text().notNull(),
    /** Bonus credits the purchase added (a pack's credits; 0 for a membership). */
    credits: integer().notNull().default(0),
    /** Credits a refund has taken back so far. */
    creditsTakenBack: integer().notNull().default(0),
    amountCents: integer(),
    currency: text(),
    paymentIntentId: text(),
    customerId: text(),
    subscriptionId: text(),
    /** The event that applied it. */
    eventId: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('purchases_payment_intent_idx').on(table.paymentIntentId),
    index('purchases_user_idx').on(table.userId),
    check(
      'purchases_taken_back_check',
      sql`${table.creditsTakenBack} between 0 and ${table.credits}`,
    ),
  ],
);

export type PurchaseRow = typeof purchases.$inferSelect;
