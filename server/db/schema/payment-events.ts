// Verified payment webhook events, stored once by their provider id so a redelivery is a no-op,
// with what handling them did: applied, ignored, or unmatched (an unknown member or product, which
// admins see listed).
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

export const paymentEvents = pgTable(
  'payment_events',
  {
    id: text().primaryKey(),
    type: text().notNull(),
    userId: text().references(() => users.id, { onDelete: 'set null' }),
    payload: jsonb().notNull(),
    /** applied, ignored or unmatched. */
    outcome: text().notNull().default('applied'),
    /** What the event changed, or why it changed nothing. */
    detail: text().notNull().default(''),
    /** When the payment provider created the event (its `created`). */
    eventCreatedAt: timestamp({ withTimezone: true }),
    processedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('payment_events_outcome_idx').on(table.outcome, table.processedAt.desc()),
    check(
      'payment_events_outcome_check',
      sql`${table.outcome} in ('applied', 'ignored', 'unmatched')`,
    ),
  ],
);

export type PaymentEventRow = typeof paymentEvents.$inferSelect;
