// SQL for the library: favourites, folders, sharing and deletion, always scoped to the owner.
import { and, asc, count, desc, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  userFolders,
  videoCreationRequests,
  videoGeneratedContent,
  videoJobs,
  videoProviderJobs,
  videoVersions,
} from '../../db/schema';
import { replaceSceneClips, versionFilesOf } from '../../generation/render-repository';
import { StockRepository, type StoredStockAsset } from '../../generation/stock/stock-repository';
import type { GeneratedVideoRow } from '../videos';

export type UserFolderRow = typeof userFolders.$inferSelect;
export type VideoVersionRow = typeof videoVersions.$inferSelect;

export class LibraryRepository {
  constructor(private readonly db: Database) {}

  /** The licence records of the stock footage each of `contentIds` shows, by video. */
  stockAssets(contentIds: readonly number[]): Promise<Map<number, StoredStockAsset[]>> {
    return new StockRepository(this.db).videoAssets(contentIds);
  }

  async setFavorite(userId: string, id: number, favorites: boolean) {
    return this.updateOwned(userId, id, { favorites });
  }

  async setPublic(userId: string, id: number, isPublic: boolean) {
    return this.updateOwned(userId, id, { isPublic });
  }

  async setFolder(userId: string, id: number, userFolderId: number | null) {
    return this.updateOwned(userId, id, { userFolderId });
  }

  async findOwnedVideo(userId: string, id: number): Promise<GeneratedVideoRow | undefined> {
    const [row] = await this.db
      .select()
      .from(videoGeneratedContent)
      .where(and(eq(videoGeneratedContent.id, id), eq(videoGeneratedContent.userId, userId)));
    return row;
  }

  async findOwnedFolder(userId: string, id: number): Promise<UserFolderRow | undefined> {
    const [row] = await this.db
      .select()
      .from(userFolders)
      .where(and(eq(userFolders.id, id), eq(userFolders.userId, userId)));
    return row;
  }

  async listUserFolders(userId: string): Promise<UserFolderRow[]> {
    return this.db
      .select()
      .from(userFolders)
      .where(eq(userFolders.userId, userId))
      .orderBy(asc(userFolders.folderName), asc(userFolders.id));
  }

  async createUserFolder(userId: string, folderName: string, folderIcon: string) {
    const [row] = await this.db
      .insert(userFolders)
      .values({ userId, folderName, folderIcon })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  }

  /** Deletes the folder; its videos stay in the library, unfiled (the foreign key sets null). */
  async deleteUserFolder(userId: string, id: number): Promise<UserFolderRow | undefined> {
    const [row] = await this.db
      .delete(userFolders)
      .where(and(eq(userFolders.id, id), eq(userFolders.userId, userId)))
      .returning();
    return row;
  }

  async countByManualFolder(userId: string) {
    return this.db
      .select({ folderId: videoGeneratedContent.userFolderId, videos: count() })
      .from(videoGeneratedContent)
      .where(
        and(
          eq(videoGeneratedContent.userId, userId),
          isNotNull(videoGeneratedContent.userFolderId),
        ),
      )
      .groupBy(videoGeneratedContent.userFolderId);
  }

  /** Every job of the member with the number of videos it produced. */
  async jobFolders(userId: string) {
    // A join, not a correlated subquery: drizzle wrote the subquery's columns unqualified, so
    // "id" there was the video's id, not the job's, and every job folder counted 0.
    return this.db
      .select({
        id: videoJobs.id,
        name: videoJobs.jobName,
        videos: sql<number>`count(${videoGeneratedContent.id})::int`,
      })
      .from(videoJobs)
      .leftJoin(
        videoGeneratedContent,
        and(
          eq(videoGeneratedContent.jobId, videoJobs.id),
          eq(videoGeneratedContent.userId, userId),
        ),
      )
      .where(eq(videoJobs.userId, userId))
      .groupBy(videoJobs.id)
      .orderBy(asc(videoJobs.jobName), asc(videoJobs.id));
  }

  /** A request that has not become a video; deleting it is the member taking it back. */
  async deleteOpenRequest(db: Database, userId: string, id: number) {
    const [row] = await db
      .delete(videoCreationRequests)
      .where(
        and(
          eq(videoCreationRequests.id, id),
          eq(videoCreationRequests.userId, userId),
          sql`${videoCreationRequests.generatedContentId} is null`,
        ),
      )
      .returning();
    return row;
  }

  /**
   * Deletes a finished video and the request it came from (which would otherwise reappear). Its
   * remixes' requests go with it (cascade).
   */
  async deleteVideo(
    db: Database,
    userId: string,
    id: number,
  ): Promise<
    | (GeneratedVideoRow & {
        versionKeys: string[];
        footage: { requestId: number; attempt: number }[];
      })
    | undefined
  > {
    // Read before the row goes: its versions go with it (cascade), their files after.
    const versions = await db
      .select({ videoKey: videoVersions.videoKey })
      .from(videoVersions)
      .innerJoin(videoGeneratedContent, eq(videoGeneratedContent.id, videoVersions.contentId))
      .where(and(eq(videoVersions.contentId, id), eq(videoGeneratedContent.userId, userId)));
    // So do the attempts a paid model made scenes for, in its request and its remixes': their
    // clips are kept while the video exists.
    const footage = await db
      .selectDistinct({
        requestId: videoProviderJobs.requestId,
        attempt: videoProviderJobs.attempt,
      })
      .from(videoProviderJobs)
      .innerJoin(videoCreationRequests, eq(videoCreationRequests.id, videoProviderJobs.requestId))
      .where(
        and(
          eq(videoCreationRequests.userId, userId),
          or(
            eq(videoCreationRequests.generatedContentId, id),
            eq(videoCreationRequests.remixOf, id),
          ),
        ),
      );
    const [row] = await db
      .delete(videoGeneratedContent)
      .where(and(eq(videoGeneratedContent.id, id), eq(videoGeneratedContent.userId, userId)))
      .returning();
    if (row?.requestId) {
      await db.delete(videoCreationRequests).where(eq(videoCreationRequests.id, row.requestId));
    }
    return row && { ...row, versionKeys: versions.map((version) => version.videoKey), footage };
  }

  /** A video's versions, newest first (none for a video never remixed). */
  async versions(userId: string, contentId: number): Promise<VideoVersionRow[]> {
    return this.db
      .select({ version: videoVersions })
      .from(videoVersions)
      .innerJoin(videoGeneratedContent, eq(videoGeneratedContent.id, videoVersions.contentId))
      .where(and(eq(videoVersions.contentId, contentId), eq(videoGeneratedContent.userId, userId)))
      .orderBy(desc(videoVersions.version))
      .then((rows) => rows.map((row) => row.version));
  }

  /**
   * Makes version `version` the video's current one: its files, plan and scene clips back on the
   * video's row (same id, same share link). Undefined when the video or the version is not theirs.
   */
  async restoreVersion(
    db: Database,
    userId: string,
    contentId: number,
    version: number,
  ): Promise<GeneratedVideoRow | undefined> {
    const [chosen] = await db
      .select({ version: videoVersions })
      .from(videoVersions)
      .innerJoin(videoGeneratedContent, eq(videoGeneratedContent.id, videoVersions.contentId))
      .where(
        and(
          eq(videoVersions.contentId, contentId),
          eq(videoVersions.version, version),
          eq(videoGeneratedContent.userId, userId),
        ),
      );
    if (!chosen) return undefined;
    const source = chosen.version;
    const [row] = await db
      .update(videoGeneratedContent)
      .set({ ...versionFilesOf(source), scenes: source.scenes, currentVersion: source.version })
      .where(eq(videoGeneratedContent.id, contentId))
      .returning();
    if (!row) return undefined;
    await replaceSceneClips(db, row, source.sceneClips);
    return row;
  }

  async findPublicVideo(id: number): Promise<GeneratedVideoRow | undefined> {
    const [row] = await this.db
      .select()
      .from(videoGeneratedContent)
      .where(and(eq(videoGeneratedContent.id, id), eq(videoGeneratedContent.isPublic, true)));
    return row;
  }

  private async updateOwned(
    userId: string,
    id: number,
    values: Partial<Pick<GeneratedVideoRow, 'favorites' | 'isPublic' | 'userFolderId'>>,
  ): Promise<GeneratedVideoRow | undefined> {
    const [row] = await this.db
      .update(videoGeneratedContent)
      .set(values)
      .where(and(eq(videoGeneratedContent.id, id), eq(videoGeneratedContent.userId, userId)))
      .returning();
    return row;
  }
}
