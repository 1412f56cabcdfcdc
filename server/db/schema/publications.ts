// A finished video going to YouTube, TikTok or Instagram: one row per platform it is sent to,
// whether a member asked or a Creator Engine job did. The row is the durable truth of the upload:
// a worker holds it through a lease, and the platform's progress (a session URL, a publish id, a
// container id) is saved sealed at each point a crash could otherwise make it post twice.
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { TikTokAllow } from '../../../shared/schemas/publishing';
import { users } from './users';
import { videoJobRuns } from './video-job-runs';
import { videoJobs } from './video-jobs';
import { videoGeneratedContent } from './videos';

export const publications = pgTable(
  'publications',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Deleting the video deletes its publications: a worker mid-upload then stops, posting nothing. */
    videoId: integer()
      .notNull()
      .references(() => videoGeneratedContent.id, { onDelete: 'cascade' }),
    /** The version of the video it posted (the current one when it was asked for). */
    videoVersion: integer().notNull().default(1),
    platform: text().notNull(),
    status: text().notNull().default('queued'),
    title: text().notNull(),
    description: text().notNull(),
    hashtags: jsonb().$type<string[]>().notNull().default([]),
    privacy: text().notNull(),
    tiktokPrivacyLevel: text(),
    /** TikTok: what viewers may do (comment, Duet, Stitch); null: the creator's own settings. */
    tiktokAllow: jsonb().$type<TikTokAllow>(),
    /** Upload progress, 0–100. */
    progress: integer().notNull().default(0),
    /** The publisher's own progress (JSON), sealed: it can hold upload capabilities. */
    checkpointSealed: text(),
    postId: text(),
    postUrl: text(),
    /** Why it failed, in words a member can act on. */
    error: text(),
    /** Something the member should know of a published one (posted privately, say). */
    note: text(),
    /** Passing failures (429, 5xx, network) tried again so far. */
    retries: integer().notNull().default(0),
    /** The worker moving it now, and until when its claim holds without a heartbeat. */
    leaseOwner: text(),
    leaseExpiresAt: timestamp({ withTimezone: true }),
    /** When its next queued step is due; one long overdue lost its job and is queued again. */
    nextStepAt: timestamp({ withTimezone: true }),
    /**
     * A job's video held for the member's review (`held`): until when, and what happens if they
     * have not approved it by then (`publish` or `skip`).
     */
    holdUntil: timestamp({ withTimezone: true }),
    unreviewedAction: text(),
    jobId: integer().references(() => videoJobs.id, { onDelete: 'set null' }),
    jobRunId: integer().references(() => videoJobRuns.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('publications_user_idx').on(table.userId, table.createdAt.desc()),
    index('publications_video_idx').on(table.videoId),
    index('publications_run_idx').on(table.jobRunId).where(sql`${table.jobRunId} is not null`),
    // One post per video and platform: a second publish while one is under way or done is refused
    // here too, whatever races past the service's check.
    uniqueIndex('publications_one_per_platform')
      .on(table.videoId, table.platform)
      .where(sql`${table.status} <> 'failed'`),
    index('publications_held_idx').on(table.holdUntil).where(sql`${table.status} = 'held'`),
    index('publications_active_idx')
      .on(table.nextStepAt)
      .where(sql`${table.status} in ('queued', 'uploading', 'processing')`),
    check(
      'publications_status_check',
      sql`${table.status} in ('held', 'queued', 'uploading', 'processing', 'published', 'failed')`,
    ),
    check(
      'publications_platform_check',
      sql`${table.platform} in ('youtube', 'tiktok', 'instagram')`,
    ),
    check('publications_progress_check', sql`${table.progress} between 0 and 100`),
  ],
);
