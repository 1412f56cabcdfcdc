// Sharing a video: its /watch link only works once the video is public, so a private video asks
// first ("Sharing makes this video public"), then is made public and its link copied. Make Private
// takes it back and says so. Failed or unfinished videos cannot be shared (spec/api.md §8.3).
import { TIMINGS } from '@shared/limits';
import type { Video } from '@shared/schemas/videos';
import { useCallback, useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { canPlay } from '@/entities/videos/video-display';
import { useSetVisibility } from '../api/set-visibility';
import { watchUrl } from '../video-links';

/** The question a private video's Share asks; `video` is null while nothing is asked. */
export type ShareConfirmation = {
  video: Video | null;
  confirm: () => void;
  cancel: () => void;
};

async function copyWatchLink(video: Video): Promise<void> {
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
}

export function useShareVideo() {
  const visibility = useSetVisibility();
  const { mutateAsync } = visibility;
  const [asking, setAsking] = useState<Video | null>(null);

  const publishAndCopy = useCallback(
    async (video: Video) => {
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
      await copyWatchLink(video);
    },
    [mutateAsync],
  );

  /** Share: a public video's link is copied at once; a private one asks first. */
  const share = useCallback(async (video: Video) => {
    if (video.status === 'failed') {
      toast({
        title: 'Share Not Available',
        description: 'Cannot share failed videos',
        variant: 'destructive',
      });
      return;
    }
    if (!canPlay(video)) return;
    if (video.isPublic) await copyWatchLink(video);
    else setAsking(video);
  }, []);

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
        return;
      }
      toast({
        title: 'Video Is Private',
        description: 'Its link no longer works for anyone but you.',
        variant: 'success',
        duration: TIMINGS.successToastMs,
      });
    },
    [mutateAsync],
  );

  const confirmation: ShareConfirmation = {
    video: asking,
    confirm: () => {
      if (asking) void publishAndCopy(asking);
      setAsking(null);
    },
    cancel: () => setAsking(null),
  };

  return { share, makePrivate, confirmation, isPending: visibility.isPending };
}
