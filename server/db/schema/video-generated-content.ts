// Finished videos in a member's library. Media lives in storage; the row keeps storage keys.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  real,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { userFolders } from './user-folders';
import { users } from './users';
import { videoCreationRequests } from './video-creation-requests';
import { videoJobs } from './video-jobs';

export const videoGeneratedContent = pgTable(
  'video_generated_content',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestId: integer()
      .unique()
      .references((): AnyPgColumn => videoCreationRequests.id, { onDelete: 'set null' }),
    jobId: integer().references(() => videoJobs.id, { onDelete: 'set null' }),
    userFolderId: integer().references(() => userFolders.id, { onDelete: 'set null' }),
    title: text().notNull(),
    description: text().notNull(),
    videoKey: text().notNull(),
    thumbnailKey: text(),
    /** Its captions as WebVTT, with the timings burned into the video (null: none). */
    captionsKey: text(),
    /** Its scenes as a WebVTT chapters track (null: videos made before chapters). */
    chaptersKey: text(),
    /** The voice that narrates it; null: no voice. */
    voiceId: text(),
    /** Probed length in seconds. */
    duration: real(),
    scenes: integer().notNull(),
    aspectRatio: text().notNull(),
    width: integer(),
    height: integer(),
    generatedPrompt: text(),
    /** What the member should know about how it was made (shots without stock footage). */
    notice: text(),
    favorites: boolean().notNull().default(false),
    /** Private until the owner shares it. */
    isPublic: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('video_generated_content_user_idx').on(
      table.userId,
      table.createdAt.desc(),
      table.id.desc(),
    ),
    index('video_generated_content_folder_idx')
      .on(table.userFolderId)
      .where(sql`${table.userFolderId} is not null`),
    index('video_generated_content_job_idx').on(table.jobId).where(sql`${table.jobId} is not null`),
  ],
);
