// Outbound webhooks: a member's endpoints (the signing secret sealed, the previous one kept for a
// day after a rotation) and every delivery, written in the transaction that causes its event and
// sent by the `deliver-webhook` queue job. A delivery's id is the `webhook-id` on every attempt.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    events: text().array().notNull(),
    description: text().notNull().default(''),
    /** The `whsec_…` secret, sealed with the server's token cipher. */
    secretSealed: text().notNull(),
    /** The secret before the last rotation, signed with too until previousSecretExpiresAt. */
    previousSecretSealed: text(),
    previousSecretExpiresAt: timestamp({ withTimezone: true }),
    /** Set when it was turned off: by a 410, by 3 days of failures, or by the member. */
    disabledAt: timestamp({ withTimezone: true }),
    disabledReason: text(),
    /** The first failure since the last success; null while deliveries succeed. */
    failingSince: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('webhook_endpoints_user_idx').on(table.userId, table.createdAt)],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    /** `msg_…`: the webhook-id header, the same on every attempt. */
    id: text().primaryKey(),
    endpointId: uuid()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    event: text().notNull(),
    /** The exact JSON body sent (signed as these bytes). */
    payload: text().notNull(),
    /** pending, delivered or failed. */
    status: text().notNull().default('pending'),
    statusCode: integer(),
    attempts: integer().notNull().default(0),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp({ withTimezone: true }),
    nextAttemptAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('webhook_deliveries_endpoint_idx').on(table.endpointId, table.createdAt.desc()),
    index('webhook_deliveries_created_idx').on(table.createdAt),
    index('webhook_deliveries_pending_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
  ],
);
