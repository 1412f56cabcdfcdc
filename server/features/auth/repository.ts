// SQL for the counters in rate_limits (request rate limits and the sign-in throttle): one upsert
// per event, so every API node sees the same counts.
import { eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rateLimits } from '../../db/schema';

export type WindowCount = { count: number; windowStartedAt: Date };

export class RateLimitRepository {
  constructor(private readonly db: Database) {}

  /** Counts one more hit on `key` in the current window (a new window once the old one ended). */
  async hit(key: string, windowMs: number, now: Date): Promise<WindowCount> {
    const windowStart = new Date(now.getTime() - windowMs);
    const expired = sql`${rateLimits.windowStartedAt} <= ${windowStart}`;
    const [row] = await this.db
      .insert(rateLimits)
      .values({ key, windowStartedAt: now, count: 1 })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
          windowStartedAt: sql`case when ${expired} then ${now} else ${rateLimits.windowStartedAt} end`,
        },
      })
      .returning({ count: rateLimits.count, windowStartedAt: rateLimits.windowStartedAt });
    if (!row) throw new Error(`rate limit upsert returned nothing for ${key}`);
    return row;
  }

  /**
   * Counts one more event on `key` and stamps it with `now` (the row then holds the count and the
   * time of the latest event); the count starts again once `forgetAfterMs` passed since the last.
   */
  async countSince(key: string, forgetAfterMs: number, now: Date): Promise<WindowCount> {
    const forgotten = sql`${rateLimits.windowStartedAt} <= ${new Date(now.getTime() - forgetAfterMs)}`;
    const [row] = await this.db
      .insert(rateLimits)
      .values({ key, windowStartedAt: now, count: 1 })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${forgotten} then 1 else ${rateLimits.count} + 1 end`,
          windowStartedAt: now,
        },
      })
      .returning({ count: rateLimits.count, windowStartedAt: rateLimits.windowStartedAt });
    if (!row) throw new Error(`rate limit upsert returned nothing for ${key}`);
    return row;
  }

  /** The hits on `key` in the current window, without counting one. */
  async peek(key: string, windowMs: number, now: Date): Promise<WindowCount | null> {
    const [row] = await this.db.select().from(rateLimits).where(eq(rateLimits.key, key));
    if (!row || row.windowStartedAt.getTime() <= now.getTime() - windowMs) return null;
    return row;
  }

  async reset(key: string): Promise<void> {
    await this.db.delete(rateLimits).where(eq(rateLimits.key, key));
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
