// Sharing a video: its /watch link only works once the video is public, so the link is made
// public first, then copied. Failed or unfinished videos cannot be shared (spec/api.md §8.3).
import { TIMINGS } from '@shared/plans';
import type { Video } from '@shared/schemas/videos';
import { useCallback } from 'react';
import { toast } from '@/components/ui/use-toast';
import { canPlay } from '@/entities/videos/video-display';
import { useSetVisibility } from '../api/set-visibility';
import { watchUrl } from '../video-links';

export function useShareVideo() {
  const visibility = useSetVisibility();
  const { mutateAsync } = visibility;

  const copyLink = useCallback(
    async (video: Video) => {
      if (video.status === 'failed') {
        toast({
          title: 'Share Not Available',
          description: 'Cannot share failed videos',
          variant: 'destructive',
        });
        return;
      }
      if (!canPlay(video)) return;
      if (!video.isPublic) {
        try {
          await mutateAsync({ id: video.id, isPublic: true });
        } catch (error) {
          toast({
            title: 'Share Failed',
            description: error instanceof Error ? error.message : undefined,
            variant: 'destructive',
          });
          return;
        }
      }
      try {
        await navigator.clipboard.writeText(watchUrl(window.location.origin, video.id));
        toast({
          title: 'Link Copied!',
          description: 'Video link copied to clipboard',
          duration: TIMINGS.copyToastMs,
        });
      } catch {
        toast({
          title: 'Copy Failed',
          description: 'Could not copy link to clipboard',
          variant: 'destructive',
        });
      }
    },
    [mutateAsync],
  );

  const makePrivate = useCallback(
    async (video: Video) => {
      try {
        await mutateAsync({ id: video.id, isPublic: false });
      } catch (error) {
        toast({
          title: 'Error',
          description: error instanceof Error ? error.message : 'Failed to update video',
          variant: 'destructive',
        });
      }
    },
    [mutateAsync],
  );

  return { copyLink, makePrivate, isPending: visibility.isPending };
}
