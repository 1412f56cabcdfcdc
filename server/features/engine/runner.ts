// Runs Creator Engine jobs: every scheduler tick takes the jobs that are due, and Run Now takes one
// at once. A run builds the job's prompt and queues a video through the same path as the Create
// screen (paid, filed in the job's folder), all in one transaction with the run's record, whose
// unique (job, due time) pair makes each due run happen exactly once however many schedulers race.
// A member short of credits has the run skipped, recorded and told; the job stays active.
import type pg from 'pg';
import type { Frequency } from '../../../shared/catalogue';
import { jobRunPrompt } from '../../../shared/job-prompt';
import type { CreatedVideoRequest } from '../../../shared/schemas/videos';
import { normalizeTier, TIER_RULES } from '../../../shared/tiers';
import type { Clock } from '../../clock';
import type { UserRow } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { InsufficientCredits, NotFound, PlanLimit } from '../../errors';
import type { Logger } from '../../logger';
import { isOwnUpload, type Storage } from '../../storage/storage';
import type { NotificationsService } from '../notifications';
import type { VideoRequestRow, VideosService } from '../videos';
import type { WebhookEvents } from '../webhooks';
import type { EngineRepository, VideoJobRow } from './repository';
import { nextRunAfter } from './schedule';
import { JOB_NOT_FOUND } from './service';

/** Another scheduler recorded this run first: everything this one did for it is rolled back. */
class RunTaken extends Error {}

/** Due jobs taken per tick; the rest wait for the next minute. */
const DUE_PER_TICK = 500;
/** Runs a tick handles at once: each is a short transaction, the pool has room for a few. */
const PARALLEL_RUNS = 6;

export const RUN_NOW_NEEDS_ELITE =
  'Run Now is an Elite feature. Upgrade to Elite to run jobs on demand.';

/** The first scheduled time after `now`: a scheduler that was down runs a missed job once. */
export function nextRunAfterNow(frequency: Frequency, dueAt: Date, now: Date): Date {
  let next = nextRunAfter(frequency, dueAt);
  while (next <= now) next = nextRunAfter(frequency, next);
  return next;
}

/**
 * "Daily coffee #3": the job's name and which of its videos this is. No date (it was burned into
 * the title card, and the library shows when a video was made), and never the same twice, even
 * for a Run Now right after the job was created.
 */
export function runTitle(jobName: string, runNumber: number): string {
  const suffix = ` #${runNumber}`;
  return `${jobName.slice(0, 100 - suffix.length).trim()}${suffix}`;
}

export class EngineRunner {
  constructor(
    private readonly deps: {
      pool: pg.Pool;
      repository: EngineRepository;
      notifications: NotificationsService;
      videos: VideosService;
      storage: Storage;
      clock: Clock;
      log: Logger;
      /** A member's webhooks hear of a run that ended at once, skipped. */
      webhookEvents?: Pick<WebhookEvents, 'jobRunFinished'>;
    },
  ) {}

  /** One scheduler tick: every job due now runs once. Answers how many videos were queued. */
  async runDue(): Promise<number> {
    const now = this.deps.clock.now();
    const due = await this.deps.repository.findDue(now, DUE_PER_TICK);
    let queued = 0;
    let next = 0;
    // Each lane takes the next due job as soon as its last run is done, so a slow run holds up
    // only its own lane, not a whole batch.
    const lane = async () => {
      for (let entry = due[next++]; entry; entry = due[next++]) {
        const { job, user } = entry;
        try {
          if (await this.run(job, user, job.nextRunAt ?? now, 'schedule')) queued += 1;
        } catch (error) {
          this.deps.log.error({ err: error }, `Creator Engine job ${job.id} could not run`);
        }
      }
    };
    await Promise.all(Array.from({ length: PARALLEL_RUNS }, lane));
    return queued;
  }

  /** Run Now (Elite): the job's next video at once, through the same path as the schedule. */
  async runNow(user: UserRow, jobId: number): Promise<CreatedVideoRequest> {
    if (!TIER_RULES[normalizeTier(user.memberLevel)].runNow) {
      throw new PlanLimit(RUN_NOW_NEEDS_ELITE);
    }
    const job = await this.deps.repository.findOwned(user.id, jobId);
    if (!job) throw new NotFound(JOB_NOT_FOUND);
    const request = await this.run(job, user, this.deps.clock.now(), 'manual');
    if (!request) throw new NotFound(JOB_NOT_FOUND);
    return this.deps.videos.created(user, request);
  }

  /**
   * One run at `dueAt`: null when another scheduler has it already. A run short of credits is
   * recorded as skipped; Run Now then also throws, so the member sees why.
   */
  private async run(
    job: VideoJobRow,
    user: UserRow,
    dueAt: Date,
    trigger: 'schedule' | 'manual',
  ): Promise<VideoRequestRow | null> {
    const { repository, videos, clock } = this.deps;
    const now = clock.now();
    const rules = TIER_RULES[normalizeTier(user.memberLevel)];
    const { prompt, nextIndex } = jobRunPrompt(job);
    // Run Now leaves the schedule as it was; a scheduled run moves it one step on.
    const nextRunAt =
      trigger === 'schedule'
        ? nextRunAfterNow(job.frequency as Frequency, dueAt, now)
        : job.nextRunAt;
    const logo =
      job.sourceImageUrl && (await isOwnUpload(this.deps.storage, user.id, job.sourceImageUrl))
        ? job.sourceImageUrl
        : null;

    let title = job.jobName;
    try {
      // A crash that loses this commit loses the whole run (video, debit, the job moved on) at
      // once: the job is still due and runs at the next tick. So the commit need not wait for disk.
      // Every run sends the same few statements, so each connection prepares them once.
      const request = await inTransaction(
        this.deps.pool,
        async (tx) => {
          // Numbered under the job's row lock, so two runs racing never share a number.
          title = runTitle(job.jobName, await repository.nextRunNumber(tx.db, job.id));
          const row = await videos.queueInTransaction(
            tx,
            user,
            {
              title,
              description: prompt.slice(0, 1500),
              videoPrompt: prompt,
              // The logo is the brand's mark on each scene, never the scenes' picture.
              sourceImageUrl: null,
              logoUrl: logo,
              sceneSource: videos.sceneSourceForRun(
                user,
                Math.min(job.scenes, rules.maxScenes),
                job.sceneSource,
              ),
              aspectRatio: job.aspectRatio,
              // A job saved under a bigger plan keeps its setting but runs within today's plan.
              scenes: Math.min(job.scenes, rules.maxScenes),
              watermark: job.watermark || !rules.watermarkRemovable,
              jobId: job.id,
              voiceId: job.voiceId,
              voiceSpeed: job.voiceSpeed,
              captionStyle: job.captionStyle,
            },
            // Run Now is the member asking for a video; a scheduled run is not.
            { capped: trigger === 'manual' },
          );
          const recorded = await repository.recordRun(
            tx.db,
            { jobId: job.id, dueAt, status: 'created', trigger, videoRequestId: row.id },
            {
              itemListIndex: nextIndex,
              lastRunAt: now,
              lastResult: `Created "${title}"`,
              nextRunAt,
            },
          );
          if (!recorded) throw new RunTaken();
          // Heard by the member's tabs on commit, with no transaction of its own.
          await videos.announceQueuedInTransaction(tx, row);
          return row;
        },
        { synchronousCommit: false, prepareStatements: true },
      ).catch((error) => {
        if (error instanceof RunTaken) return null;
        throw error;
      });
      if (request) videos.wakeRenderer();
      return request;
    } catch (error) {
      if (!(error instanceof InsufficientCredits)) throw error;
      await this.recordSkipped(job, user, dueAt, trigger, error.message, nextRunAt);
      if (trigger === 'manual') throw error;
      return null;
    }
  }

  private async recordSkipped(
    job: VideoJobRow,
    user: UserRow,
    dueAt: Date,
    trigger: 'schedule' | 'manual',
    reason: string,
    nextRunAt: Date | null,
  ): Promise<void> {
    const { repository, notifications, clock } = this.deps;
    await inTransaction(this.deps.pool, async (tx) => {
      const recorded = await repository.recordRun(
        tx.db,
        { jobId: job.id, dueAt, status: 'skipped', trigger, reason },
        { lastRunAt: clock.now(), lastResult: `Skipped: ${reason}`, nextRunAt },
      );
      if (!recorded) return;
      await notifications.notify(tx, user.id, {
        kind: 'job_run_skipped',
        title: 'Video Job Skipped',
        message: `"${job.jobName}" did not make a video: ${reason} Earn or buy credits and it will run again at its next time.`,
      });
      await this.deps.webhookEvents?.jobRunFinished(tx.db, user.id, { jobId: job.id, dueAt });
    });
  }
}
