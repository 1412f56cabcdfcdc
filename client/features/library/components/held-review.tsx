// A Creator Engine job's video held for the member's review before it is published: 'Awaiting your
// review', where it goes and by when (and what happens then, as the job says), with "Approve and
// publish" and "Remix" (to change it first: approving later publishes the version then current).
// Approved, its publications move on to Queued and Publishing, and the badges take over.
import type { Publication } from '@shared/schemas/publishing';
import type { Video } from '@shared/schemas/videos';
import { Loader2, Send, WandSparkles } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useVideoJobs } from '@/entities/jobs/api/get-video-jobs';
import { useApproveVideo } from '@/entities/publications/api/approve-video';
import { useLatestVideoPublications } from '@/entities/publications/api/get-publications';
import { PublicationStatusBadge } from '@/entities/publications/components/publication-status-badge';
import { platformList } from '@/entities/publications/publication-display';
import { formatVideoDate } from '@/entities/videos/video-display';
import { serverMessage } from '../library-errors';

/** What the held block says about where the video goes and by when. */
export function heldReviewText(
  held: readonly Pick<Publication, 'platform' | 'holdUntil'>[],
  unreviewedAction: 'publish' | 'skip' | null,
): string {
  const goes = `Goes to ${platformList(held.map((publication) => publication.platform))} once you approve it.`;
  const deadline = held
    .map((publication) => publication.holdUntil)
    .filter((until): until is string => until !== null)
    .sort()[0];
  if (!deadline) return goes;
  const when = formatVideoDate(deadline);
  if (unreviewedAction === 'publish')
    return `${goes} If you don't by ${when}, it is published anyway.`;
  if (unreviewedAction === 'skip') return `${goes} If you don't by ${when}, it is not published.`;
  return `${goes} Review it by ${when}.`;
}

export function HeldReview({
  video,
  onRemix,
  remixPending,
}: {
  video: Video;
  onRemix: (video: Video) => void;
  remixPending: boolean;
}) {
  const { data: publications } = useLatestVideoPublications(video.id);
  const held = (publications ?? []).filter((publication) => publication.status === 'held');
  if (held.length === 0) return null;
  return (
    <HeldReviewPanel video={video} held={held} onRemix={onRemix} remixPending={remixPending} />
  );
}

function HeldReviewPanel({
  video,
  held,
  onRemix,
  remixPending,
}: {
  video: Video;
  held: Publication[];
  onRemix: (video: Video) => void;
  remixPending: boolean;
}) {
  const textId = useId();
  const jobs = useVideoJobs();
  const approve = useApproveVideo();
  const job = jobs.data?.find((each) => each.id === video.jobId);
  const title = video.title || 'Untitled video';
  const [first] = held;

  const approveVideo = () =>
    approve.mutate(video.id, {
      onSuccess: () =>
        toast({
          title: 'Publishing Started',
          description: `“${title}” is on its way to ${platformList(held.map((each) => each.platform))}.`,
          variant: 'success',
        }),
      onError: (error) =>
        toast({
          title: 'Not Published',
          description: serverMessage(error, 'The video could not be approved. Please try again.'),
          variant: 'destructive',
        }),
    });

  return (
    <section
      aria-label="Awaiting your review"
      data-testid="held-review"
      className="grid gap-2 rounded-lg border border-amber-500/30 bg-amber-500/5 p-2.5"
    >
      {first && <PublicationStatusBadge publication={first} />}
      <p id={textId} className="text-muted-foreground text-xs">
        {heldReviewText(held, job?.publishTo?.unreviewedAction ?? null)}
      </p>
      <div className="flex flex-wrap gap-1.5">
        <Button
          size="sm"
          variant="brand"
          aria-describedby={textId}
          disabled={approve.isPending}
          onClick={approveVideo}
        >
          {approve.isPending ? (
            <Loader2 aria-hidden="true" className="animate-spin" />
          ) : (
            <Send aria-hidden="true" />
          )}
          Approve and publish
        </Button>
        <Button size="sm" variant="outline" disabled={remixPending} onClick={() => onRemix(video)}>
          <WandSparkles aria-hidden="true" />
          Remix
        </Button>
      </div>
    </section>
  );
}
