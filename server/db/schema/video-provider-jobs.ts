// Each scene a paid video model generates: one row per scene and attempt, written before the
// provider is asked, so a worker that dies mid-way resumes polling instead of paying twice.
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  real,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { videoCreationRequests } from './videos';

/** What the provider needs to find the job again: its id and the URLs its answer gave. */
export type ProviderHandleJson = {
  externalId: string;
  statusUrl?: string;
  resultUrl?: string;
  cancelUrl?: string;
};

export const PROVIDER_JOB_STATES = [
  /** The row exists; the provider has been (or is being) asked. Never asked again. */
  'submitting',
  /** The provider has the job: polled by queued jobs until it ends. */
  'running',
  /** Its clip is copied into our storage and checked (outputKey). */
  'stored',
  'failed',
  'cancelled',
] as const;
export type ProviderTaskState = (typeof PROVIDER_JOB_STATES)[number];

export const videoProviderJobs = pgTable(
  'video_provider_jobs',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    requestId: integer()
      .notNull()
      .references(() => videoCreationRequests.id, { onDelete: 'cascade' }),
    /** The request's attempt this scene belongs to (a retry generates afresh). */
    attempt: integer().notNull(),
    sceneNumber: integer().notNull(),
    /** `video`: a clip from a video model; `image`: a still from an image model. */
    kind: text().$type<'video' | 'image'>().notNull().default('video'),
    provider: text().notNull(),
    model: text().notNull(),
    /**
     * A hash of what the model was asked for the scene (kind, provider, model, prompt, source
     * image, seconds, aspect): a remix asking the same is given this scene's stored clip instead
     * of paying for it again. Null on scenes asked before footage was kept.
     */
    footageKey: text(),
    state: text().$type<ProviderTaskState>().notNull().default('submitting'),
    externalId: text(),
    handle: jsonb().$type<ProviderHandleJson>(),
    /** Provider calls that failed for a passing reason (429, 5xx) and were tried again. */
    attempts: integer().notNull().default(0),
    polls: integer().notNull().default(0),
    /** The poll chain's turn: a queued poll carries it, and only the current turn may poll. */
    pollTurn: integer().notNull().default(0),
    /** 0..1, as the provider reported it. */
    progress: real().notNull().default(0),
    /** Our copy of the clip, checked: a video stream of the expected length. */
    outputKey: text(),
    durationSeconds: real(),
    /** Seconds of video the provider generated, and what that cost (USD), for the operator. */
    secondsGenerated: real(),
    costUsd: numeric({ precision: 10, scale: 4 }),
    error: text(),
    submittedAt: timestamp({ withTimezone: true }),
    nextPollAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('video_provider_jobs_scene_key').on(table.requestId, table.attempt, table.sceneNumber),
    // The sweep for polls that went missing looks only at jobs still in flight.
    index('video_provider_jobs_in_flight_idx')
      .on(table.nextPollAt)
      .where(sql`${table.state} in ('submitting', 'running')`),
    // A remix looks up the stored footage its scenes ask for by key.
    index('video_provider_jobs_footage_idx')
      .on(table.footageKey)
      .where(sql`${table.state} = 'stored'`),
  ],
);
