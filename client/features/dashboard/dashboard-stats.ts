// The dashboard's video counts: completed, and the activity card that shows processing videos,
// or the queued ones labelled 'Queued' when none are processing (spec/product.md "Dashboard").
import type { Video } from '@shared/schemas/videos';

export type VideoCounts = { completed: number; processing: number; queued: number };

export function countVideos(videos: readonly Pick<Video, 'status'>[]): VideoCounts {
  const counts: VideoCounts = { completed: 0, processing: 0, queued: 0 };
  for (const { status } of videos) {
    if (status === 'completed') counts.completed += 1;
    else if (status === 'processing') counts.processing += 1;
    else if (status === 'queued') counts.queued += 1;
  }
  return counts;
}

export type ActivityStat = { label: 'Processing' | 'Queued'; value: number };

export function activityStat(counts: VideoCounts): ActivityStat {
  if (counts.processing === 0 && counts.queued > 0)
    return { label: 'Queued', value: counts.queued };
  return { label: 'Processing', value: counts.processing };
}
