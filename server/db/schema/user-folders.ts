// Folders a member makes by hand for their library (job folders come from video_jobs).
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

export const userFolders = pgTable(
  'user_folders',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    folderName: text().notNull(),
    folderIcon: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('user_folders_user_idx').on(table.userId)],
);
