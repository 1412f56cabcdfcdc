// Pure edits of the cached /api/videos list from socket events, so a progress tick or a status
// change shows at once without a refetch per event.
import type { VideoProgressUpdate, VideoStatusUpdate } from '@shared/realtime';
import type { Video } from '@shared/schemas/videos';
import { isInProgress, updateIdentities, videoIdentities } from './video-identity';

function matches(video: Video, identities: readonly string[]): boolean {
  return videoIdentities(video).some((identity) => identities.includes(identity));
}

function clampProgress(progress: number): number {
  return Math.min(100, Math.max(0, Math.round(progress)));
}

/** Moves a rendering video's progress; a queued one is now processing. Finished ones are left alone. */
export function applyProgress(videos: readonly Video[], update: VideoProgressUpdate): Video[] {
  const identities = updateIdentities(update);
  let changed = false;
  const next = videos.map((video) => {
    if (!matches(video, identities) || !isInProgress(video.status)) return video;
    const progress = clampProgress(update.progress);
    if (video.progress === progress && video.status === 'processing') return video;
    changed = true;
    return { ...video, status: 'processing' as const, progress };
  });
  return changed ? next : (videos as Video[]);
}

/**
 * A remix's request that finished as the next version of a video already listed: the video keeps
 * its card (same id, its own request), and the request's entry is no longer an entry of its own.
 */
function mergedRequest(videos: readonly Video[], update: VideoStatusUpdate): number | null {
  if (update.status !== 'completed' || typeof update.videoId !== 'number') return null;
  const existing = videos.some(
    (video) => video.id === update.videoId && video.requestId !== update.requestId,
  );
  return existing ? update.requestId : null;
}

/** Shows the pushed status now; the refetch that follows brings the rest (address, thumbnail). */
export function applyStatusUpdate(videos: readonly Video[], update: VideoStatusUpdate): Video[] {
  const identities = updateIdentities(update);
  const merged = mergedRequest(videos, update);
  let changed = false;
  const next = videos.flatMap((video) => {
    if (merged !== null && video.requestId === merged && video.id !== update.videoId) {
      changed = true;
      return [];
    }
    if (!matches(video, identities)) return [video];
    changed = true;
    return [
      {
        ...video,
        status: update.status,
        title: update.title || video.title,
        progress: update.status === 'completed' ? 100 : clampProgress(update.progress),
        errorMessage: update.status === 'failed' ? update.errorMessage : null,
      },
    ];
  });
  return changed ? next : (videos as Video[]);
}
