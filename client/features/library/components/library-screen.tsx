// Library tab: the member's videos as a grid with folder filter, search, selection (combine,
// delete), per-card actions, folder dialogs, the full-screen player and the Publish dialog
// (spec/product.md Library).
// The grid reads the library a page at a time from the server, which also searches and filters.
import type { Video } from '@shared/schemas/videos';
import { useQueryClient } from '@tanstack/react-query';
import {
  CheckSquare,
  Film,
  FolderMinus,
  FolderPlus,
  Layers,
  LogIn,
  RefreshCw,
  Search,
  Sparkles,
  Trash2,
  XSquare,
} from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { PublishDialog } from '@/features/publishing/components/publish-dialog';
import { isAuthError } from '@/lib/api-client';
import { useAppNavigation } from '@/lib/app-navigation';
import { PUBLICATIONS_QUERY_KEY, VIDEOS_QUERY_KEY } from '@/lib/query-keys';
import { useRealtime } from '@/lib/realtime/use-realtime';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useDeleteVideos } from '../api/delete-videos';
import {
  FOLDERS_QUERY_KEY,
  USER_FOLDERS_QUERY_KEY,
  useFolders,
  useUserFolders,
} from '../api/get-folders';
import { useLibraryPages, useVideoSummary } from '../api/get-library-pages';
import { useLoadMore } from '../hooks/use-load-more';
import {
  ALL_VIDEOS,
  effectiveFolderFilter,
  type FolderFilter,
  folderFilterOptions,
  isLibraryFiltered,
  libraryHeading,
  type RemovableFolder,
  singleRemovableFolder,
  toggleFolderFilter,
  withoutJobFolder,
} from '../library-filters';
import {
  canCombine,
  combinableVideos,
  selectAllVideos,
  selectedVideos,
  selectionActions,
  selectionKey,
  toggleSelection,
} from '../library-selection';
import { CombineVideosDialog } from './combine-videos-dialog';
import { FolderFilterMenu } from './folder-filter-menu';
import { GenerationPromptDialog } from './generation-prompt-dialog';
import { LibraryPlayer } from './library-player';
import { LibraryVideoCard } from './library-video-card';
import { NewFolderDialog } from './new-folder-dialog';
import { RemoveFolderDialog } from './remove-folder-dialog';

const GRID = 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3';
/** How long the search box waits for the member to pause typing before it asks the server. */
const SEARCH_DELAY_MS = 250;

function LibrarySkeleton() {
  return (
    <ul aria-label="Loading your videos" className={GRID}>
      {Array.from({ length: 6 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <li key={index} className="overflow-hidden rounded-xl border bg-card">
          <Skeleton className="aspect-video rounded-none" />
          <div className="space-y-2 p-3">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        </li>
      ))}
    </ul>
  );
}

function Notice({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-card/50 px-6 py-12 text-center">
      {children}
    </div>
  );
}

export function LibraryScreen() {
  const { navigate } = useAppNavigation();
  const queryClient = useQueryClient();
  const summaryQuery = useVideoSummary();
  const foldersQuery = useFolders();
  const userFoldersQuery = useUserFolders();
  const deleteVideos = useDeleteVideos();

  const [folderChoice, setFolderChoice] = useState<FolderFilter[]>([...ALL_VIDEOS]);
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [playing, setPlaying] = useState<Video | null>(null);
  const lastPlayedId = useRef<Video['id'] | null>(null);
  const play = (video: Video) => {
    lastPlayedId.current = video.id;
    setPlaying(video);
  };
  const playedCard = () =>
    document.querySelector<HTMLElement>(
      `[data-testid="video-card"][data-video-id="${lastPlayedId.current}"] h3 button`,
    );
  const [promptVideo, setPromptVideo] = useState<Video | null>(null);
  const [publishing, setPublishing] = useState<Video | null>(null);
  const [combineOpen, setCombineOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [newFolderOpen, setNewFolderOpen] = useState(false);
  const [removingFolder, setRemovingFolder] = useState<RemovableFolder | null>(null);

  // A job deleted in another tab or by the engine takes its folder out of the filter at once.
  const { onJobDeleted } = useRealtime();
  useEffect(
    () =>
      onJobDeleted(({ jobId }) => setFolderChoice((current) => withoutJobFolder(current, jobId))),
    [onJobDeleted],
  );

  const userFolders = userFoldersQuery.data ?? [];
  const options = useMemo(
    () =>
      folderFilterOptions({
        summary: summaryQuery.data,
        folders: foldersQuery.data,
        userFolders: userFoldersQuery.data,
      }),
    [summaryQuery.data, foldersQuery.data, userFoldersQuery.data],
  );
  // The choice stays put while the folder list loads; the server gets it once the folder is known.
  const folderFilter = effectiveFolderFilter(folderChoice, options);
  // Typing waits for a pause; clearing the box shows the whole library again at once.
  const typed = useDebouncedValue(query, SEARCH_DELAY_MS);
  const search = query.trim() === '' ? '' : typed;
  const pages = useLibraryPages(folderFilter, search);
  const shown = useMemo(() => pages.data?.pages.flatMap((page) => page.items) ?? [], [pages.data]);
  /** How many match the view in all (the first page says), and how many the library holds. */
  const matching = pages.data?.pages[0]?.total ?? shown.length;
  const libraryTotal = summaryQuery.data?.total ?? matching;
  const filtered = isLibraryFiltered(folderFilter, search);
  const more = useLoadMore(pages);
  const chosen = selectedVideos(shown, selected);
  const actions = selectionActions(chosen.length, shown.length);
  const removableFolder = singleRemovableFolder(folderFilter, options);

  const refresh = () => {
    // The pages, the summary and the plain list all live under /api/videos.
    void queryClient.invalidateQueries({ queryKey: VIDEOS_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: FOLDERS_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: USER_FOLDERS_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: PUBLICATIONS_QUERY_KEY });
  };
  const refreshing =
    pages.isFetching ||
    summaryQuery.isFetching ||
    foldersQuery.isFetching ||
    userFoldersQuery.isFetching;

  const showError = (video: Video) => {
    // The player explains the failure full-screen; a toast alone would vanish on a phone.
    play(video);
  };

  const runDelete = () => {
    const ids = chosen.map((video) => video.id);
    deleteVideos.mutate(ids, {
      onSuccess: (result) => {
        setSelected((current) => {
          const next = new Set(current);
          for (const id of result.deleted) next.delete(String(id));
          return next;
        });
        if (result.failed.length > 0) {
          toast({
            title: 'Delete Failed',
            description: 'Some videos could not be deleted. Please try again.',
            variant: 'destructive',
          });
        } else {
          toast({
            title: 'Videos Deleted',
            description: `${result.deleted.length} video${result.deleted.length === 1 ? '' : 's'} deleted.`,
          });
        }
      },
    });
  };

  let body: React.ReactNode;
  if (pages.isPending) {
    body = <LibrarySkeleton />;
  } else if (pages.isError && isAuthError(pages.error)) {
    body = (
      <Notice>
        <div role="alert" className="space-y-1">
          <p className="font-semibold">Authentication Required</p>
          <p className="text-muted-foreground text-sm">
            Your session has expired. Please sign in again to see your videos.
          </p>
        </div>
        <Button asChild variant="brand">
          <a href="/api/login">
            <LogIn aria-hidden="true" />
            Sign In
          </a>
        </Button>
      </Notice>
    );
  } else if (pages.isError) {
    body = (
      <Notice>
        <p role="alert" className="text-muted-foreground text-sm">
          Unable to load your videos. This might be a temporary issue.
        </p>
        <Button
          variant="outline"
          onClick={() => void pages.refetch()}
          disabled={pages.isRefetching}
        >
          <RefreshCw
            aria-hidden="true"
            className={pages.isRefetching ? 'animate-spin' : undefined}
          />
          Retry
        </Button>
      </Notice>
    );
  } else if (libraryTotal === 0 && !filtered) {
    body = (
      <Notice>
        <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
          <Film className="size-6" aria-hidden="true" />
        </span>
        <p className="font-semibold">No videos yet</p>
        <p className="max-w-sm text-muted-foreground text-sm">
          Everything you create lands here, ready to play, share and organise.
        </p>
        <Button variant="brand" onClick={() => navigate('create')}>
          <Sparkles aria-hidden="true" />
          Create Video
        </Button>
      </Notice>
    );
  } else if (shown.length === 0) {
    body = (
      <Notice>
        <p className="font-semibold">No matching videos</p>
        <p className="text-muted-foreground text-sm">Try another search or folder.</p>
        <Button
          variant="outline"
          onClick={() => {
            setQuery('');
            setFolderChoice([...ALL_VIDEOS]);
          }}
        >
          Clear filters
        </Button>
      </Notice>
    );
  } else {
    body = (
      <>
        <ul data-testid="library-grid" className={GRID}>
          {shown.map((video) => {
            const key = selectionKey(video);
            return (
              <li key={key}>
                <LibraryVideoCard
                  video={video}
                  selected={selected.has(key)}
                  onToggleSelected={() => setSelected((current) => toggleSelection(current, key))}
                  userFolders={userFolders}
                  onPlay={play}
                  onShowError={showError}
                  onViewPrompt={setPromptVideo}
                  onPublish={setPublishing}
                />
              </li>
            );
          })}
        </ul>
        {pages.hasNextPage && (
          <div ref={more.sentinelRef} className="flex justify-center">
            <Button
              variant="outline"
              onClick={more.loadMore}
              disabled={pages.isFetchingNextPage}
              aria-busy={pages.isFetchingNextPage}
            >
              {pages.isFetchingNextPage
                ? 'Loading more…'
                : `Show more (${Math.max(0, matching - shown.length)} left)`}
            </Button>
          </div>
        )}
      </>
    );
  }

  const loaded = !pages.isPending && !pages.isError;
  const hasVideos = libraryTotal > 0 || filtered;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">
          {loaded ? libraryHeading(matching, libraryTotal, filtered) : 'Your Videos'}
        </h1>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={refresh} disabled={refreshing}>
            <RefreshCw
              aria-hidden="true"
              className={refreshing ? 'motion-safe:animate-spin' : undefined}
            />
            Refresh
          </Button>
          <Button variant="outline" onClick={() => setNewFolderOpen(true)}>
            <FolderPlus aria-hidden="true" />
            New Folder
          </Button>
        </div>
      </div>

      {loaded && hasVideos && (
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
          <FolderFilterMenu
            options={options}
            value={folderFilter}
            onToggle={(value) => setFolderChoice(toggleFolderFilter(folderFilter, value))}
          />
          {removableFolder && (
            <Button variant="ghost" onClick={() => setRemovingFolder(removableFolder)}>
              <FolderMinus aria-hidden="true" />
              Remove Folder
            </Button>
          )}
          <div className="relative sm:ml-auto sm:w-72">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              type="search"
              aria-label="Search videos"
              placeholder="Search videos..."
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              className="pl-9"
            />
          </div>
        </div>
      )}

      {loaded && hasVideos && (
        <div
          role="toolbar"
          aria-label="Selection"
          className="flex min-h-10 flex-wrap items-center gap-2"
        >
          {actions.selectAll && (
            <Button variant="ghost" size="sm" onClick={() => setSelected(selectAllVideos(shown))}>
              <CheckSquare aria-hidden="true" />
              Select All
            </Button>
          )}
          {actions.deselectAll && (
            <>
              <span className="text-muted-foreground text-sm" aria-live="polite">
                {chosen.length} selected
              </span>
              <Button variant="ghost" size="sm" onClick={() => setSelected(new Set())}>
                <XSquare aria-hidden="true" />
                Deselect All
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={!canCombine(chosen)}
                title={canCombine(chosen) ? undefined : 'Select 2 or more completed videos'}
                onClick={() => setCombineOpen(true)}
              >
                <Layers aria-hidden="true" />
                Combine
              </Button>
              <Button
                variant="destructive"
                size="sm"
                disabled={deleteVideos.isPending}
                onClick={() => setConfirmDelete(true)}
              >
                <Trash2 aria-hidden="true" />
                Delete
              </Button>
            </>
          )}
        </div>
      )}

      {body}

      <LibraryPlayer
        video={playing}
        onClose={() => setPlaying(null)}
        returnFocusTo={playedCard}
        onPublish={setPublishing}
      />
      <PublishDialog video={publishing} onClose={() => setPublishing(null)} />
      <GenerationPromptDialog video={promptVideo} onClose={() => setPromptVideo(null)} />
      <CombineVideosDialog
        open={combineOpen}
        onOpenChange={setCombineOpen}
        videos={combinableVideos(chosen)}
        onCombined={() => setSelected(new Set())}
      />
      <NewFolderDialog open={newFolderOpen} onOpenChange={setNewFolderOpen} />
      <RemoveFolderDialog
        folder={removingFolder}
        onClose={() => setRemovingFolder(null)}
        onRemoved={() => setFolderChoice([...ALL_VIDEOS])}
      />
      <AlertDialog open={confirmDelete} onOpenChange={setConfirmDelete}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete Videos</AlertDialogTitle>
            <AlertDialogDescription>
              Delete {chosen.length} selected video{chosen.length === 1 ? '' : 's'}? This cannot be
              undone.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={runDelete}>
              Delete
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
