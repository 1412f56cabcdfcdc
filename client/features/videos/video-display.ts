// How a video is presented anywhere in the app: status words, duration, card dates, and whether
// it can be played (spec/product.md §4 Video status, Library).
import type { Video, VideoStatus } from '@shared/schemas/videos';

export const VIDEO_STATUS_LABELS: Record<VideoStatus, string> = {
  queued: 'Queued',
  processing: 'Processing',
  completed: 'Completed',
  failed: 'Failed',
};

/** Seconds as m:ss (8 → 0:08, 75 → 1:15). */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return `${minutes}:${String(rest).padStart(2, '0')}`;
}

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
