// How a video is presented anywhere in the app: status words, duration, card dates, and whether
// it can be played (spec/product.md §4 Video status, Library).
import type { Video, VideoStatus } from '@shared/schemas/videos';

export const VIDEO_STATUS_LABELS: Record<VideoStatus, string> = {
  queued: 'Queued',
  processing: 'Processing',
  completed: 'Completed',
  failed: 'Failed',
};

export { formatDuration } from '@shared/format';

const cardDate = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** Card dates show month, day, hour and minute ("May 1, 9:30 AM"). */
export function formatVideoDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : cardDate.format(date);
}

/** Only completed videos with an address can be played, downloaded or shared. */
export function canPlay(video: Pick<Video, 'status' | 'videoUrl'>): boolean {
  return video.status === 'completed' && Boolean(video.videoUrl);
}
