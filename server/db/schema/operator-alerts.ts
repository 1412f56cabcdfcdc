// Things the operator must act on, shown in Admin Tools until dismissed: a model the provider has
// retired, say. One open alert per key, so a failing model does not raise one per video.
import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const operatorAlerts = pgTable(
  'operator_alerts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** What it is about, e.g. `model-retired:veo:veo-3.1-generate-preview`. */
    key: text().notNull(),
    title: text().notNull(),
    message: text().notNull(),
    /** How many times it happened while open. */
    occurrences: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    dismissedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('operator_alerts_open_key').on(table.key).where(sql`${table.dismissedAt} is null`),
  ],
);
