// SQL for the scenes a paid model generates (video_provider_jobs): one row per scene and attempt,
// written before the provider is asked; the poll chain's turns; the copy kept once it is done,
// and found again by its footage key when a remix asks the same.
import { and, asc, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { type ProviderHandleJson, videoCreationRequests, videoProviderJobs } from '../db/schema';

export type ProviderTaskRow = typeof videoProviderJobs.$inferSelect;

export class ProviderTasksRepository {
  constructor(private readonly db: Database) {}

  /** The attempt's scenes in scene order (none before its first submission). */
  forAttempt(requestId: number, attempt: number, db: Database = this.db) {
    return db
      .select()
      .from(videoProviderJobs)
      .where(
        and(eq(videoProviderJobs.requestId, requestId), eq(videoProviderJobs.attempt, attempt)),
      )
      .orderBy(asc(videoProviderJobs.sceneNumber));
  }

  async find(id: number): Promise<ProviderTaskRow | undefined> {
    const [row] = await this.db
      .select()
      .from(videoProviderJobs)
      .where(eq(videoProviderJobs.id, id));
    return row;
  }

  /**
   * Writes the attempt's scene rows before any provider is asked: each `submitting` (from here on
   * a scene is never submitted again, whatever happens to this worker), or `stored` at once with
   * the copy of footage the video already had (`reused`: nothing generated, nothing paid).
   */
  async insertScenes(
    requestId: number,
    attempt: number,
    scenes: {
      sceneNumber: number;
      kind: 'video' | 'image';
      provider: string;
      model: string;
      footageKey: string;
      reused: { outputKey: string; durationSeconds: number } | null;
    }[],
  ): Promise<ProviderTaskRow[]> {
    return this.db
      .insert(videoProviderJobs)
      .values(
        scenes.map(({ reused, ...scene }) => ({
          requestId,
          attempt,
          ...scene,
          ...(reused
            ? {
                state: 'stored' as const,
                progress: 1,
                outputKey: reused.outputKey,
                durationSeconds: reused.durationSeconds,
                secondsGenerated: 0,
                costUsd: '0',
                finishedAt: sql`now()`,
              }
            : {}),
        })),
      )
      .onConflictDoNothing()
      .returning();
  }

  /**
   * The footage a video already has under these keys, newest first: the stored scenes of its
   * first request and its remixes (`root`: the first request's id) that completed, in the attempt
   * that completed. Those are kept while the video exists; a failed attempt's are deleted.
   */
  async keptFootage(userId: string, root: number, keys: string[]): Promise<ProviderTaskRow[]> {
    if (keys.length === 0) return [];
    const rows = await this.db
      .select({ task: videoProviderJobs })
      .from(videoProviderJobs)
      .innerJoin(
        videoCreationRequests,
        and(
          eq(videoCreationRequests.id, videoProviderJobs.requestId),
          eq(videoCreationRequests.attempts, videoProviderJobs.attempt),
        ),
      )
      .where(
        and(
          inArray(videoProviderJobs.footageKey, keys),
          eq(videoProviderJobs.state, 'stored'),
          eq(videoCreationRequests.userId, userId),
          eq(videoCreationRequests.status, 'completed'),
          or(eq(videoCreationRequests.id, root), eq(videoCreationRequests.segmentRoot, root)),
        ),
      )
      .orderBy(desc(videoProviderJobs.id));
    return rows.map((row) => row.task);
  }

  /** The provider has the scene: keep how to find it again, and start the poll chain's turns. */
  async markSubmitted(id: number, handle: ProviderHandleJson, attempts: number) {
    const [row] = await this.db
      .update(videoProviderJobs)
      .set({
        state: 'running',
        externalId: handle.externalId,
        handle,
        attempts,
        submittedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(videoProviderJobs.id, id), eq(videoProviderJobs.state, 'submitting')))
      .returning();
    return row;
  }

  /**
   * Takes the next turn of a scene's poll chain: only the poll carrying the current turn gets the
   * row (a duplicate or stale poll gets null and stops), and the turn moves on, so however a poll
   * is queued twice, one chain survives.
   */
  async takeTurn(id: number, turn: number, db: Database = this.db) {
    const [row] = await db
      .update(videoProviderJobs)
      .set({ pollTurn: sql`${videoProviderJobs.pollTurn} + 1`, updatedAt: sql`now()` })
      .where(
        and(
          eq(videoProviderJobs.id, id),
          eq(videoProviderJobs.pollTurn, turn),
          eq(videoProviderJobs.state, 'running'),
        ),
      )
      .returning();
    return row ?? null;
  }

  /** After a poll: what the provider said, and when the next poll is due. */
  async savePoll(
    id: number,
    update: { progress?: number; attempts?: number; nextPollAt: Date },
    db: Database = this.db,
  ) {
    await db
      .update(videoProviderJobs)
      .set({
        ...(update.progress === undefined ? {} : { progress: update.progress }),
        ...(update.attempts === undefined ? {} : { attempts: update.attempts }),
        polls: sql`${videoProviderJobs.polls} + 1`,
        nextPollAt: update.nextPollAt,
        updatedAt: sql`now()`,
      })
      .where(eq(videoProviderJobs.id, id));
  }

  /** The clip is ours: stored under `outputKey` and checked. */
  async markStored(
    db: Database,
    id: number,
    stored: {
      outputKey: string;
      durationSeconds: number;
      secondsGenerated: number;
      costUsd: number;
    },
  ) {
    const rows = await db
      .update(videoProviderJobs)
      .set({
        state: 'stored',
        progress: 1,
        outputKey: stored.outputKey,
        durationSeconds: stored.durationSeconds,
        secondsGenerated: stored.secondsGenerated,
        costUsd: stored.costUsd.toFixed(4),
        nextPollAt: null,
        finishedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(videoProviderJobs.id, id), eq(videoProviderJobs.state, 'running')))
      .returning({ id: videoProviderJobs.id });
    return rows.length > 0;
  }

  /**
   * Ends every scene of the attempt still in flight (`failed` for the one that failed, `cancelled`
   * for the others); answers the rows it ended, whose provider tasks may be cancelled.
   */
  async endAttempt(
    requestId: number,
    attempt: number,
    failed: { id: number; error: string } | null,
  ): Promise<ProviderTaskRow[]> {
    return this.db
      .update(videoProviderJobs)
      .set({
        state: failed
          ? sql`case when ${videoProviderJobs.id} = ${failed.id} then 'failed' else 'cancelled' end`
          : 'cancelled',
        error: failed
          ? sql`case when ${videoProviderJobs.id} = ${failed.id} then ${failed.error} else null end`
          : null,
        nextPollAt: null,
        finishedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(videoProviderJobs.requestId, requestId),
          eq(videoProviderJobs.attempt, attempt),
          inArray(videoProviderJobs.state, ['submitting', 'running']),
        ),
      )
      .returning();
  }

  /** The video a scene belongs to, as it stands. */
  async findRequest(requestId: number) {
    const [row] = await this.db
      .select()
      .from(videoCreationRequests)
      .where(eq(videoCreationRequests.id, requestId));
    return row;
  }

  /**
   * Starts the scene's poll chain again with a new turn (any older chain stops at its next poll),
   * first poll due at `nextPollAt`; answers the new turn.
   */
  async restartChain(db: Database, id: number, nextPollAt: Date): Promise<number> {
    const [row] = await db
      .update(videoProviderJobs)
      .set({ pollTurn: sql`${videoProviderJobs.pollTurn} + 1`, nextPollAt, updatedAt: sql`now()` })
      .where(eq(videoProviderJobs.id, id))
      .returning({ pollTurn: videoProviderJobs.pollTurn });
    if (!row) throw new Error(`provider task ${id} is gone`);
    return row.pollTurn;
  }

  /**
   * Locks the video's request row for the rest of the transaction, so its scenes finishing at the
   * same moment are counted one after the other (the last one sees all of them stored).
   */
  async lockRequest(db: Database, requestId: number) {
    const [row] = await db
      .select()
      .from(videoCreationRequests)
      .where(eq(videoCreationRequests.id, requestId))
      .for('update');
    return row;
  }

  /**
   * Scenes in flight whose next poll is long overdue: their poll job was lost (a queue wiped, a
   * job expired with its worker). The sweep starts their chains again.
   */
  async overdue(graceSeconds: number, limit = 500): Promise<ProviderTaskRow[]> {
    return this.db
      .select()
      .from(videoProviderJobs)
      .where(
        and(
          inArray(videoProviderJobs.state, ['running']),
          lt(videoProviderJobs.nextPollAt, sql`now() - make_interval(secs => ${graceSeconds})`),
        ),
      )
      .orderBy(asc(videoProviderJobs.nextPollAt))
      .limit(limit);
  }
}
