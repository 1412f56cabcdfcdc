// Shapes requests and generated videos into the library's Video entries (spec §3 "Video").
import type { AspectRatio } from '../../../shared/catalogue';
import {
  requestVideoId,
  type StockAsset,
  type Video,
  type VideoStatus,
} from '../../../shared/schemas/videos';
import type { StockAssetRecord } from '../../generation/stock/stock-types';
import { mediaUrl } from '../../storage/storage-keys';
import type { GeneratedVideoRow, VideoRequestRow } from './repository';

export function presentRequest(row: VideoRequestRow): Video {
  return {
    id: requestVideoId(row.id),
    requestId: row.id,
    title: row.title,
    description: row.description,
    thumbnailUrl: null,
    videoUrl: null,
    status: row.status as VideoStatus,
    progress: row.progress,
    duration: null,
    scenes: row.scenes,
    aspectRatio: row.aspectRatio as AspectRatio,
    createdAt: row.createdAt.toISOString(),
    favorites: false,
    userFolderId: null,
    jobId: row.jobId,
    isPublic: false,
    generatedPrompt: row.generatedPrompt,
    errorMessage: row.errorMessage,
    voiceId: row.voiceId,
    narrated: row.voiceId !== null,
    captionsUrl: null,
    captionsBurnedIn: false,
    chaptersUrl: null,
    assets: [],
    notice: null,
  };
}

/** A finished video, with the licence records of the stock footage it shows. */
export function presentGeneratedVideo(
  row: GeneratedVideoRow,
  assets: readonly StockAssetRecord[] = [],
): Video {
  return {
    id: row.id,
    requestId: row.requestId,
    title: row.title,
    description: row.description,
    thumbnailUrl: row.thumbnailKey ? mediaUrl(row.thumbnailKey) : null,
    videoUrl: mediaUrl(row.videoKey),
    status: 'completed',
    progress: 100,
    duration: row.duration === null ? null : Math.round(row.duration * 10) / 10,
    scenes: row.scenes,
    aspectRatio: row.aspectRatio as AspectRatio,
    createdAt: row.createdAt.toISOString(),
    favorites: row.favorites,
    userFolderId: row.userFolderId,
    jobId: row.jobId,
    isPublic: row.isPublic,
    generatedPrompt: row.generatedPrompt,
    errorMessage: null,
    voiceId: row.voiceId,
    narrated: row.voiceId !== null,
    captionsUrl: row.captionsKey ? mediaUrl(row.captionsKey) : null,
    // Every caption track we store was also drawn into the frames (rendered or a model's clip).
    captionsBurnedIn: row.captionsKey !== null,
    chaptersUrl: row.chaptersKey ? mediaUrl(row.chaptersKey) : null,
    assets: assets.map(publicAsset),
    notice: row.notice,
  };
}

/** A licence record as the API shows it (our storage key stays ours). */
export function publicAsset(asset: StockAssetRecord): StockAsset {
  return {
    provider: asset.provider,
    assetId: asset.assetId,
    pageUrl: asset.pageUrl,
    author: asset.author,
    authorUrl: asset.authorUrl,
    licence: asset.licence,
    licenceUrl: asset.licenceUrl,
    fileUrl: asset.fileUrl,
    fetchedAt: asset.fetchedAt,
  };
}
