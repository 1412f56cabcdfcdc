// Library rules: only the owner touches a video or folder (anyone else gets 404, the same answer
// as a missing id), deleting a queued video refunds it, and deleting a video removes its media
// (every version's files, its scene segments and the clips a paid model made for it).
import path from 'node:path';
import type pg from 'pg';
import { formatDuration } from '../../../shared/format';
import { parseDbId } from '../../../shared/schemas/ids';
import type {
  AssignFolderResponse,
  FolderSummary,
  SharedVideo,
  UserFolder,
} from '../../../shared/schemas/library';
import type { VideoVersion } from '../../../shared/schemas/storyboards';
import type { Video } from '../../../shared/schemas/videos';
import type { Database } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { NotFound } from '../../errors';
import type { Storage } from '../../storage/storage';
import { mediaUrl, segmentsPrefix, sourceClipPrefix } from '../../storage/storage-keys';
import type { CreditsService } from '../credits';
import { presentGeneratedVideo, publicAsset } from '../videos';
import type { LibraryRepository, UserFolderRow } from './repository';

const VIDEO_NOT_FOUND = 'Video not found';
const FOLDER_NOT_FOUND = 'Folder not found';

/** Finished videos have integer ids; `req-{n}` entries are not videos yet. */
function contentId(videoId: string): number {
  const id = parseDbId(videoId);
  if (id === null) throw new NotFound(VIDEO_NOT_FOUND);
  return id;
}

function presentFolder(row: UserFolderRow): UserFolder {
  return { id: row.id, folderName: row.folderName, folderIcon: row.folderIcon };
}

export class LibraryService {
  constructor(
    private readonly pool: pg.Pool,
    private readonly repository: LibraryRepository,
    private readonly credits: CreditsService,
    private readonly storage: Storage,
    /** The narrating voice's language (server/voice), to label a shared video's captions. */
    private readonly voiceLanguage: (voiceId: string) => string | null = () => null,
  ) {}

  async setFavorite(userId: string, videoId: string, favorites: boolean): Promise<Video> {
    const row = await this.repository.setFavorite(userId, contentId(videoId), favorites);
    if (!row) throw new NotFound(VIDEO_NOT_FOUND);
    return this.present(row);
  }

  async setVisibility(userId: string, videoId: string, isPublic: boolean): Promise<Video> {
    const row = await this.repository.setPublic(userId, contentId(videoId), isPublic);
    if (!row) throw new NotFound(VIDEO_NOT_FOUND);
    return this.present(row);
  }

  private async present(row: Parameters<typeof presentGeneratedVideo>[0]): Promise<Video> {
    const assets = await this.repository.stockAssets([row.id]);
    return presentGeneratedVideo(row, assets.get(row.id));
  }

  async assignFolder(
    userId: string,
    videoId: string,
    userFolderId: number | null,
  ): Promise<AssignFolderResponse> {
    const id = contentId(videoId);
    const folder =
      userFolderId === null ? null : await this.repository.findOwnedFolder(userId, userFolderId);
    if (userFolderId !== null && !folder) throw new NotFound(FOLDER_NOT_FOUND);
    const row = await this.repository.setFolder(userId, id, folder?.id ?? null);
    if (!row) throw new NotFound(VIDEO_NOT_FOUND);
    return { userFolderId: folder?.id ?? null, folderName: folder?.folderName ?? null };
  }

  /** Takes back a request that has not become a video; one still waiting or rendering is refunded. */
  async deleteRequest(userId: string, requestId: number): Promise<{ deleted: true }> {
    const deleted = await inTransaction(this.pool, async (tx) => {
      const row = await this.repository.deleteOpenRequest(tx.db, userId, requestId);
      if (!row) throw new NotFound(VIDEO_NOT_FOUND);
      if (row.status === 'queued' || row.status === 'processing') {
        await this.credits.refundVideo(tx.db as Database, userId, {
          requestId: row.id,
          attempt: row.attempts,
          title: row.title,
        });
      }
      return row;
    });
    // Scenes it drew are kept for a remix; a remix's own belong to its video (deleted with it).
    if (deleted.remixOf === null) {
      await this.storage.deletePrefix(segmentsPrefix(userId, deleted.id));
    }
    // A paid model's clips its attempt in flight stored (a failed attempt deleted its own).
    await this.storage.deletePrefix(sourceClipPrefix(userId, deleted.id, deleted.attempts));
    return { deleted: true };
  }

  async deleteVideo(userId: string, id: number): Promise<{ deleted: true }> {
    const row = await inTransaction(this.pool, (tx) =>
      this.repository.deleteVideo(tx.db, userId, id),
    );
    if (!row) throw new NotFound(VIDEO_NOT_FOUND);
    // Each version's video, thumbnail and captions share a folder; its drawn scenes are kept in
    // the video's segments folder, which every version shares; a paid model's clips in a folder
    // per request and attempt.
    const folders = new Set([
      ...[row.videoKey, ...row.versionKeys].map((key) => `${path.posix.dirname(key)}/`),
      ...row.footage.map((made) => sourceClipPrefix(userId, made.requestId, made.attempt)),
    ]);
    await Promise.all([
      ...[...folders].map((folder) => this.storage.deletePrefix(folder)),
      row.requestId ? this.storage.deletePrefix(segmentsPrefix(userId, row.requestId)) : null,
    ]);
    return { deleted: true };
  }

  /** A video's versions, newest first; a video never remixed has one, itself. */
  async versions(userId: string, videoId: string): Promise<VideoVersion[]> {
    const id = contentId(videoId);
    const video = await this.repository.findOwnedVideo(userId, id);
    if (!video) throw new NotFound(VIDEO_NOT_FOUND);
    const rows = await this.repository.versions(userId, id);
    if (rows.length === 0) {
      return [
        {
          version: 1,
          current: true,
          createdAt: video.createdAt.toISOString(),
          duration: video.duration,
          scenes: video.scenes,
          videoUrl: mediaUrl(video.videoKey),
          thumbnailUrl: video.thumbnailKey ? mediaUrl(video.thumbnailKey) : null,
        },
      ];
    }
    return rows.map((row) => ({
      version: row.version,
      current: row.version === video.currentVersion,
      createdAt: row.createdAt.toISOString(),
      duration: row.duration,
      scenes: row.scenes,
      videoUrl: mediaUrl(row.videoKey),
      thumbnailUrl: row.thumbnailKey ? mediaUrl(row.thumbnailKey) : null,
    }));
  }

  /**
   * Makes an older version current: downloads, /watch, combine and new publications use it. The
   * versions after it stay, to be restored in turn.
   */
  async restoreVersion(userId: string, videoId: string, version: number): Promise<Video> {
    const id = contentId(videoId);
    const row = await inTransaction(this.pool, (tx) =>
      this.repository.restoreVersion(tx.db, userId, id, version),
    );
    if (!row) throw new NotFound('Version not found');
    const assets = await this.repository.stockAssets([row.id]);
    return presentGeneratedVideo(row, assets.get(row.id));
  }

  async folders(userId: string): Promise<FolderSummary[]> {
    const [manual, counts, jobs] = await Promise.all([
      this.repository.listUserFolders(userId),
      this.repository.countByManualFolder(userId),
      this.repository.jobFolders(userId),
    ]);
    const countOf = new Map(counts.map((row) => [row.folderId, row.videos]));
    return [
      ...manual.map((folder) => ({
        id: folder.id,
        name: folder.folderName,
        videoCount: countOf.get(folder.id) ?? 0,
        type: 'manual' as const,
        icon: folder.folderIcon,
      })),
      ...jobs.map((job) => ({
        id: job.id,
        name: job.name,
        videoCount: Number(job.videos),
        type: 'job' as const,
        icon: null,
      })),
    ];
  }

  async userFolders(userId: string): Promise<UserFolder[]> {
    return (await this.repository.listUserFolders(userId)).map(presentFolder);
  }

  async createUserFolder(
    userId: string,
    folderName: string,
    folderIcon: string,
  ): Promise<UserFolder> {
    return presentFolder(await this.repository.createUserFolder(userId, folderName, folderIcon));
  }

  async deleteUserFolder(userId: string, id: number): Promise<{ folderName: string }> {
    const row = await this.repository.deleteUserFolder(userId, id);
    if (!row) throw new NotFound(FOLDER_NOT_FOUND);
    return { folderName: row.folderName };
  }

  async sharedVideo(videoId: string): Promise<SharedVideo> {
    const id = parseDbId(videoId);
    const row = id === null ? undefined : await this.repository.findPublicVideo(id);
    if (!row) throw new NotFound(VIDEO_NOT_FOUND);
    const assets = (await this.repository.stockAssets([row.id])).get(row.id) ?? [];
    return {
      title: row.title,
      description: row.description,
      videoUrl: mediaUrl(row.videoKey),
      thumbnailUrl: row.thumbnailKey ? mediaUrl(row.thumbnailKey) : null,
      createdAt: row.createdAt.toISOString(),
      aspectRatio: row.aspectRatio === 'portrait' ? 'portrait' : 'landscape',
      scenes: row.scenes,
      duration: row.duration === null ? null : formatDuration(row.duration),
      captionsUrl: row.captionsKey ? mediaUrl(row.captionsKey) : null,
      captionsLanguage: row.captionsKey && row.voiceId ? this.voiceLanguage(row.voiceId) : null,
      captionsBurnedIn: row.captionsKey !== null,
      chaptersUrl: row.chaptersKey ? mediaUrl(row.chaptersKey) : null,
      assets: assets.map(publicAsset),
    };
  }
}
