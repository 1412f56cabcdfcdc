// A simple modal player for a completed video: native controls (captions among them when the video
// has a track), starts playing when opened.
import type { Video } from '@shared/schemas/videos';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { CaptionsTrack } from '@/entities/voices/components/captions-track';
import { cn } from '@/lib/cn';

export function VideoPlayerDialog({
  video,
  onClose,
}: {
  /** The video to play; null keeps the dialog closed. */
  video: Video | null;
  onClose: () => void;
}) {
  const portrait = video?.aspectRatio === 'portrait';
  return (
    <Dialog open={video !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        aria-describedby={undefined}
        className={cn('gap-0 overflow-hidden p-0', portrait ? 'max-w-sm' : 'max-w-3xl')}
      >
        <DialogHeader className="px-4 py-3 pr-12">
          <DialogTitle className="truncate leading-normal">{video?.title}</DialogTitle>
        </DialogHeader>
        {video?.videoUrl && (
          // biome-ignore lint/a11y/useMediaCaption: the track is there whenever the video has captions; older videos carry them only in the frames
          <video
            key={video.id}
            data-testid="video-player"
            src={video.videoUrl}
            poster={video.thumbnailUrl ?? undefined}
            controls
            autoPlay
            playsInline
            className={cn(
              'w-full bg-black',
              portrait ? 'aspect-[9/16] max-h-[75dvh]' : 'aspect-video max-h-[75dvh]',
            )}
          >
            <CaptionsTrack video={video} />
          </video>
        )}
      </DialogContent>
    </Dialog>
  );
}
