// Append-only record of every credit movement. `reference` makes a movement idempotent: the same
// refund or purchase can never be written twice.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Positive adds credits, negative spends them. */
    amount: integer().notNull(),
    /** allowance, spend, refund, earn, purchase, grant, referral… ('earn' for admin grants). */
    transactionType: text().notNull(),
    /** Which bucket moved: allowance or bonus. */
    bucket: text().notNull().default('bonus'),
    description: text().notNull(),
    videoRequestId: integer(),
    reference: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('credit_ledger_user_created_idx').on(table.userId, table.createdAt.desc()),
    uniqueIndex('credit_ledger_reference_idx')
      .on(table.transactionType, table.reference)
      .where(sql`${table.reference} is not null`),
  ],
);
