// A video's status as a coloured badge (queued blue, processing yellow and pulsing, completed
// green, failed red), with the render progress or the finished duration beside it.
import type { VideoStatus } from '@shared/schemas/videos';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { formatDuration, VIDEO_STATUS_LABELS } from '../video-display';

const STATUS_STYLES: Record<VideoStatus, string> = {
  queued: 'border-blue-500/30 bg-blue-500/10 text-blue-700 dark:text-blue-300',
  processing: 'border-yellow-500/40 bg-yellow-400/15 text-yellow-800 dark:text-yellow-300',
  completed: 'border-green-500/30 bg-green-500/10 text-green-700 dark:text-green-300',
  failed: 'border-red-500/30 bg-red-500/10 text-red-700 dark:text-red-300',
};

export function VideoStatusBadge({
  status,
  progress,
  duration,
  className,
}: {
  status: VideoStatus;
  progress?: number;
  /** Seconds; shown once completed. */
  duration?: number | null;
  className?: string;
}) {
  const detail =
    status === 'processing' && progress !== undefined
      ? `${Math.round(progress)}%`
      : status === 'completed' && duration != null
        ? formatDuration(duration)
        : null;
  return (
    <span className={cn('inline-flex items-center gap-1.5', className)}>
      {/* The badge holds the status word alone, so tests and screen readers read it plainly. */}
      <Badge data-testid="video-status" data-status={status} className={STATUS_STYLES[status]}>
        <span
          aria-hidden="true"
          className={cn(
            'size-1.5 rounded-full bg-current',
            status === 'processing' && 'motion-safe:animate-pulse',
          )}
        />
        {VIDEO_STATUS_LABELS[status]}
      </Badge>
      {detail && (
        <span className="text-muted-foreground text-xs tabular-nums">
          {status === 'completed' && <span className="sr-only">Duration </span>}
          {detail}
        </span>
      )}
    </span>
  );
}
