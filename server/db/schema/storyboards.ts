// A member's storyboard: a video planned but not yet rendered (a draft they edit), or a finished
// video's next version being remixed. Rendering it records the request that renders it; from then
// on it is read-only.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';
import { videoCreationRequests, videoGeneratedContent } from './videos';

export const storyboards = pgTable(
  'storyboards',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The render's settings: what POST /api/video-creation-requests takes, plus music. */
    settings: jsonb().notNull(),
    /** The scenes and their shots, with each shot's chosen visual and candidates. */
    board: jsonb().notNull(),
    /** The video this storyboard remixes (its next version); null: a new video. */
    contentId: integer().references(() => videoGeneratedContent.id, { onDelete: 'cascade' }),
    /** The request that rendered it; set once, by the first render. */
    requestId: integer().references(() => videoCreationRequests.id, { onDelete: 'set null' }),
    renderedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('storyboards_user_idx').on(table.userId, table.updatedAt.desc()),
    // The purge of drafts untouched for 30 days reads only the open ones.
    index('storyboards_open_idx').on(table.updatedAt).where(sql`${table.renderedAt} is null`),
  ],
);
