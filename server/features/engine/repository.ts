// SQL for Creator Engine jobs: the member's jobs, saving and deleting them, and taking their videos
// out of their folder (unlink).
import { and, asc, eq, inArray, lte, notInArray, or, sql } from 'drizzle-orm';
import { ELITE_ONLY_FREQUENCIES, TIER_RULES, TIERS } from '../../../shared/tiers';
import type { Database } from '../../db/client';
import {
  type UserRow,
  users,
  videoGeneratedContent,
  videoJobRuns,
  videoJobs,
} from '../../db/schema';

export type VideoJobRow = typeof videoJobs.$inferSelect;
export type NewVideoJob = typeof videoJobs.$inferInsert;
export type VideoJobChanges = Partial<Omit<NewVideoJob, 'id' | 'userId' | 'createdAt'>>;
export type NewJobRun = typeof videoJobRuns.$inferInsert;

/** The plans whose jobs run, and those whose jobs may run every hour (shared/plans.ts). */
const LEVELS_RUNNING_JOBS = TIERS.filter((level) => TIER_RULES[level].canCreateJobs);
const LEVELS_RUNNING_HOURLY = TIERS.filter((level) => TIER_RULES[level].hourlyFrequency);

export class EngineRepository {
  constructor(private readonly db: Database) {}

  async list(userId: string): Promise<VideoJobRow[]> {
    return this.db
      .select()
      .from(videoJobs)
      .where(eq(videoJobs.userId, userId))
      .orderBy(asc(videoJobs.createdAt), asc(videoJobs.id));
  }

  async findOwned(userId: string, id: number): Promise<VideoJobRow | undefined> {
    const [row] = await this.db
      .select()
      .from(videoJobs)
      .where(and(eq(videoJobs.id, id), eq(videoJobs.userId, userId)));
    return row;
  }

  /**
   * Inserts the job unless its member already has `max` jobs (null then). Run in a transaction:
   * the member's row is locked first, so two creates at once cannot both take the last place.
   */
  async insertWithin(db: Database, job: NewVideoJob, max: number): Promise<VideoJobRow | null> {
    await db.execute(sql`select 1 from users where id = ${job.userId} for no key update`);
    const [counted] = await db
      .select({ jobs: sql<number>`count(*)::int` })
      .from(videoJobs)
      .where(eq(videoJobs.userId, job.userId));
    if ((counted?.jobs ?? 0) >= max) return null;
    const [row] = await db.insert(videoJobs).values(job).returning();
    return row ?? null;
  }

  async updateOwned(
    userId: string,
    id: number,
    changes: VideoJobChanges,
  ): Promise<VideoJobRow | undefined> {
    const [row] = await this.db
      .update(videoJobs)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(and(eq(videoJobs.id, id), eq(videoJobs.userId, userId)))
      .returning();
    return row;
  }

  /** Deletes the job; its videos stay in the library, out of the job's folder. */
  async deleteOwned(
    db: Database,
    userId: string,
    id: number,
  ): Promise<{ job: VideoJobRow; videosUnlinked: number } | null> {
    const videosUnlinked = await this.unlinkVideos(userId, id, db);
    const [job] = await db
      .delete(videoJobs)
      .where(and(eq(videoJobs.id, id), eq(videoJobs.userId, userId)))
      .returning();
    return job ? { job, videosUnlinked } : null;
  }

  /** Takes the job's videos out of its folder; answers how many moved. */
  async unlinkVideos(userId: string, jobId: number, db: Database = this.db): Promise<number> {
    const moved = await db
      .update(videoGeneratedContent)
      .set({ jobId: null })
      .where(and(eq(videoGeneratedContent.jobId, jobId), eq(videoGeneratedContent.userId, userId)))
      .returning({ id: videoGeneratedContent.id });
    return moved.length;
  }

  /**
   * Active jobs due at `now` whose owner's plan runs them (Pro or Elite; hourly ones Elite only:
   * tierAllowsFrequency, the rule of presenter.ts pausedReason), earliest first, with their owners.
   */
  async findDue(now: Date, limit: number): Promise<{ job: VideoJobRow; user: UserRow }[]> {
    return this.db
      .select({ job: videoJobs, user: users })
      .from(videoJobs)
      .innerJoin(users, eq(users.id, videoJobs.userId))
      .where(
        and(
          eq(videoJobs.isActive, true),
          lte(videoJobs.nextRunAt, now),
          inArray(users.memberLevel, LEVELS_RUNNING_JOBS),
          or(
            inArray(users.memberLevel, LEVELS_RUNNING_HOURLY),
            notInArray(videoJobs.frequency, [...ELITE_ONLY_FREQUENCIES]),
          ),
        ),
      )
      .orderBy(asc(videoJobs.nextRunAt), asc(videoJobs.id))
      .limit(limit);
  }

  /** The number of the job's next video (its created runs, plus one), holding the job's row. */
  async nextRunNumber(db: Database, jobId: number): Promise<number> {
    const result = await db.execute(sql`
      with job as (select id from ${videoJobs} where id = ${jobId} for update)
      select (select count(*)::int from ${videoJobRuns}
              where job_id = ${jobId} and status = 'created') + 1 as next
      from job`);
    const [row] = (result as unknown as { rows: Array<{ next: number }> }).rows;
    return Number(row?.next ?? 1);
  }

  /**
   * Records one run of a job at its due time and what it leaves on the job (the rotation, when it
   * ran, what happened, when it runs next), in one statement. The unique (job, due time) pair lets
   * exactly one caller record it, however many schedulers race: the others get false (once the
   * winner has committed) and change nothing.
   */
  async recordRun(
    db: Database,
    run: Omit<NewJobRun, 'id' | 'createdAt'>,
    job: { itemListIndex?: number; lastRunAt: Date; lastResult: string; nextRunAt: Date | null },
  ): Promise<boolean> {
    const result = await db.execute(sql`
      with run as (
        insert into ${videoJobRuns} (job_id, due_at, status, trigger, video_request_id, reason)
        values (${run.jobId}, ${run.dueAt}, ${run.status}, ${run.trigger ?? 'schedule'},
                ${run.videoRequestId ?? null}, ${run.reason ?? null})
        on conflict (job_id, due_at) do nothing
        returning id
      )
      update ${videoJobs}
      set item_list_index = coalesce(${job.itemListIndex ?? null}::int, item_list_index),
          last_run_at = ${job.lastRunAt}, last_result = ${job.lastResult},
          next_run_at = ${job.nextRunAt}, updated_at = now()
      where id = ${run.jobId} and exists (select 1 from run)
      returning id`);
    return (result as unknown as { rows: unknown[] }).rows.length > 0;
  }
}
