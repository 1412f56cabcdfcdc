// Each member's two credit buckets, kept in step with the ledger in the same transaction: the
// monthly allowance (spent first, replaced each period) and bonus credits (never expire).
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

export const creditBalances = pgTable(
  'credit_balances',
  {
    userId: text()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    allowanceRemaining: integer().notNull().default(0),
    /** The current allowance period; the next refresh is due at allowancePeriodEnd. */
    allowancePeriodStart: timestamp({ withTimezone: true }),
    allowancePeriodEnd: timestamp({ withTimezone: true }),
    bonusCredits: integer().notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('credit_balances_allowance_check', sql`${table.allowanceRemaining} >= 0`),
    check('credit_balances_bonus_check', sql`${table.bonusCredits} >= 0`),
  ],
);
