// The shared video itself and its facts: poster, title, long US date, aspect badge, scene count,
// optional duration and description; its captions as a track when it has them, with a CC toggle
// over the picture (off at first where the frames carry the captions already), and its scenes as
// a chapters track. Portrait videos sit in a narrow column so they stay on screen.
import type { SharedVideo } from '@shared/schemas/library';
import { CalendarDays, Clock, ClosedCaption, Film, VideoOff } from 'lucide-react';
import { useRef } from 'react';
import { Badge } from '@/components/ui/badge';
import { ChaptersTrack } from '@/entities/videos/components/chapters-track';
import {
  captionsShownAtFirst,
  useCaptionsToggle,
  VideoCaptionsTrack,
} from '@/entities/voices/components/captions-track';
import { cn } from '@/lib/cn';
import { aspectLabel, formatCreatedDate, sceneCountLabel } from '../shared-video-format';
import { FootageCredit } from './footage-credit';

export function SharedVideoPlayer({ video }: { video: SharedVideo }) {
  const portrait = video.aspectRatio !== 'landscape';
  const createdOn = formatCreatedDate(video.createdAt);
  const videoRef = useRef<HTMLVideoElement>(null);
  const captions = useCaptionsToggle(videoRef, captionsShownAtFirst(video));

  return (
    <article className="min-w-0 space-y-5">
      <div
        className={cn(
          'relative mx-auto w-full overflow-hidden rounded-2xl bg-black shadow-lg ring-1 ring-border',
          portrait ? 'aspect-[9/16] max-w-sm' : 'aspect-video',
        )}
      >
        {video.videoUrl ? (
          // biome-ignore lint/a11y/useMediaCaption: the track is there whenever the video has captions; older videos carry them only in the frames
          <video
            ref={videoRef}
            data-testid="shared-video-player"
            src={video.videoUrl}
            poster={video.thumbnailUrl ?? undefined}
            controls
            playsInline
            preload="metadata"
            className="size-full object-contain"
            aria-label={video.title}
          >
            {video.captionsUrl && (
              <VideoCaptionsTrack
                src={video.captionsUrl}
                language={video.captionsLanguage}
                shown={captions.shown}
                burnedIn={video.captionsBurnedIn}
              />
            )}
            {video.chaptersUrl && <ChaptersTrack src={video.chaptersUrl} />}
          </video>
        ) : (
          <div
            className="flex size-full flex-col items-center justify-center gap-3 bg-muted text-muted-foreground"
            data-testid="shared-video-unavailable"
          >
            <VideoOff className="size-10" aria-hidden="true" />
            <p className="font-medium">Video not available</p>
          </div>
        )}
        {video.videoUrl && video.captionsUrl && (
          // Top right, clear of the native controls along the bottom; the same toggle as the
          // controls' own captions menu, which it follows.
          <button
            type="button"
            aria-label="Captions"
            title="Captions"
            aria-pressed={captions.shown}
            onClick={captions.toggle}
            className={cn(
              'absolute top-2 right-2 inline-flex size-10 cursor-pointer items-center justify-center rounded-full outline-none transition-colors focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-black [&_svg]:size-5',
              // On reads as a filled white disc, off as a dim one: not by colour alone.
              captions.shown
                ? 'bg-white text-black hover:bg-white/90'
                : 'bg-black/60 text-white hover:bg-black/75',
            )}
          >
            <ClosedCaption aria-hidden="true" />
          </button>
        )}
      </div>

      {/* min-w-0 and anywhere-wrapping: a title or word with no spaces (a pasted link, a long
          hashtag) wraps inside the page instead of widening it. */}
      <div className={cn('mx-auto w-full min-w-0 space-y-3', portrait && 'max-w-sm sm:max-w-none')}>
        <h1 className="text-balance font-bold text-2xl tracking-tight [overflow-wrap:anywhere] sm:text-3xl">
          {video.title}
        </h1>
        <ul className="flex flex-wrap items-center gap-x-4 gap-y-2 text-muted-foreground text-sm">
          {createdOn && (
            <li className="flex items-center gap-1.5">
              <CalendarDays className="size-4" aria-hidden="true" />
              <time dateTime={video.createdAt}>{createdOn}</time>
            </li>
          )}
          <li>
            <Badge variant="secondary" data-testid="shared-video-aspect">
              {aspectLabel(video.aspectRatio)}
            </Badge>
          </li>
          <li className="flex items-center gap-1.5">
            <Film className="size-4" aria-hidden="true" />
            <span data-testid="shared-video-scenes">{sceneCountLabel(video.scenes)}</span>
          </li>
          {video.duration && (
            <li className="flex items-center gap-1.5">
              <Clock className="size-4" aria-hidden="true" />
              <span>
                <span className="sr-only">Duration </span>
                {video.duration}
              </span>
            </li>
          )}
        </ul>
        {video.description && (
          <p className="whitespace-pre-line text-pretty text-foreground/80 leading-relaxed [overflow-wrap:anywhere]">
            {video.description}
          </p>
        )}
        <FootageCredit assets={video.assets} />
      </div>
    </article>
  );
}
