// A finished video's publications on its library card, one small badge per platform (its latest
// publication there): a link to the post once published, 'Publishing to …' while on its way, and a
// red badge carrying the error when it failed (a button to the Publish dialog when one is offered,
// where the error is spelled out and the video can be sent again). One held for the member's review
// is left to the library's review block, which says so and offers Approve.
import { PLATFORM_LABELS, type Publication } from '@shared/schemas/publishing';
import type { Video } from '@shared/schemas/videos';
import { CircleAlert, ExternalLink, Loader2 } from 'lucide-react';
import { useId } from 'react';
import { cn } from '@/lib/cn';
import { useLatestVideoPublications } from '../api/get-publications';
import { isPublishing } from '../publication-display';
import { PlatformIcon } from './platform-icon';

const BADGE =
  'inline-flex max-w-full items-center gap-1 whitespace-nowrap rounded-full border px-2 py-0.5 font-medium text-xs [&>svg]:size-3 [&>svg]:shrink-0';
const STYLES = {
  published: 'border-green-500/30 bg-green-500/10 text-green-700 dark:text-green-300',
  publishing: 'border-blue-500/30 bg-blue-500/10 text-blue-700 dark:text-blue-300',
  failed: 'border-red-500/40 bg-red-500/10 text-red-700 dark:text-red-300',
};
const INTERACTIVE =
  'cursor-pointer outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50';

function PublicationBadge({
  publication,
  onShowFailure,
}: {
  publication: Publication;
  onShowFailure?: () => void;
}) {
  const errorId = useId();
  const label = PLATFORM_LABELS[publication.platform];
  const { status, postUrl, error } = publication;

  if (status === 'published') {
    const content = (
      <>
        <PlatformIcon platform={publication.platform} />
        {label}
        {postUrl && <ExternalLink aria-hidden="true" />}
      </>
    );
    return postUrl ? (
      <a
        href={postUrl}
        target="_blank"
        rel="noopener noreferrer"
        title={`View the post on ${label}`}
        data-testid="publication-badge"
        data-status={status}
        className={cn(BADGE, STYLES.published, INTERACTIVE)}
      >
        {content}
      </a>
    ) : (
      <span
        title={`Published on ${label}`}
        data-testid="publication-badge"
        data-status={status}
        className={cn(BADGE, STYLES.published)}
      >
        {content}
      </span>
    );
  }

  if (isPublishing(status)) {
    return (
      <span
        data-testid="publication-badge"
        data-status={status}
        className={cn(BADGE, STYLES.publishing)}
      >
        <Loader2 aria-hidden="true" className="motion-safe:animate-spin" />
        Publishing to {label}…
      </span>
    );
  }

  const failure = error ?? `Publishing to ${label} failed.`;
  const content = (
    <>
      <CircleAlert aria-hidden="true" />
      {label} failed
      <span id={errorId} hidden>
        {failure}
      </span>
    </>
  );
  return onShowFailure ? (
    <button
      type="button"
      onClick={onShowFailure}
      title={failure}
      aria-describedby={errorId}
      data-testid="publication-badge"
      data-status={status}
      className={cn(BADGE, STYLES.failed, INTERACTIVE)}
    >
      {content}
    </button>
  ) : (
    <span
      title={failure}
      aria-describedby={errorId}
      data-testid="publication-badge"
      data-status={status}
      className={cn(BADGE, STYLES.failed)}
    >
      {content}
    </span>
  );
}

export function PublicationBadges({
  video,
  onShowFailure,
}: {
  video: Video;
  /** Opens the Publish dialog, where a failure is explained and the video can be sent again. */
  onShowFailure?: (video: Video) => void;
}) {
  const { data: latest } = useLatestVideoPublications(video.id);
  const publications = latest?.filter((publication) => publication.status !== 'held') ?? [];
  if (publications.length === 0) return null;
  return (
    <ul aria-label="Publications" className="flex flex-wrap gap-1.5">
      {publications.map((publication) => (
        <li key={publication.platform} className="max-w-full">
          <PublicationBadge
            publication={publication}
            onShowFailure={onShowFailure && (() => onShowFailure(video))}
          />
        </li>
      ))}
    </ul>
  );
}
