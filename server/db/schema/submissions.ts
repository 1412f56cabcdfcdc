// Earn-by-proof submissions (posts, follows, view milestones) that admins approve or reject.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
    check('submissions_status_check', sql`${table.status} in ('pending', 'approved', 'rejected')`),
  ],
);
