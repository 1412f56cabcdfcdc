// A member's connected accounts on the platforms they publish to, with their tokens sealed
// (AES-256-GCM), and the OAuth attempts in flight: a state, bound to the session that started it,
// used once.
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

export const platformConnections = pgTable(
  'platform_connections',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text().notNull(),
    accountId: text().notNull(),
    accountName: text().notNull(),
    /** `connected`, or `reconnect_needed` once the platform refused the grant. */
    status: text().notNull().default('connected'),
    accessTokenSealed: text().notNull(),
    refreshTokenSealed: text(),
    /** When the access token runs out; refreshed before then. */
    expiresAt: timestamp({ withTimezone: true }),
    scopes: text().notNull().default(''),
    connectedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('platform_connections_member_platform').on(table.userId, table.platform)],
);

export const oauthStates = pgTable(
  'oauth_states',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** SHA-256 of the state sent to the platform: the state itself is never stored. */
    stateHash: text().notNull().unique(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The session that started the attempt: only it may finish it. */
    sessionId: text().notNull(),
    platform: text().notNull(),
    codeVerifierSealed: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('oauth_states_expires_idx').on(table.expiresAt)],
);
