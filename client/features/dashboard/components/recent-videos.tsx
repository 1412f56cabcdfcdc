// Recent Videos: the newest four as cards, a completed one opens a player; View All goes to the
// library. Loading shows placeholders; no videos yet shows a way to make the first one.
import { LIMITS } from '@shared/limits';
import type { Video } from '@shared/schemas/videos';
import { ArrowRight, Film, RefreshCw, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useVideos } from '@/entities/videos/api/get-videos';
import { VideoPlayerDialog } from '@/entities/videos/components/video-player-dialog';
import {
  VideoCardSkeleton,
  VideoThumbnailCard,
} from '@/entities/videos/components/video-thumbnail-card';
import { useAppNavigation } from '@/lib/app-navigation';

function RecentVideosSkeleton() {
  return (
    <ul
      aria-label="Loading recent videos"
      className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4"
    >
      {Array.from({ length: LIMITS.dashboardRecentVideos }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <VideoCardSkeleton key={index} />
      ))}
    </ul>
  );
}

function EmptyState() {
  const { navigate } = useAppNavigation();
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-card/50 px-6 py-10 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Film className="size-6" aria-hidden="true" />
      </span>
      <p className="font-semibold">No videos yet</p>
      <p className="max-w-sm text-muted-foreground text-sm">
        Your first video is a title and a sentence away. Describe a scene and we'll bring it to
        life.
      </p>
      <Button variant="brand" onClick={() => navigate('create')}>
        <Sparkles aria-hidden="true" />
        Create Your First Video
      </Button>
    </div>
  );
}

export function RecentVideos() {
  const { navigate } = useAppNavigation();
  const { data: videos, isPending, isError, refetch, isRefetching } = useVideos();
  const [playing, setPlaying] = useState<Video | null>(null);
  const recent = videos?.slice(0, LIMITS.dashboardRecentVideos) ?? [];

  let body: React.ReactNode;
  if (isPending) {
    body = <RecentVideosSkeleton />;
  } else if (isError) {
    body = (
      <div
        role="alert"
        className="flex flex-wrap items-center justify-between gap-3 rounded-xl border p-4"
      >
        <p className="text-muted-foreground text-sm">
          Unable to load your videos. This might be a temporary issue.
        </p>
        <Button variant="outline" size="sm" onClick={() => void refetch()} disabled={isRefetching}>
          <RefreshCw aria-hidden="true" />
          Retry
        </Button>
      </div>
    );
  } else if (recent.length === 0) {
    body = <EmptyState />;
  } else {
    body = (
      <ul data-testid="recent-videos" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {recent.map((video) => (
          <li key={video.id}>
            <VideoThumbnailCard video={video} onPlay={setPlaying} className="h-full" />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="recent-videos-heading" className="space-y-3">
      <div className="flex items-center justify-between gap-4">
        <h2 id="recent-videos-heading" className="font-semibold text-lg">
          Recent Videos
        </h2>
        {recent.length > 0 && (
          <Button variant="ghost" size="sm" onClick={() => navigate('library')}>
            View All
            <ArrowRight aria-hidden="true" />
          </Button>
        )}
      </div>
      {body}
      <VideoPlayerDialog video={playing} onClose={() => setPlaying(null)} />
    </section>
  );
}
