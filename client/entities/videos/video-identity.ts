// How a video is recognised across its life: by its request number while it renders (`req-{n}`)
// and by its own id once it exists. Pushes, polls and cache edits all match videos this way.
import type { VideoStatusUpdate } from '@shared/realtime';
import type { Video, VideoStatus } from '@shared/schemas/videos';

export function isInProgress(status: VideoStatus): boolean {
  return status === 'queued' || status === 'processing';
}

/**
 * Both names of a video, so either finds it; the request's comes first because it never changes.
 */
export function videoIdentities(video: Pick<Video, 'id' | 'requestId'>): string[] {
  const identities = [`video:${video.id}`];
  if (video.requestId !== null) identities.unshift(`request:${video.requestId}`);
  return identities;
}

/** The names a push gives the video it is about. */
export function updateIdentities(
  update: Pick<VideoStatusUpdate, 'videoId' | 'requestId'>,
): string[] {
  return [`request:${update.requestId}`, `video:${update.videoId}`];
}
