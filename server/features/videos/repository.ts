// SQL for video creation requests and generated videos: inserting requests, the render claim and
// its heartbeat, progress, completion and failure, and the member's library list.
import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  type CombineSelection,
  videoCreationRequests,
  videoGeneratedContent,
  videoSceneClips,
} from '../../db/schema';

export type LibraryKey = { source: 'c' | 'r'; id: number; atMicros: string };
export type VideoRequestRow = typeof videoCreationRequests.$inferSelect;
export type GeneratedVideoRow = typeof videoGeneratedContent.$inferSelect;

export type NewVideoRequest = {
  userId: string;
  title: string;
  description: string;
  sourceImageUrl: string | null;
  aspectRatio: string;
  scenes: number;
  watermark: boolean;
  videoPrompt?: string | null;
  jobId?: number | null;
  idempotencyKey?: string | null;
  kind?: 'generate' | 'combine';
  combineSelection?: CombineSelection | null;
};

export type CompletedVideo = {
  videoKey: string;
  thumbnailKey: string;
  duration: number;
  width: number;
  height: number;
  generatedPrompt: string;
  sceneClips: { sceneNumber: number; storageKey: string; duration: number }[];
};

export class VideosRepository {
  constructor(private readonly db: Database) {}

  async insertRequest(db: Database, request: NewVideoRequest): Promise<VideoRequestRow> {
    const [row] = await db.insert(videoCreationRequests).values(request).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
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

  /** Failed → queued for another attempt; null when the request is not failed (or not theirs). */
  async requeueFailed(db: Database, userId: string, id: number): Promise<VideoRequestRow | null> {
    const [row] = await db
      .update(videoCreationRequests)
      .set({
        status: 'queued',
        attempts: sql`${videoCreationRequests.attempts} + 1`,
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

  /**
   * Takes a queued attempt for one worker. Exactly one claimant wins; a job for an older attempt,
   * or for a video another worker holds or has finished, gets null.
   */
  async claim(
    requestId: number,
    attempt: number,
    workerId: string,
    leaseSeconds: number,
  ): Promise<VideoRequestRow | null> {
    const [row] = await this.db
      .update(videoCreationRequests)
      .set({
        status: 'processing',
        progress: 0,
        leaseOwner: workerId,
        leaseExpiresAt: sql`now() + make_interval(secs => ${leaseSeconds})`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(videoCreationRequests.id, requestId),
          eq(videoCreationRequests.attempts, attempt),
          eq(videoCreationRequests.status, 'queued'),
        ),
      )
      .returning();
    return row ?? null;
  }

  /** Extends the claim; false when the worker has lost it (taken over after a missed heartbeat). */
  async heartbeat(requestId: number, workerId: string, leaseSeconds: number): Promise<boolean> {
    const rows = await this.db
      .update(videoCreationRequests)
      .set({ leaseExpiresAt: sql`now() + make_interval(secs => ${leaseSeconds})` })
      .where(this.heldBy(requestId, workerId))
      .returning({ id: videoCreationRequests.id });
    return rows.length > 0;
  }

  async saveProgress(requestId: number, workerId: string, progress: number): Promise<void> {
    await this.db
      .update(videoCreationRequests)
      .set({ progress, updatedAt: sql`now()` })
      .where(this.heldBy(requestId, workerId));
  }

  async saveGeneratedPrompt(requestId: number, workerId: string, generatedPrompt: string) {
    await this.db
      .update(videoCreationRequests)
      .set({ generatedPrompt })
      .where(this.heldBy(requestId, workerId));
  }

  /**
   * Renders whose worker stopped sending heartbeats go back to the queue (the caller enqueues
   * them again in the same transaction). Only one sweeper gets each.
   */
  async releaseExpiredLeases(db: Database): Promise<VideoRequestRow[]> {
    return db
      .update(videoCreationRequests)
      .set({
        status: 'queued',
        progress: 0,
        leaseOwner: null,
        leaseExpiresAt: null,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(videoCreationRequests.status, 'processing'),
          lt(videoCreationRequests.leaseExpiresAt, sql`now()`),
        ),
      )
      .returning();
  }

  /**
   * Files the finished video and marks the request completed, if this worker still holds it.
   * Returns the new video, or null when the claim was lost (nothing is written then).
   */
  async complete(
    db: Database,
    request: VideoRequestRow,
    workerId: string,
    video: CompletedVideo,
  ): Promise<GeneratedVideoRow | null> {
    const [held] = await db
      .update(videoCreationRequests)
      .set({
        status: 'completed',
        progress: 100,
        generatedPrompt: video.generatedPrompt,
        leaseOwner: null,
        leaseExpiresAt: null,
        completedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(this.heldBy(request.id, workerId))
      .returning({ id: videoCreationRequests.id });
    if (!held) return null;
    const [content] = await db
      .insert(videoGeneratedContent)
      .values({
        userId: request.userId,
        requestId: request.id,
        jobId: request.jobId,
        title: request.title,
        description: request.description,
        videoKey: video.videoKey,
        thumbnailKey: video.thumbnailKey,
        duration: video.duration,
        scenes: request.scenes,
        aspectRatio: request.aspectRatio,
        width: video.width,
        height: video.height,
        generatedPrompt: video.generatedPrompt,
      })
      .returning();
    if (!content) throw new Error('insert returned no row');
    await db.insert(videoSceneClips).values(
      video.sceneClips.map((clip) => ({
        contentId: content.id,
        sceneNumber: clip.sceneNumber,
        storageKey: clip.storageKey,
        duration: clip.duration,
        width: video.width,
        height: video.height,
      })),
    );
    await db
      .update(videoCreationRequests)
      .set({ generatedContentId: content.id })
      .where(eq(videoCreationRequests.id, request.id));
    return content;
  }

  /** Marks the attempt failed if this worker still holds it; false when it had lost the claim. */
  async fail(db: Database, requestId: number, workerId: string, errorMessage: string) {
    const rows = await db
      .update(videoCreationRequests)
      .set({
        status: 'failed',
        errorMessage,
        leaseOwner: null,
        leaseExpiresAt: null,
        updatedAt: sql`now()`,
      })
      .where(this.heldBy(requestId, workerId))
      .returning({ id: videoCreationRequests.id });
    return rows.length > 0;
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
   * rows strictly after `after` in the order (created_at µs, source, id), all descending.
   */
  async pageLibrary(
    userId: string,
    options: {
      limit: number;
      after: { atMicros: string; source: 'c' | 'r'; id: number } | null;
      search: string | null;
      folder: { kind: 'favorites' } | { kind: 'manual' | 'job'; id: number } | null;
    },
  ): Promise<{ rows: VideoRequestRow[]; videos: GeneratedVideoRow[]; order: LibraryKey[] }> {
    const pattern = options.search
      ? `%${options.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
      : null;
    const matches = (table: 'r' | 'c') =>
      pattern
        ? sql`and (${sql.raw(table)}.title ilike ${pattern} or ${sql.raw(table)}.description ilike ${pattern})`
        : sql``;
    const folder = options.folder;
    const folderCondition =
      folder === null
        ? sql``
        : folder.kind === 'favorites'
          ? sql`and c.favorites`
          : folder.kind === 'manual'
            ? sql`and c.user_folder_id = ${folder.id}`
            : sql`and c.job_id = ${folder.id}`;
    const requests =
      folder === null
        ? sql`select 'r' as source, r.id, (extract(epoch from r.created_at) * 1000000)::bigint as at_us
              from video_creation_requests r
              where r.user_id = ${userId} and r.generated_content_id is null ${matches('r')}
              union all`
        : sql``;
    const after = options.after
      ? sql`where (at_us, source, id) < (${options.after.atMicros}::bigint, ${options.after.source}, ${options.after.id})`
      : sql``;
    const result = await this.db.execute(sql`
      select source, id, at_us::text as at_us from (
        ${requests}
        select 'c' as source, c.id, (extract(epoch from c.created_at) * 1000000)::bigint as at_us
        from video_generated_content c
        where c.user_id = ${userId} ${matches('c')} ${folderCondition}
      ) library
      ${after}
      order by at_us desc, source desc, id desc
      limit ${options.limit}`);
    const order = (
      result as unknown as { rows: { source: 'c' | 'r'; id: number; at_us: string }[] }
    ).rows.map((row) => ({ source: row.source, id: Number(row.id), atMicros: row.at_us }));
    const requestIds = order.filter((key) => key.source === 'r').map((key) => key.id);
    const videoIds = order.filter((key) => key.source === 'c').map((key) => key.id);
    const [rows, videos] = await Promise.all([
      requestIds.length
        ? this.db
            .select()
            .from(videoCreationRequests)
            .where(inArray(videoCreationRequests.id, requestIds))
        : Promise.resolve([]),
      videoIds.length
        ? this.db
            .select()
            .from(videoGeneratedContent)
            .where(inArray(videoGeneratedContent.id, videoIds))
        : Promise.resolve([]),
    ]);
    return { rows, videos, order };
  }

  async listVideos(userId: string): Promise<GeneratedVideoRow[]> {
    return this.db
      .select()
      .from(videoGeneratedContent)
      .where(eq(videoGeneratedContent.userId, userId))
      .orderBy(desc(videoGeneratedContent.createdAt), desc(videoGeneratedContent.id));
  }

  /** The member's finished videos among `ids`, with their stored scene clips in scene order. */
  async findOwnedVideosWithClips(userId: string, ids: number[]) {
    if (ids.length === 0) return [];
    const videos = await this.db
      .select()
      .from(videoGeneratedContent)
      .where(and(eq(videoGeneratedContent.userId, userId), inArray(videoGeneratedContent.id, ids)));
    const clips = await this.db
      .select()
      .from(videoSceneClips)
      .where(
        inArray(
          videoSceneClips.contentId,
          videos.map((video) => video.id),
        ),
      )
      .orderBy(asc(videoSceneClips.contentId), asc(videoSceneClips.sceneNumber));
    return videos.map((video) => ({
      video,
      clips: clips.filter((clip) => clip.contentId === video.id),
    }));
  }

  /** Who may see a stored object: its video's owner, or anyone when the video is public. */
  async findContentByMediaKey(key: string) {
    const [row] = await this.db
      .select({ userId: videoGeneratedContent.userId, isPublic: videoGeneratedContent.isPublic })
      .from(videoGeneratedContent)
      .where(
        sql`${videoGeneratedContent.videoKey} = ${key} or ${videoGeneratedContent.thumbnailKey} = ${key}`,
      )
      .limit(1);
    return row;
  }

  private heldBy(requestId: number, workerId: string) {
    return and(
      eq(videoCreationRequests.id, requestId),
      eq(videoCreationRequests.status, 'processing'),
      eq(videoCreationRequests.leaseOwner, workerId),
    );
  }
}
