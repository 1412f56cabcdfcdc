// Stock footage (Pexels, Pixabay): the licence record of every asset a video shows, and what
// every worker node shares about the services: each one's request budget, the search answers
// cached for a day (as Pixabay's terms ask), and when each asset was last used.
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { users } from './users';
import { videoGeneratedContent } from './videos';

/** One asset a finished video shows, with who made it and under which licence. */
export const videoStockAssets = pgTable(
  'video_stock_assets',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    contentId: integer()
      .notNull()
      .references(() => videoGeneratedContent.id, { onDelete: 'cascade' }),
    /** The video's owner (their data export lists these rows). */
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Its order in the video (first shown first). */
    position: integer().notNull(),
    provider: text().notNull(),
    assetId: text().notNull(),
    pageUrl: text().notNull(),
    author: text().notNull(),
    authorUrl: text().notNull(),
    licence: text().notNull(),
    licenceUrl: text().notNull(),
    fileUrl: text().notNull(),
    fetchedAt: timestamp({ withTimezone: true }).notNull(),
    /** Our copy, kept with the video while it exists (null: not kept, as in a combination). */
    storageKey: text(),
  },
  (table) => [
    unique('video_stock_assets_content_position_key').on(table.contentId, table.position),
    index('video_stock_assets_fetched_idx').on(table.fetchedAt.desc()),
  ],
);

/** Requests each service has had in its current window, shared by every worker node. */
export const stockRateBudgets = pgTable('stock_rate_budgets', {
  provider: text().primaryKey(),
  windowStartedAt: timestamp({ withTimezone: true }).notNull(),
  used: integer().notNull().default(0),
  /** Not asked again before this (after a 429, or a window the service says is spent). */
  blockedUntil: timestamp({ withTimezone: true }),
});

/** A search's answer, reused for 24 hours by every video that asks the same. */
export const stockSearchCache = pgTable(
  'stock_search_cache',
  {
    provider: text().notNull(),
    media: text().notNull(),
    /** The normalised query, its language and orientation. */
    queryKey: text().notNull(),
    answer: jsonb().notNull(),
    fetchedAt: timestamp({ withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.media, table.queryKey] }),
    index('stock_search_cache_fetched_idx').on(table.fetchedAt),
  ],
);

/** When each asset was last put in a video: the same query from another video prefers others. */
export const stockAssetUses = pgTable(
  'stock_asset_uses',
  {
    provider: text().notNull(),
    assetId: text().notNull(),
    lastUsedAt: timestamp({ withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [primaryKey({ columns: [table.provider, table.assetId] })],
);
