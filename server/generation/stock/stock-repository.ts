// SQL for stock footage: each service's request budget (one statement per request, so racing
// workers never pass it), the day-long search cache, when each asset was last used, and the
// licence records a video keeps.
import { and, asc, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  stockAssetUses,
  stockRateBudgets,
  stockSearchCache,
  videoStockAssets,
} from '../../db/schema';
import type { StockAssetRecord, StockCandidate, StockProvider } from './stock-types';

/** How long a search answer is reused: Pixabay's terms ask for 24 hours, Pexels suggests it. */
export const STOCK_CACHE_MS = 24 * 60 * 60 * 1000;

/** A stored licence record, with our copy's key. */
export type StoredStockAsset = StockAssetRecord & { storageKey: string | null };

export class StockRepository {
  constructor(private readonly db: Database) {}

  /**
   * Takes one request from `provider`'s budget of `max` a window of `windowMs`: false when the
   * window is spent or the service is blocked. One upsert, so workers racing for the last request
   * cannot both have it.
   */
  async takeRequest(
    provider: StockProvider,
    max: number,
    windowMs: number,
    now: Date,
  ): Promise<boolean> {
    const windowStart = new Date(now.getTime() - windowMs);
    const expired = sql`${stockRateBudgets.windowStartedAt} <= ${windowStart}`;
    const rows = await this.db
      .insert(stockRateBudgets)
      .values({ provider, windowStartedAt: now, used: 1 })
      .onConflictDoUpdate({
        target: stockRateBudgets.provider,
        set: {
          used: sql`case when ${expired} then 1 else ${stockRateBudgets.used} + 1 end`,
          windowStartedAt: sql`case when ${expired} then ${now} else ${stockRateBudgets.windowStartedAt} end`,
        },
        setWhere: sql`(${stockRateBudgets.blockedUntil} is null or ${stockRateBudgets.blockedUntil} <= ${now}) and (${expired} or ${stockRateBudgets.used} < ${max})`,
      })
      .returning({ used: stockRateBudgets.used });
    return rows.length > 0;
  }

  /** No request to `provider` before `until` (a 429, or a window the service says is spent). */
  async block(provider: StockProvider, until: Date): Promise<void> {
    await this.db
      .insert(stockRateBudgets)
      .values({ provider, windowStartedAt: new Date(), used: 0, blockedUntil: until })
      .onConflictDoUpdate({
        target: stockRateBudgets.provider,
        set: {
          blockedUntil: sql`greatest(coalesce(${stockRateBudgets.blockedUntil}, ${until}), ${until})`,
        },
      });
  }

  /** When `provider` may be asked again, when it is blocked now. */
  async blockedUntil(provider: StockProvider, now: Date): Promise<Date | null> {
    const [row] = await this.db
      .select({ until: stockRateBudgets.blockedUntil })
      .from(stockRateBudgets)
      .where(and(eq(stockRateBudgets.provider, provider), gt(stockRateBudgets.blockedUntil, now)));
    return row?.until ?? null;
  }

  /** A search answer cached within the last day, or null. */
  async cachedAnswer(
    provider: StockProvider,
    media: string,
    queryKey: string,
    now: Date,
  ): Promise<StockCandidate[] | null> {
    const [row] = await this.db
      .select({ answer: stockSearchCache.answer })
      .from(stockSearchCache)
      .where(
        and(
          eq(stockSearchCache.provider, provider),
          eq(stockSearchCache.media, media),
          eq(stockSearchCache.queryKey, queryKey),
          gt(stockSearchCache.fetchedAt, new Date(now.getTime() - STOCK_CACHE_MS)),
        ),
      );
    return row ? (row.answer as StockCandidate[]) : null;
  }

  /**
   * An asset some search answered within the last day (the picker's search result a member
   * picks), newest answer first; null when no fresh answer holds it.
   */
  async offeredAsset(
    provider: StockProvider,
    assetId: string,
    now: Date,
  ): Promise<StockCandidate | null> {
    const rows = await this.db
      .select({ answer: stockSearchCache.answer })
      .from(stockSearchCache)
      .where(
        and(
          eq(stockSearchCache.provider, provider),
          gt(stockSearchCache.fetchedAt, new Date(now.getTime() - STOCK_CACHE_MS)),
          sql`${stockSearchCache.answer} @> ${JSON.stringify([{ assetId }])}::jsonb`,
        ),
      )
      .orderBy(desc(stockSearchCache.fetchedAt))
      .limit(1);
    const answer = (rows[0]?.answer ?? []) as StockCandidate[];
    return answer.find((candidate) => candidate.assetId === assetId) ?? null;
  }

  async cacheAnswer(
    provider: StockProvider,
    media: string,
    queryKey: string,
    candidates: StockCandidate[],
    now: Date,
  ): Promise<void> {
    await this.db
      .insert(stockSearchCache)
      .values({ provider, media, queryKey, answer: candidates, fetchedAt: now })
      .onConflictDoUpdate({
        target: [stockSearchCache.provider, stockSearchCache.media, stockSearchCache.queryKey],
        set: { answer: candidates, fetchedAt: now },
      });
  }

  /** Forgets answers older than a day (the maintenance sweep). */
  async pruneCache(now: Date): Promise<number> {
    const deleted = await this.db
      .delete(stockSearchCache)
      .where(lt(stockSearchCache.fetchedAt, new Date(now.getTime() - STOCK_CACHE_MS)))
      .returning({ provider: stockSearchCache.provider });
    return deleted.length;
  }

  /** When each of `assets` was last used, by "provider:assetId" (absent: never). */
  async lastUses(
    assets: ReadonlyArray<{ provider: StockProvider; assetId: string }>,
  ): Promise<Map<string, Date>> {
    if (assets.length === 0) return new Map();
    const rows = await this.db
      .select()
      .from(stockAssetUses)
      .where(
        inArray(
          sql`${stockAssetUses.provider} || ':' || ${stockAssetUses.assetId}`,
          assets.map((asset) => `${asset.provider}:${asset.assetId}`),
        ),
      );
    return new Map(rows.map((row) => [`${row.provider}:${row.assetId}`, row.lastUsedAt]));
  }

  async markUsed(
    assets: ReadonlyArray<{ provider: StockProvider; assetId: string }>,
    now: Date,
  ): Promise<void> {
    if (assets.length === 0) return;
    await this.db
      .insert(stockAssetUses)
      .values(assets.map((asset) => ({ ...asset, lastUsedAt: now })))
      .onConflictDoUpdate({
        target: [stockAssetUses.provider, stockAssetUses.assetId],
        set: { lastUsedAt: now },
      });
  }

  /** Files a video's licence records, in the order it shows them. */
  async saveVideoAssets(
    video: { id: number; userId: string },
    assets: readonly StoredStockAsset[],
  ): Promise<void> {
    if (assets.length === 0) return;
    await this.db.insert(videoStockAssets).values(
      assets.map((asset, index) => ({
        contentId: video.id,
        userId: video.userId,
        position: index + 1,
        provider: asset.provider,
        assetId: asset.assetId,
        pageUrl: asset.pageUrl,
        author: asset.author,
        authorUrl: asset.authorUrl,
        licence: asset.licence,
        licenceUrl: asset.licenceUrl,
        fileUrl: asset.fileUrl,
        fetchedAt: new Date(asset.fetchedAt),
        storageKey: asset.storageKey,
      })),
    );
  }

  /** The licence records of `contentIds`, each video's in its order. */
  async videoAssets(contentIds: readonly number[]): Promise<Map<number, StoredStockAsset[]>> {
    const found = new Map<number, StoredStockAsset[]>();
    if (contentIds.length === 0) return found;
    const rows = await this.db
      .select()
      .from(videoStockAssets)
      .where(inArray(videoStockAssets.contentId, [...contentIds]))
      .orderBy(asc(videoStockAssets.contentId), asc(videoStockAssets.position));
    for (const row of rows) {
      const list = found.get(row.contentId) ?? [];
      list.push(recordOf(row));
      found.set(row.contentId, list);
    }
    return found;
  }
}

function recordOf(row: typeof videoStockAssets.$inferSelect): StoredStockAsset {
  return {
    provider: row.provider as StockProvider,
    assetId: row.assetId,
    pageUrl: row.pageUrl,
    author: row.author,
    authorUrl: row.authorUrl,
    licence: row.licence,
    licenceUrl: row.licenceUrl,
    fileUrl: row.fileUrl,
    fetchedAt: row.fetchedAt.toISOString(),
    storageKey: row.storageKey,
  };
}
