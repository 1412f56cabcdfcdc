// Creator Engine jobs: scheduled automations that create videos from brand details or one master
// prompt with rotating item lists. Each job is also a folder (type 'job') in the library.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { PublishTo } from '../../../shared/schemas/publishing';
import { users } from './users';

export const videoJobs = pgTable(
  'video_jobs',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jobName: text().notNull(),
    postType: text().notNull().default('video'),
    frequency: text().notNull(),
    scenes: integer().notNull().default(1),
    aspectRatio: text().notNull().default('landscape'),
    isActive: boolean().notNull().default(true),
    advancedMode: boolean().notNull().default(false),
    masterPrompt: text(),
    brandName: text(),
    brandDescription: text(),
    focusFeatures: text(),
    callToAction: text(),
    filmStyle: text(),
    dynamicSet: text(),
    /** The job's logo. */
    sourceImageUrl: text(),
    /** The scene source its runs use; null: the server's default for the member. */
    sceneSource: text(),
    watermark: boolean().notNull().default(true),
    /** The voice of its videos (null: no voice), its speed and the caption style. */
    voiceId: text(),
    voiceSpeed: real().notNull().default(1),
    captionStyle: text().notNull().default('karaoke'),
    /** Where each video it completes is published; null: nowhere. */
    publishTo: jsonb().$type<PublishTo>(),
    /** What the last run's publishing did, for the jobs list. */
    lastPublishResult: text(),
    /** Position in the master prompt's item lists, 1-based; wraps after the longest list. */
    itemListIndex: integer().notNull().default(1),
    nextRunAt: timestamp({ withTimezone: true }),
    lastRunAt: timestamp({ withTimezone: true }),
    lastResult: text(),
    /** Why an active job is not running (plan below Pro, …); null when it runs. */
    pausedReason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('video_jobs_user_idx').on(table.userId),
    index('video_jobs_due_idx').on(table.nextRunAt).where(sql`${table.isActive}`),
    check('video_jobs_scenes_check', sql`${table.scenes} between 1 and 4`),
    check('video_jobs_item_list_index_check', sql`${table.itemListIndex} >= 1`),
  ],
);
