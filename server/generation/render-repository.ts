// SQL for one render's lifecycle: the claim and its heartbeat, progress, the plan, completion and
// failure, and taking back the claims of workers that died. Every write after the claim holds only
// while this worker still owns the lease, so a worker that lost it can never overwrite a takeover.
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  memberWatermarks,
  users,
  videoCreationRequests,
  videoGeneratedContent,
  videoSceneClips,
  videoStockAssets,
  videoVersions,
} from '../db/schema';
import { StockRepository, type StoredStockAsset } from './stock/stock-repository';

export type RenderRequest = typeof videoCreationRequests.$inferSelect;
export type StoredVideo = typeof videoGeneratedContent.$inferSelect;

/** Who made a video's footage and what it cost, for the operator. */
export type VideoGeneration = {
  provider: string;
  model: string;
  secondsGenerated: number;
  costUsd: number;
};

export type CompletedVideo = {
  videoKey: string;
  thumbnailKey: string;
  /** Its WebVTT captions, when it has captions. */
  captionsKey: string | null;
  /** Its scenes as a WebVTT chapters track. */
  chaptersKey: string | null;
  /** The voice that narrates it; null: no voice. */
  voiceId: string | null;
  duration: number;
  width: number;
  height: number;
  generatedPrompt: string;
  /** Each scene's clip; a drawn scene's is its segment, kept under the hash of what shaped it. */
  sceneClips: {
    sceneNumber: number;
    storageKey: string;
    duration: number;
    segmentHash?: string | null;
  }[];
  /** Null for a combination, which generates nothing. */
  generation: VideoGeneration | null;
  /** The licence records of the stock footage it shows, in order. */
  stockAssets?: StoredStockAsset[];
  /** What the member should know about how it was made; null: nothing. */
  notice?: string | null;
};

/**
 * The member's finished videos among `ids`, with their stored scene clips in scene order and the
 * licence records of their stock footage.
 */
export async function findVideosWithClips(db: Database, userId: string, ids: number[]) {
  if (ids.length === 0) return [];
  const videos = await db
    .select()
    .from(videoGeneratedContent)
    .where(and(eq(videoGeneratedContent.userId, userId), inArray(videoGeneratedContent.id, ids)));
  const clips = await db
    .select()
    .from(videoSceneClips)
    .where(
      inArray(
        videoSceneClips.contentId,
        videos.map((video) => video.id),
      ),
    )
    .orderBy(asc(videoSceneClips.contentId), asc(videoSceneClips.sceneNumber));
  const assets = await new StockRepository(db).videoAssets(videos.map((video) => video.id));
  return videos.map((video) => ({
    video,
    clips: clips.filter((clip) => clip.contentId === video.id),
    /** The licence records of the stock footage it shows. */
    stockAssets: assets.get(video.id) ?? [],
  }));
}

/** The files and plan of one version of a video, as its row, a version's row and a render name them. */
export type VersionFiles = Pick<
  StoredVideo,
  | 'videoKey'
  | 'thumbnailKey'
  | 'captionsKey'
  | 'chaptersKey'
  | 'voiceId'
  | 'duration'
  | 'generatedPrompt'
>;

/** A version's files and plan, taken from a video's row, a version's row or a finished render. */
export function versionFilesOf(source: VersionFiles): VersionFiles {
  return {
    videoKey: source.videoKey,
    thumbnailKey: source.thumbnailKey,
    captionsKey: source.captionsKey,
    chaptersKey: source.chaptersKey,
    voiceId: source.voiceId,
    duration: source.duration,
    generatedPrompt: source.generatedPrompt,
  };
}

/** A video's scene clips, as its current version has them (combine joins these). */
export async function replaceSceneClips(
  db: Database,
  content: { id: number; width: number | null; height: number | null },
  clips: CompletedVideo['sceneClips'],
): Promise<void> {
  await db.delete(videoSceneClips).where(eq(videoSceneClips.contentId, content.id));
  if (clips.length === 0) return;
  await db.insert(videoSceneClips).values(
    clips.map((clip) => ({
      contentId: content.id,
      sceneNumber: clip.sceneNumber,
      storageKey: clip.storageKey,
      duration: clip.duration,
      width: content.width ?? 0,
      height: content.height ?? 0,
      segmentHash: clip.segmentHash ?? null,
    })),
  );
}

export class RenderRepository {
  constructor(private readonly db: Database) {}

  /**
   * The member's own watermark with their plan as it is now, or null when they saved none: the
   * render decides from both whether their mark replaces ours (generation/video-mark.ts).
   */
  async memberWatermark(userId: string) {
    const [row] = await this.db
      .select({
        kind: memberWatermarks.kind,
        imageKey: memberWatermarks.imageKey,
        text: memberWatermarks.text,
        corner: memberWatermarks.corner,
        opacity: memberWatermarks.opacity,
        memberLevel: users.memberLevel,
      })
      .from(memberWatermarks)
      .innerJoin(users, eq(users.id, memberWatermarks.userId))
      .where(eq(memberWatermarks.userId, userId));
    return row ?? null;
  }

  /**
   * Takes an attempt for one worker. Exactly one claimant wins; a job for an older attempt, or for
   * a video another worker holds or has finished, gets null. Besides a queued attempt, a
   * processing one that no worker holds may be claimed: a video whose scenes a provider generates
   * is handed back unheld while they are polled, and claimed again to be finished.
   */
  async claim(
    requestId: number,
    attempt: number,
    workerId: string,
    leaseSeconds: number,
  ): Promise<RenderRequest | null> {
    const requests = videoCreationRequests;
    const [row] = await this.db
      .update(requests)
      .set({
        status: 'processing',
        progress: sql`case when ${requests.status} = 'queued' then 0 else ${requests.progress} end`,
        leaseOwner: workerId,
        leaseExpiresAt: sql`now() + make_interval(secs => ${leaseSeconds})`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(requests.id, requestId),
          eq(requests.attempts, attempt),
          or(
            eq(requests.status, 'queued'),
            and(eq(requests.status, 'processing'), isNull(requests.leaseOwner)),
          ),
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

  /**
   * Lets go of the claim without finishing: the video stays processing, held by nobody, while a
   * provider generates its scenes (the polls are queued jobs, not a worker's wait).
   */
  async release(db: Database, requestId: number, workerId: string): Promise<boolean> {
    const rows = await db
      .update(videoCreationRequests)
      .set({ leaseOwner: null, leaseExpiresAt: null, updatedAt: sql`now()` })
      .where(this.heldBy(requestId, workerId))
      .returning({ id: videoCreationRequests.id });
    return rows.length > 0;
  }

  async saveProgress(requestId: number, workerId: string | null, progress: number): Promise<void> {
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
   * Renders whose worker stopped sending heartbeats (it crashed, was killed, or hung) are taken
   * back, and the loss is counted. Under `maxLost` losses the render goes back to the queue (the
   * caller enqueues it in the same transaction); at `maxLost` it is failed with `failedMessage`
   * (the caller refunds it): a video that keeps killing its worker is never retried forever. Only
   * one sweeper gets each.
   */
  async takeBackExpiredLeases(
    db: Database,
    maxLost: number,
    failedMessage: string,
  ): Promise<RenderRequest[]> {
    const requests = videoCreationRequests;
    const lost = sql`${requests.lostRenders} + 1`;
    const quarantined = sql`${lost} >= ${maxLost}`;
    return db
      .update(requests)
      .set({
        lostRenders: lost,
        status: sql`case when ${quarantined} then 'failed' else 'queued' end`,
        errorMessage: sql`case when ${quarantined} then ${failedMessage} else null end`,
        progress: 0,
        leaseOwner: null,
        leaseExpiresAt: null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(requests.status, 'processing'), lt(requests.leaseExpiresAt, sql`now()`)))
      .returning();
  }

  /**
   * Gives a render this worker holds back to the queue as it was, without counting a loss: the
   * server is stopping, and another worker (or this one after its restart) takes it up. The caller
   * enqueues it in the same transaction. Null when the claim was no longer held.
   */
  async releaseForShutdown(
    db: Database,
    requestId: number,
    workerId: string,
  ): Promise<RenderRequest | null> {
    const [row] = await db
      .update(videoCreationRequests)
      .set({
        status: 'queued',
        progress: 0,
        leaseOwner: null,
        leaseExpiresAt: null,
        updatedAt: sql`now()`,
      })
      .where(this.heldBy(requestId, workerId))
      .returning();
    return row ?? null;
  }

  /**
   * Files the finished video and marks the request completed, if this worker still holds it.
   * Returns the new video, or null when the claim was lost (nothing is written then).
   */
  async complete(
    db: Database,
    request: RenderRequest,
    workerId: string,
    video: CompletedVideo,
  ): Promise<StoredVideo | null> {
    const [held] = await db
      .update(videoCreationRequests)
      .set({
        status: 'completed',
        progress: 100,
        generatedPrompt: video.generatedPrompt,
        ...(video.generation
          ? {
              provider: video.generation.provider,
              providerModel: video.generation.model,
              secondsGenerated: video.generation.secondsGenerated,
              providerCostUsd: video.generation.costUsd.toFixed(4),
            }
          : {}),
        leaseOwner: null,
        leaseExpiresAt: null,
        completedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(this.heldBy(request.id, workerId))
      .returning({ id: videoCreationRequests.id });
    if (!held) return null;
    if (request.remixOf !== null) return this.completeVersion(db, request, video);
    const [content] = await db
      .insert(videoGeneratedContent)
      .values({
        userId: request.userId,
        requestId: request.id,
        jobId: request.jobId,
        title: request.title,
        description: request.description,
        ...versionFilesOf(video),
        scenes: request.scenes,
        aspectRatio: request.aspectRatio,
        width: video.width,
        height: video.height,
        notice: video.notice ?? null,
        // Dated when the member asked for it: the library orders by this, and a video must not
        // jump ahead of others when it finishes.
        // (Read in SQL: a JS Date would drop the microseconds the library's order uses.)
        createdAt: sql`(select ${videoCreationRequests.createdAt} from ${videoCreationRequests} where ${videoCreationRequests.id} = ${request.id})`,
      })
      .returning();
    if (!content) throw new Error('insert returned no row');
    await replaceSceneClips(db, content, video.sceneClips);
    await new StockRepository(db).saveVideoAssets(content, video.stockAssets ?? []);
    await db
      .update(videoCreationRequests)
      .set({ generatedContentId: content.id })
      .where(eq(videoCreationRequests.id, request.id));
    return content;
  }

  /**
   * A remix's render done: the video's files become the new version's (same id, same share link),
   * every version is kept in video_versions (the one before the first remix included), and its
   * scene clips and stock licences are the new version's.
   */
  private async completeVersion(
    db: Database,
    request: RenderRequest,
    video: CompletedVideo,
  ): Promise<StoredVideo | null> {
    const contentId = request.remixOf as number;
    const [current] = await db
      .select()
      .from(videoGeneratedContent)
      .where(
        and(
          eq(videoGeneratedContent.id, contentId),
          eq(videoGeneratedContent.userId, request.userId),
        ),
      )
      .for('update');
    if (!current) return null;
    const [{ latest } = { latest: 0 }] = await db
      .select({ latest: sql<number>`coalesce(max(${videoVersions.version}), 0)::int` })
      .from(videoVersions)
      .where(eq(videoVersions.contentId, contentId));
    if (latest === 0) {
      const clips = await db
        .select()
        .from(videoSceneClips)
        .where(eq(videoSceneClips.contentId, contentId))
        .orderBy(asc(videoSceneClips.sceneNumber));
      await db.insert(videoVersions).values({
        contentId,
        userId: request.userId,
        version: 1,
        requestId: current.requestId,
        ...versionFilesOf(current),
        scenes: current.scenes,
        sceneClips: clips.map((clip) => ({
          sceneNumber: clip.sceneNumber,
          storageKey: clip.storageKey,
          duration: clip.duration,
          segmentHash: clip.segmentHash,
        })),
        // Version 1 is as old as the video.
        createdAt: current.createdAt,
      });
    }
    const version = Math.max(latest, 1) + 1;
    await db.insert(videoVersions).values({
      contentId,
      userId: request.userId,
      version,
      requestId: request.id,
      ...versionFilesOf(video),
      scenes: request.scenes,
      sceneClips: video.sceneClips.map((clip) => ({
        ...clip,
        segmentHash: clip.segmentHash ?? null,
      })),
    });
    const [content] = await db
      .update(videoGeneratedContent)
      .set({
        title: request.title,
        ...versionFilesOf(video),
        scenes: request.scenes,
        width: video.width,
        height: video.height,
        notice: video.notice ?? null,
        currentVersion: version,
      })
      .where(eq(videoGeneratedContent.id, contentId))
      .returning();
    if (!content) return null;
    await replaceSceneClips(db, content, video.sceneClips);
    await db.delete(videoStockAssets).where(eq(videoStockAssets.contentId, contentId));
    await new StockRepository(db).saveVideoAssets(content, video.stockAssets ?? []);
    await db
      .update(videoCreationRequests)
      .set({ generatedContentId: content.id })
      .where(eq(videoCreationRequests.id, request.id));
    return content;
  }

  /**
   * Marks the attempt failed if this worker still holds it (`workerId` null: if nobody holds it,
   * as while a provider generates); false when it had lost the claim. `lost`: a render step went
   * past its limit, which counts as a lost render.
   */
  async fail(
    db: Database,
    requestId: number,
    workerId: string | null,
    errorMessage: string,
    options: { lost?: boolean } = {},
  ) {
    const rows = await db
      .update(videoCreationRequests)
      .set({
        status: 'failed',
        errorMessage,
        // A step stopped at its time or memory limit is counted like a lost worker.
        ...(options.lost ? { lostRenders: sql`${videoCreationRequests.lostRenders} + 1` } : {}),
        leaseOwner: null,
        leaseExpiresAt: null,
        updatedAt: sql`now()`,
      })
      .where(this.heldBy(requestId, workerId))
      .returning({ id: videoCreationRequests.id });
    return rows.length > 0;
  }

  findVideosWithClips(userId: string, ids: number[]) {
    return findVideosWithClips(this.db, userId, ids);
  }

  /** The attempt is processing and held by `workerId` (null: by no worker). */
  private heldBy(requestId: number, workerId: string | null) {
    return and(
      eq(videoCreationRequests.id, requestId),
      eq(videoCreationRequests.status, 'processing'),
      workerId === null
        ? isNull(videoCreationRequests.leaseOwner)
        : eq(videoCreationRequests.leaseOwner, workerId),
    );
  }
}
