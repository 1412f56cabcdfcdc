// Every query of publishing: the rows a publish writes, the lease a worker holds while it uploads,
// the checkpoints it saves, the sweep that finds work lost with a worker, and a Creator Engine
// run's record of where its video went.
import { and, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { ACTIVE_PUBLICATION_STATUSES } from '../../../shared/schemas/publishing';
import type { Database } from '../../db/client';
import {
  publications,
  videoCreationRequests,
  videoGeneratedContent,
  videoJobRuns,
  videoJobs,
  videoVersions,
} from '../../db/schema';

export type PublicationRow = typeof publications.$inferSelect;
export type NewPublication = typeof publications.$inferInsert;
export type PublishedVideoRow = typeof videoGeneratedContent.$inferSelect;

const active = inArray(publications.status, [...ACTIVE_PUBLICATION_STATUSES]);
const leaseUntil = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

export class PublicationsRepository {
  constructor(private readonly db: Database) {}

  async insert(db: Database, rows: NewPublication[]): Promise<PublicationRow[]> {
    if (rows.length === 0) return [];
    return db.insert(publications).values(rows).returning();
  }

  /**
   * A video's held publications, locked for release (by its member, or once their window ended);
   * none when another release took them first.
   */
  async takeHeld(
    db: Database,
    videoId: number,
    by: { userId?: string; expired?: boolean },
  ): Promise<PublicationRow[]> {
    return db
      .select()
      .from(publications)
      .where(
        and(
          eq(publications.videoId, videoId),
          eq(publications.status, 'held'),
          by.userId ? eq(publications.userId, by.userId) : undefined,
          by.expired ? sql`${publications.holdUntil} <= now()` : undefined,
        ),
      )
      .for('update');
  }

  /** Moves one held publication on (queued, or failed when skipped); none if it is held no more. */
  async releaseHeld(
    db: Database,
    id: number,
    change:
      | { status: 'queued'; nextStepAt: Date; videoVersion: number }
      | { status: 'failed'; error: string },
  ): Promise<PublicationRow[]> {
    return db
      .update(publications)
      .set({ ...change, holdUntil: null, updatedAt: sql`now()` })
      .where(and(eq(publications.id, id), eq(publications.status, 'held')))
      .returning();
  }

  /** Videos with a held publication whose review window ended before `now`, oldest first. */
  async expiredHolds(now: Date, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectDistinct({ videoId: publications.videoId, holdUntil: publications.holdUntil })
      .from(publications)
      .where(and(eq(publications.status, 'held'), lt(publications.holdUntil, now)))
      .orderBy(publications.holdUntil)
      .limit(limit);
    return [...new Set(rows.map((row) => row.videoId))];
  }

  /** The video's publications that are under way or done (a failed one may be tried again). */
  async standing(db: Database, videoId: number): Promise<PublicationRow[]> {
    return db
      .select()
      .from(publications)
      .where(and(eq(publications.videoId, videoId), sql`${publications.status} <> 'failed'`));
  }

  async forVideo(userId: string, videoId: number): Promise<PublicationRow[]> {
    return this.db
      .select()
      .from(publications)
      .where(and(eq(publications.userId, userId), eq(publications.videoId, videoId)))
      .orderBy(desc(publications.createdAt), desc(publications.id));
  }

  /** The member's latest publication of each video on each platform, newest first. */
  async latestForMember(userId: string): Promise<PublicationRow[]> {
    return this.db
      .selectDistinctOn([publications.videoId, publications.platform])
      .from(publications)
      .where(eq(publications.userId, userId))
      .orderBy(
        publications.videoId,
        publications.platform,
        desc(publications.createdAt),
        desc(publications.id),
      )
      .then((rows) => rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()));
  }

  async find(id: number): Promise<PublicationRow | undefined> {
    const [row] = await this.db.select().from(publications).where(eq(publications.id, id));
    return row;
  }

  async findOwnedRequest(userId: string, requestId: number) {
    const [row] = await this.db
      .select({ generatedContentId: videoCreationRequests.generatedContentId })
      .from(videoCreationRequests)
      .where(
        and(eq(videoCreationRequests.id, requestId), eq(videoCreationRequests.userId, userId)),
      );
    return row;
  }

  /**
   * The video a publication posts: as it is now, or with `version`'s file and length when that
   * is not the current one any more (a remix or restore after the post was asked for).
   */
  async findVideo(videoId: number, version?: number): Promise<PublishedVideoRow | undefined> {
    const [row] = await this.db
      .select()
      .from(videoGeneratedContent)
      .where(eq(videoGeneratedContent.id, videoId));
    if (!row || version === undefined || version === row.currentVersion) return row;
    const [posted] = await this.db
      .select()
      .from(videoVersions)
      .where(and(eq(videoVersions.contentId, videoId), eq(videoVersions.version, version)));
    return posted ? { ...row, videoKey: posted.videoKey, duration: posted.duration } : row;
  }

  /**
   * Takes the publication for `workerId` until the lease runs out: only one still under way, and
   * only if no other worker holds a live lease on it. Null when it is done, gone or held.
   */
  async claim(id: number, workerId: string, leaseSeconds: number) {
    const [row] = await this.db
      .update(publications)
      .set({ leaseOwner: workerId, leaseExpiresAt: leaseUntil(leaseSeconds) })
      .where(
        and(
          eq(publications.id, id),
          active,
          or(isNull(publications.leaseOwner), lt(publications.leaseExpiresAt, sql`now()`)),
        ),
      )
      .returning();
    return row ?? null;
  }

  /** Extends the lease; false when the worker lost it (taken over, or the video deleted). */
  async heartbeat(id: number, workerId: string, leaseSeconds: number): Promise<boolean> {
    const rows = await this.db
      .update(publications)
      .set({ leaseExpiresAt: leaseUntil(leaseSeconds) })
      .where(and(eq(publications.id, id), eq(publications.leaseOwner, workerId), active))
      .returning({ id: publications.id });
    return rows.length > 0;
  }

  /** Saves the holder's progress (and the status it is in); null when it no longer holds it. */
  async saveProgress(
    id: number,
    workerId: string,
    changes: Pick<NewPublication, 'status' | 'checkpointSealed' | 'progress'>,
  ): Promise<PublicationRow | null> {
    const [row] = await this.db
      .update(publications)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(and(eq(publications.id, id), eq(publications.leaseOwner, workerId), active))
      .returning();
    return row ?? null;
  }

  /**
   * Lets go of the publication until its next step is due (processing on the platform, or a
   * passing failure to try again), in the holder's transaction with the job that takes it up.
   */
  async handBack(
    db: Database,
    id: number,
    workerId: string,
    changes: Pick<NewPublication, 'status' | 'checkpointSealed' | 'retries' | 'progress'> & {
      dueInSeconds: number;
    },
  ): Promise<PublicationRow | null> {
    const { dueInSeconds, ...rest } = changes;
    const [row] = await db
      .update(publications)
      .set({
        ...rest,
        leaseOwner: null,
        leaseExpiresAt: null,
        nextStepAt: sql`now() + make_interval(secs => ${dueInSeconds})`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(publications.id, id), eq(publications.leaseOwner, workerId), active))
      .returning();
    return row ?? null;
  }

  /** Ends the publication, published or failed, if `workerId` holds it (null: whoever does not). */
  async finish(
    db: Database,
    id: number,
    workerId: string | null,
    changes: Pick<NewPublication, 'status' | 'postId' | 'postUrl' | 'error' | 'note'>,
  ): Promise<PublicationRow | null> {
    const [row] = await db
      .update(publications)
      .set({
        ...changes,
        ...(changes.status === 'published' && { publishedAt: sql`now()`, progress: 100 }),
        checkpointSealed: null,
        leaseOwner: null,
        leaseExpiresAt: null,
        nextStepAt: null,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(publications.id, id),
          active,
          workerId === null
            ? isNull(publications.leaseOwner)
            : eq(publications.leaseOwner, workerId),
        ),
      )
      .returning();
    return row ?? null;
  }

  /**
   * Publications whose worker died (a lease a whole lease past its heartbeat) or whose queued step
   * went missing (due longer ago than `graceSeconds`), each handed out once, due now.
   */
  async takeBackLost(db: Database, graceSeconds: number): Promise<PublicationRow[]> {
    return db
      .update(publications)
      .set({ leaseOwner: null, leaseExpiresAt: null, nextStepAt: sql`now()` })
      .where(
        and(
          active,
          or(
            and(isNotNull(publications.leaseOwner), lt(publications.leaseExpiresAt, sql`now()`)),
            and(
              isNull(publications.leaseOwner),
              lt(publications.nextStepAt, sql`now() - make_interval(secs => ${graceSeconds})`),
            ),
          ),
        ),
      )
      .returning();
  }

  /** A Creator Engine run's publications, for its record. */
  async forRun(db: Database, runId: number): Promise<PublicationRow[]> {
    return db.select().from(publications).where(eq(publications.jobRunId, runId));
  }

  /** The run that made a video request, if a job's schedule or Run Now did. */
  async runOf(db: Database, requestId: number) {
    const [row] = await db
      .select({ id: videoJobRuns.id, jobId: videoJobRuns.jobId })
      .from(videoJobRuns)
      .where(eq(videoJobRuns.videoRequestId, requestId));
    return row;
  }

  async findJob(db: Database, jobId: number) {
    const [row] = await db.select().from(videoJobs).where(eq(videoJobs.id, jobId));
    return row;
  }

  /**
   * Records what the run's publishing did, on the run, and as the job's latest word unless a later
   * run has spoken since (an old run's upload can finish after a newer run's).
   */
  async recordRunResult(db: Database, runId: number, jobId: number, result: string) {
    await db.update(videoJobRuns).set({ publishResult: result }).where(eq(videoJobRuns.id, runId));
    await db
      .update(videoJobs)
      .set({ lastPublishResult: result })
      .where(
        and(
          eq(videoJobs.id, jobId),
          sql`not exists (select 1 from ${videoJobRuns} later
                where later.job_id = ${jobId} and later.id > ${runId}
                  and later.publish_result is not null)`,
        ),
      );
  }
}
