// One video as a card: thumbnail (or a gradient placeholder), title, status and date. A playable
// card is one big button named by its title (so is a failed one when `onShowError` is given);
// other cards are plain, labelled by their title. `overlay` and `actions` sit above the click area.
import type { Video } from '@shared/schemas/videos';
import { Clapperboard, Play } from 'lucide-react';
import { useId } from 'react';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useSceneProgress } from '../scene-progress';
import { canPlay, formatVideoDate } from '../video-display';
import { VideoStatusBadge } from './video-status-badge';

export function VideoThumbnailCard({
  video,
  onPlay,
  actions,
  overlay,
  onShowError,
  className,
}: {
  video: Video;
  /** Called when a playable card is chosen; without it no card is a button. */
  onPlay?: (video: Video) => void;
  /** Extra controls (menus, selection) placed above the card's click area. */
  actions?: React.ReactNode;
  /** Controls laid over the thumbnail's top edge (selection, favourite), above the click area. */
  overlay?: React.ReactNode;
  /** Called when a failed card is chosen, to show why it failed; without it a failed card is plain. */
  onShowError?: (video: Video) => void;
  className?: string;
}) {
  const titleId = useId();
  const playable = Boolean(onPlay) && canPlay(video);
  const explainable = Boolean(onShowError) && video.status === 'failed';
  const clickable = playable || explainable;
  const title = video.title || 'Untitled video';
  return (
    <article
      data-testid="video-card"
      data-status={video.status}
      data-video-id={video.id}
      aria-labelledby={titleId}
      className={cn(
        'group relative flex flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm transition-shadow',
        clickable &&
          'hover:shadow-md has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
        className,
      )}
    >
      <div className="relative aspect-video overflow-hidden bg-muted">
        {video.thumbnailUrl && video.aspectRatio === 'portrait' ? (
          // An upright frame shown whole, over a blurred fill of itself, rather than cropped to a strip.
          <>
            <div aria-hidden="true" className="absolute inset-0 bg-neutral-900">
              <img
                src={video.thumbnailUrl}
                alt=""
                loading="lazy"
                className="size-full scale-125 object-cover opacity-70 blur-2xl"
              />
            </div>
            <img
              src={video.thumbnailUrl}
              alt=""
              loading="lazy"
              className="relative size-full object-contain transition-transform duration-300 motion-safe:group-hover:scale-[1.03]"
            />
          </>
        ) : video.thumbnailUrl ? (
          <img
            src={video.thumbnailUrl}
            alt=""
            loading="lazy"
            className="size-full object-cover transition-transform duration-300 motion-safe:group-hover:scale-[1.03]"
          />
        ) : (
          <div
            aria-hidden="true"
            className="brand-gradient flex size-full items-center justify-center opacity-80"
          >
            <Clapperboard className="size-8 text-white/90" />
          </div>
        )}
        {playable && (
          <span
            aria-hidden="true"
            className="absolute inset-0 flex items-center justify-center bg-black/0 opacity-0 transition group-hover:bg-black/30 group-hover:opacity-100"
          >
            <span className="flex size-11 items-center justify-center rounded-full bg-white/90 text-black shadow">
              <Play className="ml-0.5 size-5 fill-current" />
            </span>
          </span>
        )}
        {video.status === 'processing' && (
          <RenderProgress title={title} progress={video.progress} requestId={video.requestId} />
        )}
        {overlay && (
          <div className="pointer-events-none absolute inset-x-0 top-0 z-10 flex items-start justify-between gap-2 p-2 [&>*]:pointer-events-auto">
            {overlay}
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <h3
          id={titleId}
          className="line-clamp-2 font-medium text-sm leading-snug [overflow-wrap:anywhere]"
        >
          {clickable ? (
            <button
              type="button"
              onClick={() => (playable ? onPlay?.(video) : onShowError?.(video))}
              // The ::after layer stretches the button over the whole card.
              className="text-left outline-none after:absolute after:inset-0 after:content-['']"
            >
              {title}
            </button>
          ) : (
            title
          )}
        </h3>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
          <VideoStatusBadge
            status={video.status}
            progress={video.progress}
            duration={video.duration}
          />
          <time dateTime={video.createdAt} className="text-muted-foreground text-xs">
            {formatVideoDate(video.createdAt)}
          </time>
        </div>
        {video.status === 'failed' && video.errorMessage && (
          <p className="line-clamp-2 text-destructive text-xs">{video.errorMessage}</p>
        )}
        {actions && <div className="relative z-10">{actions}</div>}
      </div>
    </article>
  );
}

/** A card's place while the videos load: the thumbnail's frame and two lines of text. */
export function VideoCardSkeleton() {
  return (
    <li className="overflow-hidden rounded-xl border bg-card">
      <Skeleton className="aspect-video rounded-none" />
      <div className="space-y-2 p-3">
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
      </div>
    </li>
  );
}

/**
 * The render's progress along the thumbnail's foot: the video's one figure, and above it a segment
 * per scene once the renderer reports them (done scenes full, so a remix's reused ones show).
 */
function RenderProgress({
  title,
  progress,
  requestId,
}: {
  title: string;
  progress: number | undefined;
  requestId: number | null;
}) {
  const scenes = useSceneProgress(requestId);
  return (
    <div className="absolute inset-x-0 bottom-0 grid gap-0.5">
      {scenes && scenes.length > 1 && (
        <ol aria-label={`${title} scenes`} className="flex gap-0.5 px-1">
          {scenes.map((value, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a scene's position is its identity
            <li key={index} className="flex-1">
              <Progress
                value={value}
                aria-label={`Scene ${index + 1} of ${scenes.length}`}
                className="h-1 rounded-sm bg-black/30"
                indicatorClassName={value >= 100 ? 'bg-green-400' : 'bg-yellow-300'}
              />
            </li>
          ))}
        </ol>
      )}
      <Progress
        value={progress}
        aria-label={`${title} progress`}
        className="h-1 rounded-none bg-black/20"
        indicatorClassName="bg-yellow-400"
      />
    </div>
  );
}
