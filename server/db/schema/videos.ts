// A video's two tables, which point at each other: a request names the video it produced, and a
// video names the request that made it. One file, so the schema has no import cycle.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { userFolders } from './user-folders';
import { users } from './users';
import { videoJobs } from './video-jobs';

export type CombineSelection = { videoId: number; scenes: number[] }[];

/**
 * What a member (or a job run) asked for, and the state of its render. The library lists a request
 * as `req-{id}` until it has produced a generated video.
 */
export const videoCreationRequests = pgTable(
  'video_creation_requests',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** generate (title + description) or combine (joins stored scene clips). */
    kind: text().notNull().default('generate'),
    title: text().notNull(),
    description: text().notNull(),
    sourceImageUrl: text(),
    /**
     * Where the scenes come from (plans.ts SCENE_SOURCES); null on requests made before sources
     * existed: a video model's when one is configured, else the offline renderer's.
     */
    sceneSource: text(),
    /** The member's image per scene, in order (the `upload` source); null: none. */
    sceneImageUrls: jsonb().$type<string[]>(),
    /** A Creator Engine job's logo, placed as a brand mark (never the scene's background). */
    logoUrl: text(),
    aspectRatio: text().notNull().default('landscape'),
    scenes: integer().notNull().default(1),
    watermark: boolean().notNull().default(true),
    /** Who narrates it (a voice id of GET /api/voices; null: no voice), how fast, and how captions follow. */
    voiceId: text(),
    voiceSpeed: real().notNull().default(1),
    captionStyle: text().notNull().default('karaoke'),
    /** The prompt a Creator Engine run built, when the request came from a job. */
    videoPrompt: text(),
    jobId: integer().references((): AnyPgColumn => videoJobs.id, { onDelete: 'set null' }),
    combineSelection: jsonb().$type<CombineSelection>(),
    status: text().notNull().default('queued'),
    progress: integer().notNull().default(0),
    errorMessage: text(),
    /** The planner's scene plan: JSON text with a scenes array. */
    generatedPrompt: text(),
    /**
     * Whether generatedPrompt is a storyboard the member edited (set when the request is made):
     * it is rendered as written, with the pictures they chose, instead of being planned.
     */
    memberStoryboard: boolean().notNull().default(false),
    /** The music the member chose in a storyboard; null: the server's default (RENDER_MUSIC). */
    music: jsonb().$type<{ enabled: boolean; mood: string }>(),
    /** A remix: the video whose next version this request renders (deleted with it). */
    remixOf: integer().references((): AnyPgColumn => videoGeneratedContent.id, {
      onDelete: 'cascade',
    }),
    /**
     * Whose folder of rendered scene segments this render reads and adds to: the video's first
     * request (a remix shares it); null: its own.
     */
    segmentRoot: integer(),
    generatedContentId: integer().references((): AnyPgColumn => videoGeneratedContent.id, {
      onDelete: 'set null',
    }),
    /** The client's Idempotency-Key: a retried submission finds this request instead of paying again. */
    idempotencyKey: text(),
    /** The worker rendering it and until when its claim holds without a heartbeat. */
    leaseOwner: text(),
    leaseExpiresAt: timestamp({ withTimezone: true }),
    /** How many times this request has been charged (1 + retries); refunds are keyed by it. */
    attempts: integer().notNull().default(1),
    /**
     * How many times this attempt's render lost its worker (crashed, killed, hung past its lease)
     * or ran past a step's limit. At MAX_LOST_RENDERS the video is failed and refunded, never
     * queued again: a video that kills its worker must not take the service down in a loop.
     */
    lostRenders: integer().notNull().default(0),
    /**
     * For the operator: who made the footage (`local`, `veo`, `fal`, `replicate`), with which
     * model, how many seconds it generated and what they cost (USD), set when the video completes.
     */
    provider: text(),
    providerModel: text(),
    secondsGenerated: real(),
    providerCostUsd: numeric({ precision: 10, scale: 4 }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('video_creation_requests_user_idx').on(table.userId, table.createdAt.desc()),
    index('video_creation_requests_status_idx').on(table.status),
    // A member's work in progress, counted on every create (the per-plan cap).
    index('video_creation_requests_in_progress_idx')
      .on(table.userId)
      .where(sql`${table.status} in ('queued', 'processing')`),
    uniqueIndex('video_creation_requests_idempotency_idx')
      .on(table.userId, table.idempotencyKey)
      .where(sql`${table.idempotencyKey} is not null`),
    index('video_creation_requests_lease_idx')
      .on(table.leaseExpiresAt)
      .where(sql`${table.status} = 'processing'`),
    check(
      'video_creation_requests_status_check',
      sql`${table.status} in ('queued', 'processing', 'completed', 'failed')`,
    ),
    check('video_creation_requests_kind_check', sql`${table.kind} in ('generate', 'combine')`),
    check('video_creation_requests_progress_check', sql`${table.progress} between 0 and 100`),
  ],
);

/** Finished videos in a member's library. Media lives in storage; the row keeps storage keys. */
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
    /** The version the video's files are (1 until a remix; video_versions keeps every one). */
    currentVersion: integer().notNull().default(1),
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

/** What one version of a video was: its files and plan, so a member can go back to it. */
export type VersionSceneClip = {
  sceneNumber: number;
  storageKey: string;
  duration: number;
  segmentHash: string | null;
};

/**
 * The versions of a remixed video (a video never remixed has none: its row is version 1). The
 * video's row holds the current version's files; restoring copies an older version's back.
 */
export const videoVersions = pgTable(
  'video_versions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    contentId: integer()
      .notNull()
      .references(() => videoGeneratedContent.id, { onDelete: 'cascade' }),
    /** The video's owner (the data export reads a member's versions by it). */
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    /** The request that rendered it (null for version 1 of a video made before remixing). */
    requestId: integer(),
    videoKey: text().notNull(),
    thumbnailKey: text(),
    captionsKey: text(),
    chaptersKey: text(),
    voiceId: text(),
    duration: real(),
    scenes: integer().notNull(),
    generatedPrompt: text(),
    sceneClips: jsonb().$type<VersionSceneClip[]>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('video_versions_content_version_key').on(table.contentId, table.version)],
);
