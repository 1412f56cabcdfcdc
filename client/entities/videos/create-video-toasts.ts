// What a member sees when a video is queued or refused, the same from Create and from the
// storyboard editor's Render (the server answers both alike).
import { TIMINGS } from '@shared/limits';
import { toast } from '@/components/ui/use-toast';
import type { CreateVideoFailure } from './create-video-errors';

/** 'Video Queued!', and, when the server made it from a cheaper source than shown, which and why. */
export function announceQueuedVideo(created: { title: string; notice?: string | null }): void {
  toast({
    title: 'Video Queued!',
    description: `"${created.title}" is being created. You'll be notified when it's ready.`,
    variant: 'success',
    duration: TIMINGS.successToastMs,
  });
  if (created.notice) {
    toast({
      title: 'Scene Source Changed',
      description: created.notice,
      duration: TIMINGS.toastMaxMs,
    });
  }
}

/** A refusal: the Insufficient Credits dialog (∞ on an unlimited plan), or a toast in its words. */
export function showCreateVideoFailure(
  failure: CreateVideoFailure,
  options: {
    isUnlimited: boolean;
    openCreditsDialog: (remainingCredits: number | null) => void;
  },
): void {
  if (failure.kind === 'insufficient-credits') {
    options.openCreditsDialog(options.isUnlimited ? null : failure.remainingCredits);
    return;
  }
  toast({
    title: failure.title,
    description: failure.description,
    duration: failure.duration,
    variant: 'destructive',
  });
}
