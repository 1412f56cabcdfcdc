// The video just sent (from Create, or a rendered storyboard), as it moves from the queue to ready
// (the library list stays current).
import { Button } from '@/components/ui/button';
import { useVideos } from '../api/get-videos';
import { lastVideoStatus } from '../last-video-status';

export function LastVideoLine({
  requestId,
  remixOf = null,
  title,
  onOpenLibrary,
}: {
  requestId: number;
  /**
   * The video a remix makes the next version of: once its request is no longer listed, the
   * request has become that video's current version.
   */
  remixOf?: number | null;
  title: string;
  /** Opens the library, on the video's player when it is ready (its id), else on the grid. */
  onOpenLibrary: (readyVideoId: number | null) => void;
}) {
  const videos = useVideos();
  const video =
    videos.data?.find((entry) => entry.requestId === requestId) ??
    (remixOf === null ? undefined : videos.data?.find((entry) => entry.id === remixOf));
  const { text, done } = lastVideoStatus(title, video);
  const ready = done && video?.status === 'completed' && typeof video.id === 'number';
  return (
    <p role="status" className="text-center text-muted-foreground text-sm">
      {text}{' '}
      <Button
        variant="link"
        className="h-auto p-0"
        onClick={() => onOpenLibrary(ready && typeof video.id === 'number' ? video.id : null)}
      >
        {ready ? 'Watch in Library' : 'View in Library'}
      </Button>
    </p>
  );
}
