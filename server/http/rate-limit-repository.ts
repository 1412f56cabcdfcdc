// SQL for the counters in rate_limits (request rate limits and the sign-in throttle): one upsert
// per event, so every API node sees the same counts.
import { and, eq, gt, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateLimits } from '../db/schema';

export type WindowCount = { count: number; windowStartedAt: Date };

export class RateLimitRepository {
  constructor(private readonly db: Database) {}

  /**
   * Runs `work` in one transaction on counters bound to it: what it counted is undone if it throws,
   * and the rows it counted stay locked until it ends, so parallel work on them takes turns.
   */
  async inTransaction<T>(work: (counters: RateLimitRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new RateLimitRepository(tx as unknown as Database)));
  }

  /** Counts one more hit on `key` in the current window (a new window once the old one ended). */
  async hit(key: string, windowMs: number, now: Date): Promise<WindowCount> {
    const [row] = await this.upsertHit(key, windowMs, now);
    if (!row) throw new Error(`rate limit upsert returned nothing for ${key}`);
    return row;
  }

  /**
   * Counts one more hit on `key` only while its current window holds fewer than `max`, in one
   * statement: however many requests race, no more than `max` are ever counted. Null when full.
   */
  async hitBelow(
    key: string,
    max: number,
    windowMs: number,
    now: Date,
  ): Promise<WindowCount | null> {
    const [row] = await this.upsertHit(key, windowMs, now, sql`${rateLimits.count} < ${max}`);
    return row ?? null;
  }

  /** The upsert behind hit and hitBelow; with `onlyIf`, a live window counts only when it holds. */
  private upsertHit(key: string, windowMs: number, now: Date, onlyIf?: SQL) {
    const windowStart = new Date(now.getTime() - windowMs);
    const expired = sql`${rateLimits.windowStartedAt} <= ${windowStart}`;
    return this.db
      .insert(rateLimits)
      .values({ key, windowStartedAt: now, count: 1 })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
          windowStartedAt: sql`case when ${expired} then ${now} else ${rateLimits.windowStartedAt} end`,
        },
        setWhere: onlyIf ? sql`${expired} or ${onlyIf}` : undefined,
      })
      .returning({ count: rateLimits.count, windowStartedAt: rateLimits.windowStartedAt });
  }

  /**
   * Counts one more event on `key` and stamps it with `now` (the row then holds the count and the
   * time of the latest event), unless the wait after the latest event has not passed yet:
   * `waitsMs[n]` is the wait after n events, its last entry the wait after any more. The count
   * starts again once `forgetAfterMs` passed since the last event. One statement, so racing
   * requests cannot both slip through the same free moment. Null while waiting.
   */
  async countUnlessWaiting(
    key: string,
    waitsMs: readonly number[],
    forgetAfterMs: number,
    now: Date,
  ): Promise<WindowCount | null> {
    if (waitsMs.length === 0 || !waitsMs.every((ms) => Number.isSafeInteger(ms) && ms >= 0)) {
      throw new Error('waits must be whole milliseconds');
    }
    // Our own whole numbers, checked above: written into the statement as a constant array.
    const waits = sql.raw(`(array[${waitsMs.join(',')}]::bigint[])`);
    const wait = sql`${waits}[least(${rateLimits.count}, ${sql.raw(String(waitsMs.length - 1))}) + 1]`;
    const forgotten = sql`${rateLimits.windowStartedAt} <= ${new Date(now.getTime() - forgetAfterMs)}`;
    // A wait of 0 lets the event through whatever the times say: racing requests take `now` in
    // one order and reach the row in another, so the stamp can be a moment after this `now`.
    const waited = sql`(${wait} = 0 or ${rateLimits.windowStartedAt} + ${wait} * interval '1 millisecond' <= ${now})`;
    const [row] = await this.db
      .insert(rateLimits)
      .values({ key, windowStartedAt: now, count: 1 })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${forgotten} then 1 else ${rateLimits.count} + 1 end`,
          // The latest event's time never moves back (the same race as above).
          windowStartedAt: sql`greatest(${rateLimits.windowStartedAt}, ${now})`,
        },
        setWhere: sql`${forgotten} or ${waited}`,
      })
      .returning({ count: rateLimits.count, windowStartedAt: rateLimits.windowStartedAt });
    return row ?? null;
  }

  /** Moves the time of `key`'s latest event to `now` (never back), leaving its count. */
  async touch(key: string, now: Date): Promise<void> {
    await this.db
      .update(rateLimits)
      .set({ windowStartedAt: sql`greatest(${rateLimits.windowStartedAt}, ${now})` })
      .where(eq(rateLimits.key, key));
  }

  /**
   * Takes back one hit counted on `key` at `countedAt`, unless the window has started again since
   * (the hit then belonged to a window that is gone, and the new one holds only others' hits).
   */
  async takeBack(key: string, countedAt: Date): Promise<void> {
    await this.db
      .update(rateLimits)
      .set({ count: sql`${rateLimits.count} - 1` })
      .where(
        and(
          eq(rateLimits.key, key),
          gt(rateLimits.count, 0),
          lte(rateLimits.windowStartedAt, countedAt),
        ),
      );
  }

  /** The hits on `key` in the current window, without counting one. */
  async peek(key: string, windowMs: number, now: Date): Promise<WindowCount | null> {
    const [row] = await this.db.select().from(rateLimits).where(eq(rateLimits.key, key));
    if (!row || row.windowStartedAt.getTime() <= now.getTime() - windowMs) return null;
    return row;
  }

  /** Forgets `key`; answers the time its row held (its latest event), if there was one. */
  async reset(key: string): Promise<Date | null> {
    const [row] = await this.db
      .delete(rateLimits)
      .where(eq(rateLimits.key, key))
      .returning({ windowStartedAt: rateLimits.windowStartedAt });
    return row?.windowStartedAt ?? null;
  }

  /** Deletes counters whose window ended before `before`. */
  async prune(before: Date): Promise<number> {
    const rows = await this.db
      .delete(rateLimits)
      .where(lt(rateLimits.windowStartedAt, before))
      .returning({ key: rateLimits.key });
    return rows.length;
  }
}
