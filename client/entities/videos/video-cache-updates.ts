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

/** Shows the pushed status now; the refetch that follows brings the rest (address, thumbnail). */
export function applyStatusUpdate(videos: readonly Video[], update: VideoStatusUpdate): Video[] {
  const identities = updateIdentities(update);
  let changed = false;
  const next = videos.map((video) => {
    if (!matches(video, identities)) return video;
    changed = true;
    return {
      ...video,
      status: update.status,
      title: update.title || video.title,
      progress: update.status === 'completed' ? 100 : clampProgress(update.progress),
      errorMessage: update.status === 'failed' ? update.errorMessage : null,
    };
  });
  return changed ? next : (videos as Video[]);
}
