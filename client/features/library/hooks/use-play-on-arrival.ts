// "Watch in Library": the library opens with that video's player, not just the grid. The video is
// looked up in the whole list (it may not be on the grid's first page), once: closing the player
// leaves the member on the grid.
import type { Video } from '@shared/schemas/videos';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { videosQueryOptions } from '@/entities/videos/api/get-videos';
import { canPlay } from '@/entities/videos/video-display';

export function usePlayOnArrival(videoId: number | null, play: (video: Video) => void): void {
  // The whole list only when there is a video to find: the grid itself reads it a page at a time.
  const videos = useQuery({ ...videosQueryOptions, enabled: videoId !== null });
  const handled = useRef<number | null>(null);
  useEffect(() => {
    if (videoId === null || handled.current === videoId) return;
    const video = videos.data?.find((entry) => entry.id === videoId);
    if (!video) return;
    handled.current = videoId;
    if (canPlay(video)) play(video);
  }, [videoId, videos.data, play]);
}
