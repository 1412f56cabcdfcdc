// One row per scheduled run of a job. The unique (job, due time) pair is what makes each due run
// happen exactly once, however many schedulers race for it.
import { index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { videoJobs } from './video-jobs';
import { videoCreationRequests } from './videos';

export const videoJobRuns = pgTable(
  'video_job_runs',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    jobId: integer()
      .notNull()
      .references(() => videoJobs.id, { onDelete: 'cascade' }),
    dueAt: timestamp({ withTimezone: true }).notNull(),
    /** created (a video was requested), skipped (e.g. not enough credits) or failed. */
    status: text().notNull(),
    /** manual for Run Now, schedule otherwise. */
    trigger: text().notNull().default('schedule'),
    videoRequestId: integer().references(() => videoCreationRequests.id, { onDelete: 'set null' }),
    reason: text(),
    /** What publishing its video did (where it went, or why not); null: it publishes nowhere. */
    publishResult: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('video_job_runs_job_due_key').on(table.jobId, table.dueAt),
    index('video_job_runs_job_idx').on(table.jobId, table.createdAt.desc()),
  ],
);
