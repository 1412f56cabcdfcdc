// One-time links sent by email: a password reset, an email address to verify, a change of email.
// Only the token's SHA-256 is stored, so a copied database opens no account; each is used once and
// runs out (a reset within an hour).
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

export const accountTokens = pgTable(
  'account_tokens',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `password_reset`, `verify_email` or `change_email`. */
    purpose: text().notNull(),
    /** SHA-256 of the token in the link, hex. */
    tokenHash: text().notNull().unique(),
    /** The address a verification confirms (the new one, for a change of email). */
    email: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('account_tokens_user_idx').on(table.userId, table.purpose),
    check(
      'account_tokens_purpose_check',
      sql`${table.purpose} in ('password_reset', 'verify_email', 'change_email')`,
    ),
  ],
);
