// SQL for Creator Engine jobs: the member's jobs, saving and deleting them, and taking their videos
// out of their folder (unlink).
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { videoGeneratedContent, videoJobs } from '../../db/schema';

export type VideoJobRow = typeof videoJobs.$inferSelect;
export type NewVideoJob = typeof videoJobs.$inferInsert;
export type VideoJobChanges = Partial<Omit<NewVideoJob, 'id' | 'userId' | 'createdAt'>>;

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
}
