// Library tab: the member's videos as a grid with folder filter, search, selection (combine,
// delete), per-card actions, folder dialogs, the full-screen player and the Publish dialog
// (spec/product.md Library), and above them the storyboards still in draft, in a row of their own. The grid reads the library a page at a time from the server, which
// also searches and filters. This component only lays the parts out; each part has its own file.
import type { Video } from '@shared/schemas/videos';
import { isAuthError } from '@/lib/api-client';
import { useAppNavigation } from '@/lib/app-navigation';
import { useLibraryDialogs } from '../hooks/use-library-dialogs';
import { useLibrarySelection } from '../hooks/use-library-selection';
import { type LibraryView, useLibraryView } from '../hooks/use-library-view';
import { usePlayOnArrival } from '../hooks/use-play-on-arrival';
import { useRemixAction } from '../hooks/use-remix-action';
import { libraryHeading } from '../library-filters';
import { LibraryDialogs } from './library-dialogs';
import { LibraryDrafts } from './library-drafts';
import { LibraryFilterBar } from './library-filter-bar';
import { LibraryGrid, LibrarySkeleton, type VideoCardActions } from './library-grid';
import { LibraryHeader } from './library-header';
import {
  EmptyLibraryNotice,
  LoadFailedNotice,
  NoMatchNotice,
  SignInNotice,
} from './library-notices';
import { LibrarySelectionBar } from './library-selection-bar';

export function LibraryScreen({ openVideoId = null }: { openVideoId?: number | null } = {}) {
  const { navigate } = useAppNavigation();
  const view = useLibraryView();
  const selection = useLibrarySelection(view.shown);
  const dialogs = useLibraryDialogs();
  const remix = useRemixAction();
  usePlayOnArrival(openVideoId, dialogs.play);
  const { pages } = view;

  const cardActions: VideoCardActions = {
    onPlay: dialogs.play,
    // The player explains the failure full-screen; a toast alone would vanish on a phone.
    onShowError: (video: Video) => dialogs.play(video),
    onViewPrompt: dialogs.setPromptVideo,
    onPublish: dialogs.setPublishing,
    onRemix: remix.start,
    onShowVersions: dialogs.setVersionsOf,
    remixingId: remix.pendingId,
  };

  const loaded = !pages.isPending && !pages.isError;
  const hasVideos = view.libraryTotal > 0 || view.filtered;
  return (
    <div className="space-y-4">
      <LibraryHeader
        heading={
          loaded ? libraryHeading(view.matching, view.libraryTotal, view.filtered) : 'Your Videos'
        }
        refreshing={view.refreshing}
        onRefresh={view.refresh}
        onNewFolder={() => dialogs.setNewFolderOpen(true)}
      />

      <LibraryDrafts onOpen={(storyboardId) => navigate('storyboard', { storyboardId })} />

      {loaded && hasVideos && (
        <LibraryFilterBar
          options={view.options}
          value={view.folderFilter}
          onToggle={view.toggleFolder}
          removableFolder={view.removableFolder}
          onRemoveFolder={dialogs.setRemovingFolder}
          query={view.query}
          onQueryChange={view.setQuery}
        />
      )}

      {loaded && hasVideos && (
        <LibrarySelectionBar
          actions={selection.actions}
          chosen={selection.chosen}
          deleting={selection.deleting}
          onSelectAll={selection.selectAll}
          onDeselectAll={selection.clear}
          onCombine={() => dialogs.setCombineOpen(true)}
          onDelete={() => dialogs.setConfirmDelete(true)}
        />
      )}

      <LibraryContent
        view={view}
        selection={selection}
        cardActions={cardActions}
        onCreate={() => navigate('create')}
      />

      <LibraryDialogs
        dialogs={dialogs}
        remix={remix}
        chosen={selection.chosen}
        onCombined={selection.clear}
        onFolderRemoved={view.showAllVideos}
        onConfirmDelete={selection.deleteChosen}
      />
    </div>
  );
}

/** The grid, or what stands in for it while loading, on failure, or with nothing to show. */
function LibraryContent({
  view,
  selection,
  cardActions,
  onCreate,
}: {
  view: LibraryView;
  selection: ReturnType<typeof useLibrarySelection>;
  cardActions: VideoCardActions;
  onCreate: () => void;
}) {
  const { pages } = view;
  if (pages.isPending) return <LibrarySkeleton />;
  if (pages.isError && isAuthError(pages.error)) return <SignInNotice />;
  if (pages.isError) {
    return <LoadFailedNotice retrying={pages.isRefetching} onRetry={() => void pages.refetch()} />;
  }
  if (view.libraryTotal === 0 && !view.filtered) return <EmptyLibraryNotice onCreate={onCreate} />;
  if (view.shown.length === 0) return <NoMatchNotice onClearFilters={view.clearFilters} />;
  return (
    <LibraryGrid
      videos={view.shown}
      isSelected={selection.isSelected}
      onToggleSelected={selection.toggle}
      userFolders={view.userFolders}
      actions={cardActions}
      paging={{
        hasNextPage: pages.hasNextPage,
        isFetchingNextPage: pages.isFetchingNextPage,
        matching: view.matching,
        loadMore: view.more.loadMore,
        sentinelRef: view.more.sentinelRef,
      }}
    />
  );
}
