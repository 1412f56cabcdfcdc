// SQL for video creation requests and generated videos as members see them: inserting requests,
// retries, and the library list. A render's own lifecycle lives in generation/render-repository.

import { and, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { SceneSource } from '../../../shared/catalogue';
import type { Database } from '../../db/client';
import {
  type CombineSelection,
  videoCreationRequests,
  videoGeneratedContent,
} from '../../db/schema';
import { findVideosWithClips } from '../../generation/render-repository';
import { StockRepository, type StoredStockAsset } from '../../generation/stock/stock-repository';

export type LibraryKey = { source: 'c' | 'r'; id: number; atMicros: string };
export type VideoRequestRow = typeof videoCreationRequests.$inferSelect;
export type GeneratedVideoRow = typeof videoGeneratedContent.$inferSelect;
export type LibraryFolder = { kind: 'favorites' } | { kind: 'manual' | 'job'; id: number };
/** A library entry: a request not yet a video (`r`) or a finished video (`c`), with its page key. */
export type LibraryEntry =
  | { key: LibraryKey; request: VideoRequestRow; video?: undefined }
  | { key: LibraryKey; video: GeneratedVideoRow; request?: undefined };

/** A creation time in microseconds since 1970 (JavaScript dates stop at the millisecond). */
function microsOf(createdAt: PgColumn) {
  return sql`(extract(epoch from ${createdAt}) * 1000000)::bigint`;
}

/** The same, as text, for the page key. */
function micros(createdAt: PgColumn) {
  return sql<string>`${microsOf(createdAt)}::text`;
}

/**
 * Rows of one source strictly after `after` in the library order. The first bound lets the index
 * range scan start near the cursor (a millisecond of slack covers float rounding); the second is
 * the exact comparison.
 */
function pastKey(
  table: typeof videoCreationRequests | typeof videoGeneratedContent,
  source: 'c' | 'r',
  after: LibraryKey,
) {
  return and(
    sql`${table.createdAt} <= to_timestamp(${after.atMicros}::bigint / 1000000.0) + interval '1 millisecond'`,
    sql`(${microsOf(table.createdAt)}, ${source}::text, ${table.id})
        < (${after.atMicros}::bigint, ${after.source}::text, ${after.id}::int)`,
  );
}

/** Newer first; at the same microsecond requests before videos, then the higher id. */
function compareNewestFirst(a: LibraryKey, b: LibraryKey): number {
  const at = BigInt(b.atMicros) - BigInt(a.atMicros);
  if (at !== 0n) return at > 0n ? 1 : -1;
  if (a.source !== b.source) return a.source === 'r' ? -1 : 1;
  return b.id - a.id;
}

export type NewVideoRequest = {
  userId: string;
  title: string;
  description: string;
  sourceImageUrl: string | null;
  sceneSource?: SceneSource | null;
  sceneImageUrls?: string[] | null;
  logoUrl?: string | null;
  aspectRatio: string;
  scenes: number;
  watermark: boolean;
  /** Null: no voice. */
  voiceId: string | null;
  voiceSpeed: number;
  captionStyle: string;
  videoPrompt?: string | null;
  jobId?: number | null;
  idempotencyKey?: string | null;
  kind?: 'generate' | 'combine';
  combineSelection?: CombineSelection | null;
  /** A storyboard the member edited: rendered as written (generatedPrompt holds it). */
  generatedPrompt?: string | null;
  memberStoryboard?: boolean;
  music?: { enabled: boolean; mood: string } | null;
  /** A remix: the video it makes the next version of, and whose scene segments it reuses. */
  remixOf?: number | null;
  segmentRoot?: number | null;
};

export class VideosRepository {
  constructor(private readonly db: Database) {}

  /** The licence records of the stock footage each of `contentIds` shows, by video. */
  stockAssets(contentIds: readonly number[]): Promise<Map<number, StoredStockAsset[]>> {
    return new StockRepository(this.db).videoAssets(contentIds);
  }

  async insertRequest(db: Database, request: NewVideoRequest): Promise<VideoRequestRow> {
    const [row] = await db.insert(videoCreationRequests).values(request).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  }

  /**
   * The member's requests queued or rendering (`total`), and of those still waiting (`queued`).
   * With `lock`, first takes the member's row, so two requests counting at once see each other's
   * work (the lock does not block inserts that merely reference the member).
   */
  async countInProgress(
    db: Database,
    userId: string,
    { lock }: { lock: boolean },
  ): Promise<{ total: number; queued: number }> {
    if (lock) await db.execute(sql`select 1 from users where id = ${userId} for no key update`);
    const [row] = await db
      .select({
        total: sql<number>`count(*)::int`,
        queued: sql<number>`(count(*) filter (where ${videoCreationRequests.status} = 'queued'))::int`,
      })
      .from(videoCreationRequests)
      .where(
        and(
          eq(videoCreationRequests.userId, userId),
          inArray(videoCreationRequests.status, ['queued', 'processing']),
        ),
      );
    return { total: row?.total ?? 0, queued: row?.queued ?? 0 };
  }

  async findByIdempotencyKey(userId: string, key: string): Promise<VideoRequestRow | undefined> {
    const [row] = await this.db
      .select()
      .from(videoCreationRequests)
      .where(
        and(
          eq(videoCreationRequests.userId, userId),
          eq(videoCreationRequests.idempotencyKey, key),
        ),
      );
    return row;
  }

  async findRequest(id: number): Promise<VideoRequestRow | undefined> {
    const [row] = await this.db
      .select()
      .from(videoCreationRequests)
      .where(eq(videoCreationRequests.id, id));
    return row;
  }

  async findOwnedRequest(userId: string, id: number): Promise<VideoRequestRow | undefined> {
    const [row] = await this.db
      .select()
      .from(videoCreationRequests)
      .where(and(eq(videoCreationRequests.id, id), eq(videoCreationRequests.userId, userId)));
    return row;
  }

  /** The request a generated video came from (retry of a video listed by its integer id). */
  async findOwnedContent(userId: string, id: number): Promise<GeneratedVideoRow | undefined> {
    const [row] = await this.db
      .select()
      .from(videoGeneratedContent)
      .where(and(eq(videoGeneratedContent.id, id), eq(videoGeneratedContent.userId, userId)));
    return row;
  }

  /**
   * A video's remixes that count towards its free ones (rendered or on their way, not failed),
   * and how many versions it has (1 for a video never remixed).
   */
  async remixCounts(
    db: Database,
    contentId: number,
  ): Promise<{ remixes: number; versions: number }> {
    const result = await db.execute<{ remixes: number; versions: number }>(sql`
      select
        (select count(*)::int from video_creation_requests
           where remix_of = ${contentId} and status <> 'failed') as remixes,
        greatest(1, (select count(*)::int from video_versions where content_id = ${contentId})) as versions`);
    return result.rows[0] ?? { remixes: 0, versions: 1 };
  }

  /** Failed → queued for another attempt; null when the request is not failed (or not theirs). */
  async requeueFailed(db: Database, userId: string, id: number): Promise<VideoRequestRow | null> {
    const [row] = await db
      .update(videoCreationRequests)
      .set({
        status: 'queued',
        attempts: sql`${videoCreationRequests.attempts} + 1`,
        // A new attempt starts with no lost renders: the member chose to try it again.
        lostRenders: 0,
        progress: 0,
        errorMessage: null,
        leaseOwner: null,
        leaseExpiresAt: null,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(videoCreationRequests.id, id),
          eq(videoCreationRequests.userId, userId),
          eq(videoCreationRequests.status, 'failed'),
        ),
      )
      .returning();
    return row ?? null;
  }

  /** Requests that have not become a video (queued, processing, failed), newest first. */
  async listOpenRequests(userId: string): Promise<VideoRequestRow[]> {
    return this.db
      .select()
      .from(videoCreationRequests)
      .where(
        and(
          eq(videoCreationRequests.userId, userId),
          isNull(videoCreationRequests.generatedContentId),
        ),
      )
      .orderBy(desc(videoCreationRequests.createdAt), desc(videoCreationRequests.id));
  }

  /**
   * One page of the merged library (requests not yet videos, and videos), newest first, by keyset:
   * the entries strictly after `after` in the order (created_at µs, source, id), all descending.
   * Each table is read in its (user, created_at, id) index order, at most `limit` rows deep, and
   * the two runs are merged, so a page costs the same with 50 videos or 50,000.
   */
  async pageLibrary(
    userId: string,
    options: {
      limit: number;
      after: LibraryKey | null;
      search: string | null;
      folders: readonly LibraryFolder[];
    },
  ): Promise<LibraryEntry[]> {
    const { limit, after } = options;
    const { requestsMatch, videosMatch } = this.libraryFilters(userId, options);
    const requests = videoCreationRequests;
    const videos = videoGeneratedContent;
    const [openRequests, finishedVideos] = await Promise.all([
      requestsMatch
        ? this.db
            .select({ row: requests, atMicros: micros(requests.createdAt) })
            .from(requests)
            .where(and(requestsMatch, after ? pastKey(requests, 'r', after) : undefined))
            .orderBy(desc(requests.createdAt), desc(requests.id))
            .limit(limit)
        : [],
      this.db
        .select({ row: videos, atMicros: micros(videos.createdAt) })
        .from(videos)
        .where(and(videosMatch, after ? pastKey(videos, 'c', after) : undefined))
        .orderBy(desc(videos.createdAt), desc(videos.id))
        .limit(limit),
    ]);
    const entries: LibraryEntry[] = [
      ...openRequests.map(({ row, atMicros }) => ({
        key: { source: 'r' as const, id: row.id, atMicros },
        request: row,
      })),
      ...finishedVideos.map(({ row, atMicros }) => ({
        key: { source: 'c' as const, id: row.id, atMicros },
        video: row,
      })),
    ];
    return entries.sort((a, b) => compareNewestFirst(a.key, b.key)).slice(0, limit);
  }

  /** How many library entries match `search` and `folders` (what pageLibrary pages through). */
  async countLibrary(
    userId: string,
    options: { search: string | null; folders: readonly LibraryFolder[] },
  ): Promise<number> {
    const { requestsMatch, videosMatch } = this.libraryFilters(userId, options);
    const count = { n: sql<number>`count(*)::int` };
    const [requestCount, videoCount] = await Promise.all([
      requestsMatch
        ? this.db.select(count).from(videoCreationRequests).where(requestsMatch)
        : [{ n: 0 }],
      this.db.select(count).from(videoGeneratedContent).where(videosMatch),
    ]);
    return (requestCount[0]?.n ?? 0) + (videoCount[0]?.n ?? 0);
  }

  /** The member's library in numbers: open requests by status, finished videos, favourites. */
  async librarySummary(userId: string) {
    const requests = videoCreationRequests;
    const videos = videoGeneratedContent;
    const [open, finished] = await Promise.all([
      this.db
        .select({ status: requests.status, n: sql<number>`count(*)::int` })
        .from(requests)
        .where(and(eq(requests.userId, userId), isNull(requests.generatedContentId)))
        .groupBy(requests.status),
      this.db
        .select({
          n: sql<number>`count(*)::int`,
          favorites: sql<number>`(count(*) filter (where ${videos.favorites}))::int`,
        })
        .from(videos)
        .where(eq(videos.userId, userId)),
    ]);
    const byStatus = new Map(open.map((row) => [row.status, row.n]));
    return {
      completed: finished[0]?.n ?? 0,
      favorites: finished[0]?.favorites ?? 0,
      processing: byStatus.get('processing') ?? 0,
      queued: byStatus.get('queued') ?? 0,
      failed: byStatus.get('failed') ?? 0,
    };
  }

  /**
   * The conditions a library view puts on each table: the member's own entries, matching `search`
   * in title or description (any case, `%` and `_` literal), in any of `folders`. Folders hold
   * finished videos only, so with folders no open request matches (null).
   */
  private libraryFilters(
    userId: string,
    options: { search: string | null; folders: readonly LibraryFolder[] },
  ) {
    const { search, folders } = options;
    const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const requests = videoCreationRequests;
    const videos = videoGeneratedContent;
    const inFolder = (folder: LibraryFolder) =>
      folder.kind === 'favorites'
        ? eq(videos.favorites, true)
        : folder.kind === 'manual'
          ? eq(videos.userFolderId, folder.id)
          : eq(videos.jobId, folder.id);
    return {
      requestsMatch:
        folders.length > 0
          ? null
          : and(
              eq(requests.userId, userId),
              isNull(requests.generatedContentId),
              pattern
                ? or(ilike(requests.title, pattern), ilike(requests.description, pattern))
                : undefined,
            ),
      videosMatch: and(
        eq(videos.userId, userId),
        pattern ? or(ilike(videos.title, pattern), ilike(videos.description, pattern)) : undefined,
        folders.length > 0 ? or(...folders.map(inFolder)) : undefined,
      ),
    };
  }

  async listVideos(userId: string): Promise<GeneratedVideoRow[]> {
    return this.db
      .select()
      .from(videoGeneratedContent)
      .where(eq(videoGeneratedContent.userId, userId))
      .orderBy(desc(videoGeneratedContent.createdAt), desc(videoGeneratedContent.id));
  }

  /** The member's finished videos among `ids`, with their stored scene clips in scene order. */
  findOwnedVideosWithClips(userId: string, ids: number[]) {
    return findVideosWithClips(this.db, userId, ids);
  }

  /** Who may see a stored object: its video's owner, or anyone when the video is public. */
  async findContentByMediaKey(key: string) {
    const [row] = await this.db
      .select({ userId: videoGeneratedContent.userId, isPublic: videoGeneratedContent.isPublic })
      .from(videoGeneratedContent)
      .where(
        sql`${videoGeneratedContent.videoKey} = ${key} or ${videoGeneratedContent.thumbnailKey} = ${key} or ${videoGeneratedContent.captionsKey} = ${key} or ${videoGeneratedContent.chaptersKey} = ${key}`,
      )
      .limit(1);
    return row;
  }
}
