// Earn-by-proof submissions (posts, follows, view milestones) that admins approve or reject. The
// partial unique indexes are the anti-abuse rules that must hold even when requests race: one paid
// follow per platform per member, one pending follow of a kind, one paid X post per post.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

export const submissions = pgTable(
  'submissions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    submissionType: text().notNull(),
    status: text().notNull().default('pending'),
    postLink: text(),
    /** The post behind postLink, however it was spelled (shared/earning.ts postKey). */
    postKey: text(),
    viewCount: integer(),
    socialHandle: text(),
    description: text(),
    screenshotUrl: text(),
    adminNotes: text(),
    creditsAwarded: integer(),
    reviewedBy: text().references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('submissions_status_idx').on(table.status, table.createdAt.desc()),
    index('submissions_user_idx').on(table.userId),
    index('submissions_post_key_idx').on(table.postKey),
    uniqueIndex('submissions_follow_paid_idx')
      .on(table.userId, table.submissionType)
      .where(sql`${table.status} = 'approved' and ${table.submissionType} like 'follow\\_%'`),
    uniqueIndex('submissions_follow_pending_idx')
      .on(table.userId, table.submissionType)
      .where(sql`${table.status} = 'pending' and ${table.submissionType} like 'follow\\_%'`),
    uniqueIndex('submissions_x_post_paid_idx')
      .on(table.postKey)
      .where(sql`${table.status} = 'approved' and ${table.submissionType} = 'x_post'`),
    check('submissions_status_check', sql`${table.status} in ('pending', 'approved', 'rejected')`),
    check(
      'submissions_type_check',
      sql`${table.submissionType} in ('x_post', 'view_milestone', 'follow_discord', 'follow_x', 'follow_instagram', 'follow_facebook', 'follow_youtube', 'follow_tiktok', 'follow_linkedin', 'follow_telegram')`,
    ),
  ],
);

export type SubmissionRow = typeof submissions.$inferSelect;
