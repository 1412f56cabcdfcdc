// Each rendered scene of a generated video, kept so the library can combine scenes later.
import { integer, pgTable, real, text, unique } from 'drizzle-orm/pg-core';
import { videoGeneratedContent } from './videos';

export const videoSceneClips = pgTable(
  'video_scene_clips',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    contentId: integer()
      .notNull()
      .references(() => videoGeneratedContent.id, { onDelete: 'cascade' }),
    sceneNumber: integer().notNull(),
    storageKey: text().notNull(),
    duration: real().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    /** The hash of everything that shaped the scene (a remix reuses a segment with the same). */
    segmentHash: text(),
  },
  (table) => [unique('video_scene_clips_content_scene_key').on(table.contentId, table.sceneNumber)],
);
