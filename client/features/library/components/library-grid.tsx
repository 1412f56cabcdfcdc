// The Library's grid of video cards, a page at a time: "Show more" (or scrolling near the end)
// loads the next page. Also its loading placeholder, laid out the same way.
import type { UserFolder } from '@shared/schemas/library';
import type { Video } from '@shared/schemas/videos';
import { Button } from '@/components/ui/button';
import { VideoCardSkeleton } from '@/entities/videos/components/video-thumbnail-card';
import { selectionKey } from '../library-selection';
import { LibraryVideoCard } from './library-video-card';

const GRID = 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3';

export function LibrarySkeleton() {
  return (
    <ul aria-label="Loading your videos" className={GRID}>
      {Array.from({ length: 6 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <VideoCardSkeleton key={index} />
      ))}
    </ul>
  );
}

export type VideoCardActions = {
  onPlay: (video: Video) => void;
  onShowError: (video: Video) => void;
  onViewPrompt: (video: Video) => void;
  onPublish: (video: Video) => void;
  onRemix: (video: Video) => void;
  onShowVersions: (video: Video) => void;
  /** The video whose remix is being opened, if any. */
  remixingId: Video['id'] | null;
};

export function LibraryGrid({
  videos,
  isSelected,
  onToggleSelected,
  userFolders,
  actions,
  paging,
}: {
  videos: readonly Video[];
  isSelected: (key: string) => boolean;
  onToggleSelected: (key: string) => void;
  userFolders: readonly UserFolder[];
  actions: VideoCardActions;
  paging: {
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    /** How many match the view in all. */
    matching: number;
    loadMore: () => void;
    sentinelRef: (element: HTMLElement | null) => void;
  };
}) {
  return (
    <>
      {/* The cards' titles are h3s: the grid is their section, under the screen's h1. */}
      <h2 className="sr-only">Videos</h2>
      <ul data-testid="library-grid" className={GRID}>
        {videos.map((video) => {
          const key = selectionKey(video);
          return (
            <li key={key}>
              <LibraryVideoCard
                video={video}
                selected={isSelected(key)}
                onToggleSelected={() => onToggleSelected(key)}
                userFolders={userFolders}
                {...actions}
              />
            </li>
          );
        })}
      </ul>
      {paging.hasNextPage && (
        <div ref={paging.sentinelRef} className="flex justify-center">
          <Button
            variant="outline"
            onClick={paging.loadMore}
            disabled={paging.isFetchingNextPage}
            aria-busy={paging.isFetchingNextPage}
          >
            {paging.isFetchingNextPage
              ? 'Loading more…'
              : `Show more (${Math.max(0, paging.matching - videos.length)} left)`}
          </Button>
        </div>
      )}
    </>
  );
}
