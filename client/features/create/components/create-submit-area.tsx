// The Create form's foot: the Create Video button with its cost (Queuing... while the connection
// holds the request), or Plan storyboard when the member reviews the script first; why it is
// disabled when the member can fix it, the upload still running, and the video just sent with any
// source notice.
import { CREDITS_PER_VIDEO } from '@shared/catalogue';
import { ClipboardList, Info, Loader2, Wand2 } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { LastVideoLine } from '@/entities/videos/components/last-video-line';
import { useAppNavigation } from '@/lib/app-navigation';
import { useRealtime } from '@/lib/realtime/use-realtime';
import type { QueuedVideo } from '../hooks/use-create-video-submit';

/** Connection states in which a submission waits in the action queue rather than going out. */
const QUEUEING_STATES = new Set(['reconnecting', 'unstable']);

export function CreateSubmitArea({
  reviewFirst = false,
  canSubmit,
  blockedReason = null,
  isPending,
  isUnlimited,
  isUploading,
  lastQueued,
}: {
  /** Plan a storyboard (free) instead of creating the video now. */
  reviewFirst?: boolean;
  canSubmit: boolean;
  /** Why Create is disabled when the member can fix it, shown under the button. */
  blockedReason?: string | null;
  isPending: boolean;
  isUnlimited: boolean;
  isUploading: boolean;
  lastQueued: QueuedVideo | null;
}) {
  const costId = useId();
  const blockedId = useId();
  const { navigate } = useAppNavigation();
  const { state: connectionState } = useRealtime();
  const pendingLabel = reviewFirst
    ? 'Planning storyboard...'
    : QUEUEING_STATES.has(connectionState)
      ? 'Queuing...'
      : 'Creating Video...';
  return (
    <div className="grid gap-2">
      <Button
        type="submit"
        variant="brand"
        size="lg"
        className="w-full"
        disabled={!canSubmit}
        aria-describedby={blockedReason ? `${costId} ${blockedId}` : costId}
      >
        {isPending ? (
          <>
            <Loader2 className="animate-spin" aria-hidden="true" />
            {pendingLabel}
          </>
        ) : reviewFirst ? (
          <>
            <ClipboardList aria-hidden="true" />
            Plan storyboard
          </>
        ) : (
          <>
            <Wand2 aria-hidden="true" />
            Create Video
            <span
              aria-hidden="true"
              className="rounded-full bg-white/20 px-2 py-0.5 font-medium text-xs"
            >
              {isUnlimited ? 'Unlimited' : `${CREDITS_PER_VIDEO} credit`}
            </span>
          </>
        )}
      </Button>
      <p id={costId} className="sr-only">
        {reviewFirst
          ? 'Planning is free. You can change the script and pictures before rendering.'
          : isUnlimited
            ? 'Unlimited on your plan.'
            : `Costs ${CREDITS_PER_VIDEO} credit.`}
      </p>
      {blockedReason && (
        <p id={blockedId} className="text-center font-medium text-destructive text-sm">
          {blockedReason}
        </p>
      )}
      {isUploading && (
        <p className="text-center text-muted-foreground text-xs">
          Waiting for the image upload to finish...
        </p>
      )}
      {lastQueued && !isPending && (
        <LastVideoLine
          requestId={lastQueued.requestId}
          title={lastQueued.title}
          onOpenLibrary={(videoId) =>
            navigate('library', videoId === null ? {} : { openVideoId: videoId })
          }
        />
      )}
      {lastQueued?.notice && !isPending && (
        <p className="flex items-start justify-center gap-1.5 text-center text-muted-foreground text-xs">
          <Info className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
          {lastQueued.notice}
        </p>
      )}
    </div>
  );
}
