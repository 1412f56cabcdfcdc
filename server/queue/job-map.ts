// Every background job the system knows: its payload type, its queue policy and, for recurring
// jobs, the cron the scheduler role registers. Adding a job here without a handler stops start-up.
import type PgBoss from 'pg-boss';

export type JobPayloads = {
  /** Returns temporary plans (admin grants with `until`) that have run out. */
  'expire-plans': Record<string, never>;
  /** Deletes uploaded images nothing uses, a day after their upload. */
  'clear-unused-uploads': Record<string, never>;
  /** Deletes sign-in throttle counters whose window has ended, and expired one-time links. */
  'prune-rate-limits': Record<string, never>;
  /** Deletes storyboards never rendered and untouched for 30 days. */
  'purge-stale-storyboards': Record<string, never>;
  /** Runs every Creator Engine job that is due (each due run once, however many schedulers). */
  'run-video-jobs': Record<string, never>;
  /**
   * Renders one attempt of a video creation request (plan, scenes, join, store). `priority` is
   * the queue priority it was sent with; its scenes wait for ffmpeg in the same order.
   */
  'render-video': { requestId: number; attempt: number; priority?: number };
  /**
   * Polls one scene a video model is generating (video_provider_jobs row `jobId`), if `turn` is
   * still the scene's poll turn; queues the next poll, or stores the finished clip.
   */
  'poll-video-scene': { jobId: number; turn: number };
  /**
   * Moves one publication to YouTube, TikTok or Instagram forward (upload, or a look at the
   * platform's processing), under the publication's lease; a duplicate finds it held or done.
   */
  'publish-video': { publicationId: number };
  /** Publishes (or skips, as its job says) each held video whose review window has ended. */
  'release-held-publications': Record<string, never>;
  /** Sends one email (sealed: it can carry a one-time link); retried while SMTP refuses. */
  'send-email': { sealed: string };
  /**
   * Looks up the address a reset was asked for and emails its member a link, if any (sealed: the
   * address is personal). A job, so a known and an unknown address answer alike and at once.
   */
  'send-password-reset': { sealed: string };
  /**
   * One attempt of one webhook delivery (features/webhooks): sent, or its next attempt queued per
   * WEBHOOK_RETRY_SCHEDULE. The delivery row holds the body and the webhook-id.
   */
  'deliver-webhook': { deliveryId: string };
};

export type JobName = keyof JobPayloads;

export type JobDefinition = {
  queue: Omit<PgBoss.Queue, 'name'>;
  /** Cron (UTC) for recurring jobs; the scheduler role enqueues them. */
  cron?: string;
  /** Jobs a member is waiting for are polled often and may run several at once per worker. */
  interactive?: boolean;
  /** How many consumers of these one worker runs, when not the render concurrency. */
  concurrency?: number;
  /**
   * Jobs each consumer fetches at once and runs side by side (default 1). pg-boss waits out its
   * polling interval after each fetch, so light jobs in bulk need batches to keep up.
   */
  batchSize?: number;
};

export const JOB_DEFINITIONS: Record<JobName, JobDefinition> = {
  'expire-plans': {
    queue: { policy: 'singleton', retryLimit: 2, expireInSeconds: 60 },
    cron: '* * * * *',
  },
  'clear-unused-uploads': {
    queue: { policy: 'singleton', retryLimit: 2, expireInSeconds: 15 * 60 },
    cron: '41 * * * *',
  },
  'prune-rate-limits': {
    queue: { policy: 'singleton', retryLimit: 2, expireInSeconds: 60 },
    cron: '17 * * * *',
  },
  'purge-stale-storyboards': {
    queue: { policy: 'singleton', retryLimit: 2, expireInSeconds: 5 * 60 },
    cron: '29 * * * *',
  },
  'run-video-jobs': {
    queue: { policy: 'singleton', retryLimit: 0, expireInSeconds: 120 },
    cron: '* * * * *',
  },
  'render-video': {
    // A crashed worker's render is taken over through its lease (see generation/render-leases),
    // long before pg-boss's expiry; the retry after expiry then finds the video done and stops.
    queue: { policy: 'standard', retryLimit: 2, retryDelay: 5, expireInSeconds: 15 * 60 },
    interactive: true,
  },
  'poll-video-scene': {
    // A poll is a few queries and one HTTP call: many run side by side. One that dies with its
    // worker is tried again; a lost chain is restarted by the sweep (generation/provider-renders).
    queue: {
      policy: 'standard',
      retryLimit: 3,
      retryDelay: 2,
      retryBackoff: true,
      expireInSeconds: 5 * 60,
    },
    interactive: true,
    // Up to 4 × 25 polls per half second: 1,000 scenes in flight polled every 10 s is 100/s.
    concurrency: 4,
    batchSize: 25,
  },
  'publish-video': {
    // An upload is network-bound: a few at once per worker. One lost with its worker is taken
    // over through the publication's lease (features/publishing), long before pg-boss's expiry.
    queue: {
      policy: 'standard',
      retryLimit: 3,
      retryDelay: 5,
      retryBackoff: true,
      expireInSeconds: 60 * 60,
    },
    // A member watches the badge: its steps are fetched as promptly as renders.
    interactive: true,
    concurrency: 3,
  },
  'release-held-publications': {
    queue: { policy: 'singleton', retryLimit: 2, expireInSeconds: 5 * 60 },
    cron: '* * * * *',
  },
  'send-email': {
    // A member waits for a reset link: fetched promptly; SMTP hiccups are tried again for a while.
    queue: {
      policy: 'standard',
      retryLimit: 6,
      retryDelay: 10,
      retryBackoff: true,
      expireInSeconds: 5 * 60,
    },
    interactive: true,
    concurrency: 2,
  },
  'send-password-reset': {
    // A member waits for the link; a look-up that failed (the database restarting) is tried again.
    queue: {
      policy: 'standard',
      retryLimit: 3,
      retryDelay: 5,
      retryBackoff: true,
      expireInSeconds: 60,
    },
    interactive: true,
  },
  'deliver-webhook': {
    // Our schedule decides the retries: a failed attempt queues the next itself. pg-boss retries
    // only a job that threw (the database away for a moment) or expired with its worker killed
    // mid-send; either sends again under the same webhook-id. Each job's expiry is set when it is
    // sent, from WEBHOOK_TIMEOUT_SECONDS (features/webhooks deliveryJobExpirySeconds).
    queue: { policy: 'standard', retryLimit: 3, retryDelay: 1, expireInSeconds: 60 },
    // Fetched promptly (a workflow waits), and in bulk: 4 × 50 attempts in flight per worker, so
    // a fan-out of a thousand events is sent in seconds while one slow receiver holds one batch.
    interactive: true,
    concurrency: 4,
    batchSize: 50,
  },
};

export const JOB_NAMES = Object.keys(JOB_DEFINITIONS) as JobName[];

export type JobHandler<N extends JobName> = (payload: JobPayloads[N]) => Promise<void>;
export type JobHandlers = { [N in JobName]: JobHandler<N> };

/**
 * The start-up check: a job that could be enqueued but never handled would sit in the queue
 * forever, and a handler for a name nobody enqueues is a typo. Either one refuses to start.
 */
export function assertJobHandlers(
  handlers: Partial<Record<string, unknown>>,
): asserts handlers is JobHandlers {
  const missing = JOB_NAMES.filter((name) => typeof handlers[name] !== 'function');
  if (missing.length > 0) {
    throw new Error(
      `No handler registered for job ${missing.map((name) => `'${name}'`).join(', ')}`,
    );
  }
  const unknown = Object.keys(handlers).filter((name) => !(name in JOB_DEFINITIONS));
  if (unknown.length > 0) {
    throw new Error(
      `Handler registered for unknown job ${unknown.map((name) => `'${name}'`).join(', ')}`,
    );
  }
}
