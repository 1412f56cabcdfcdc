// Personal API keys: only a SHA-256 hash of each key is kept (keys are long and random, so a slow
// hash would only cost every request), with its scopes and optional monthly credit cap. A revoked
// key stays as a row, so its spending history and "revoked" answer outlive it.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** Hex SHA-256 of the whole key. */
    keyHash: text().notNull(),
    /** The key's first characters, shown in the list to tell keys apart. */
    prefix: text().notNull(),
    scopes: text().array().notNull(),
    /** Credits its calls may spend per calendar month (UTC); null: no cap. */
    monthlyCreditCap: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Written at most once a minute per key, so reads stay reads. */
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('api_keys_hash_idx').on(table.keyHash),
    index('api_keys_user_idx')
      .on(table.userId, table.createdAt)
      .where(sql`${table.revokedAt} is null`),
  ],
);

/**
 * What each key's calls spent, one line per paid render attempt (`reference` as in the credit
 * ledger) and one per refund of it: the month's spend is their sum. An Elite video counts 1.
 */
export const apiKeySpends = pgTable(
  'api_key_spends',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    apiKeyId: uuid()
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    /** `spend` (positive credits) or `refund` (negative). */
    kind: text().notNull(),
    credits: integer().notNull(),
    reference: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One key pays for a render attempt at most; a refund finds it by the attempt's reference.
    uniqueIndex('api_key_spends_reference_idx').on(table.kind, table.reference),
    index('api_key_spends_month_idx').on(table.apiKeyId, table.createdAt),
  ],
);
