// SQL for Creator Engine jobs: the member's jobs, saving and deleting them, and taking their videos
// out of their folder (unlink).
import { and, asc, eq, lte, sql } from 'drizzle-orm';
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

export class JobsRepository {
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

  async insert(job: NewVideoJob): Promise<VideoJobRow> {
    const [row] = await this.db.insert(videoJobs).values(job).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
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
   * Active jobs due at `now` whose owner's plan runs them (Pro or Elite; hourly ones Elite only),
   * earliest first, with their owners.
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
          sql`(${users.memberLevel} = 'Elite' or (${users.memberLevel} = 'Pro' and ${videoJobs.frequency} <> '1hour'))`,
        ),
      )
      .orderBy(asc(videoJobs.nextRunAt), asc(videoJobs.id))
      .limit(limit);
  }

  /**
   * Claims one run of a job at its due time. The unique (job, due time) pair lets exactly one
   * caller have it, however many schedulers race: the others get null.
   */
  async claimRun(db: Database, run: NewJobRun): Promise<number | null> {
    const [row] = await db
      .insert(videoJobRuns)
      .values(run)
      .onConflictDoNothing({ target: [videoJobRuns.jobId, videoJobRuns.dueAt] })
      .returning({ id: videoJobRuns.id });
    return row?.id ?? null;
  }

  async setRunRequest(db: Database, runId: number, videoRequestId: number): Promise<void> {
    await db.update(videoJobRuns).set({ videoRequestId }).where(eq(videoJobRuns.id, runId));
  }

  /** What a run leaves on its job: the rotation, when it ran, what happened, when it runs next. */
  async recordRun(db: Database, jobId: number, changes: VideoJobChanges): Promise<void> {
    await db
      .update(videoJobs)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(videoJobs.id, jobId));
  }
}
