// Verified payment webhook events, stored once by their provider id so a redelivery is a no-op.
import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

export const paymentEvents = pgTable('payment_events', {
  id: text().primaryKey(),
  type: text().notNull(),
  userId: text().references(() => users.id, { onDelete: 'set null' }),
  payload: jsonb().notNull(),
  processedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
