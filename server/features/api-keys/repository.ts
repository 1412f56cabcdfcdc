// SQL for personal API keys (tables api_keys and api_key_spends): a key found by its hash (and its
// last use noted, at most once a minute, in the same statement), listed with the month's spend,
// made within the member's limit, revoked; and each key's spending, locked per key while a charge
// is decided.
import { and, asc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { apiKeySpends, apiKeys, users } from '../../db/schema';

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type ApiKeyListRow = ApiKeyRow & { creditsSpentThisMonth: number };

/** The first instant of the calendar month (UTC) `now` is in. */
export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

export class ApiKeysRepository {
  constructor(private readonly db: Database) {}

  /**
   * The live key with this hash: its id, member and scopes, in one statement that also notes its
   * use when the last one noted is a minute old or more (so a busy key is not a write per request).
   */
  async liveKeyByHash(
    keyHash: string,
  ): Promise<Pick<ApiKeyRow, 'id' | 'userId' | 'scopes'> | null> {
    const result = await this.db.execute<Pick<ApiKeyRow, 'id' | 'userId' | 'scopes'>>(sql`
      with hit as (
        select ${apiKeys.id} as id, ${apiKeys.userId} as user_id, ${apiKeys.scopes} as scopes,
               ${apiKeys.lastUsedAt} as last_used_at
          from ${apiKeys}
         where ${apiKeys.keyHash} = ${keyHash} and ${apiKeys.revokedAt} is null
      ), touched as (
        update ${apiKeys} set last_used_at = now()
        where ${apiKeys.id} = (select id from hit)
          and ((select last_used_at from hit) is null
               or (select last_used_at from hit) < now() - interval '1 minute')
      )
      select id, user_id as "userId", scopes from hit`);
    return result.rows[0] ?? null;
  }

  /** The member's live keys, oldest first, each with what it spent since `since`. */
  async list(userId: string, since: Date): Promise<ApiKeyListRow[]> {
    const rows = await this.db
      .select({
        key: apiKeys,
        spent: sql<number>`coalesce(sum(${apiKeySpends.credits}), 0)::int`,
      })
      .from(apiKeys)
      .leftJoin(
        apiKeySpends,
        and(eq(apiKeySpends.apiKeyId, apiKeys.id), gte(apiKeySpends.createdAt, since)),
      )
      .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
      .groupBy(apiKeys.id)
      .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
    return rows.map(({ key, spent }) => ({ ...key, creditsSpentThisMonth: spent }));
  }

  /**
   * Makes a key unless the member already has `max` live ones (null then). The member's row is
   * locked first, so two creations at once cannot both take the last place.
   */
  async insertWithin(
    max: number,
    values: Pick<
      ApiKeyRow,
      'userId' | 'name' | 'keyHash' | 'prefix' | 'scopes' | 'monthlyCreditCap'
    >,
  ): Promise<ApiKeyRow | null> {
    return this.db.transaction(async (tx) => {
      await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, values.userId))
        .for('update');
      const [live] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(apiKeys)
        .where(and(eq(apiKeys.userId, values.userId), isNull(apiKeys.revokedAt)));
      if ((live?.count ?? 0) >= max) return null;
      const [row] = await tx.insert(apiKeys).values(values).returning();
      return row ?? null;
    });
  }

  /** Revokes one of the member's live keys; false when there is none with that id. */
  async revoke(userId: string, id: string): Promise<boolean> {
    const revoked = await this.db
      .update(apiKeys)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id });
    return revoked.length > 0;
  }

  /**
   * Inside the charging transaction: locks the key (charges through one key wait for each other
   * here, so parallel ones never both see room under the cap) and answers its cap and what it
   * spent since `since`; null when the key was revoked meanwhile.
   */
  async lockForCharge(
    db: Database,
    id: string,
    since: Date,
  ): Promise<{ cap: number | null; spent: number } | null> {
    const [key] = await db
      .select({ cap: apiKeys.monthlyCreditCap })
      .from(apiKeys)
      .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
      .for('update');
    if (!key) return null;
    const [month] = await db
      .select({ spent: sql<number>`coalesce(sum(${apiKeySpends.credits}), 0)::int` })
      .from(apiKeySpends)
      .where(and(eq(apiKeySpends.apiKeyId, id), gte(apiKeySpends.createdAt, since)));
    return { cap: key.cap, spent: month?.spent ?? 0 };
  }

  /** Records a key's spend (positive) or refund (negative) of one render attempt, once. */
  async recordSpend(
    db: Database,
    line: { apiKeyId: string; kind: 'spend' | 'refund'; credits: number; reference: string },
  ): Promise<void> {
    await db.insert(apiKeySpends).values(line).onConflictDoNothing();
  }

  /** The key that paid for a render attempt, if a key did (a refund then lowers its spend). */
  async spenderOf(
    db: Database,
    reference: string,
  ): Promise<{ apiKeyId: string; credits: number } | null> {
    const [line] = await db
      .select({ apiKeyId: apiKeySpends.apiKeyId, credits: apiKeySpends.credits })
      .from(apiKeySpends)
      .where(and(eq(apiKeySpends.kind, 'spend'), eq(apiKeySpends.reference, reference)));
    return line ?? null;
  }
}
