// The video just sent, as it moves from the queue to ready (the library list stays current).
import { Button } from '@/components/ui/button';
import { useVideos } from '@/entities/videos/api/get-videos';
import { lastVideoStatus } from '../last-video-status';

export function LastVideoLine({
  requestId,
  title,
  onOpenLibrary,
}: {
  requestId: number;
  title: string;
  onOpenLibrary: () => void;
}) {
  const videos = useVideos();
  const video = videos.data?.find((entry) => entry.requestId === requestId);
  const { text, done } = lastVideoStatus(title, video);
  return (
    <p role="status" className="text-center text-muted-foreground text-sm">
      {text}{' '}
      <Button variant="link" className="h-auto p-0" onClick={onOpenLibrary}>
        {done && video?.status === 'completed' ? 'Watch in Library' : 'View in Library'}
      </Button>
    </p>
  );
}
