// What the Library grid shows: the folder choice and the search (asked once typing pauses), the
// folder menu's options, and the pages of that view, read from the server a page at a time; and
// Refresh, which fetches all of it again.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { folderKeys } from '@/entities/folders/api/folder-keys';
import { useFolders } from '@/entities/folders/api/get-folders';
import { publicationKeys } from '@/entities/publications/api/publication-keys';
import { useVideoSummary } from '@/entities/videos/api/get-video-summary';
import { videoKeys } from '@/entities/videos/api/video-keys';
import { useRealtime } from '@/lib/realtime/use-realtime';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useLibraryPages } from '../api/get-library-pages';
import { useUserFolders } from '../api/get-user-folders';
import { libraryKeys } from '../api/library-keys';
import {
  ALL_VIDEOS,
  effectiveFolderFilter,
  type FolderFilter,
  folderFilterOptions,
  isLibraryFiltered,
  singleRemovableFolder,
  toggleFolderFilter,
  withoutJobFolder,
} from '../library-filters';
import { useLoadMore } from './use-load-more';

/** How long the search box waits for the member to pause typing before it asks the server. */
const SEARCH_DELAY_MS = 250;

export function useLibraryView() {
  const queryClient = useQueryClient();
  const summaryQuery = useVideoSummary();
  const foldersQuery = useFolders();
  const userFoldersQuery = useUserFolders();
  const [folderChoice, setFolderChoice] = useState<FolderFilter[]>([...ALL_VIDEOS]);
  const [query, setQuery] = useState('');

  // A job deleted in another tab or by the engine takes its folder out of the filter at once.
  const { onJobDeleted } = useRealtime();
  useEffect(
    () =>
      onJobDeleted(({ jobId }) => setFolderChoice((current) => withoutJobFolder(current, jobId))),
    [onJobDeleted],
  );

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
  const more = useLoadMore(pages);

  const refresh = () => {
    // The pages, the summary and the plain list all live under /api/videos.
    void queryClient.invalidateQueries({ queryKey: videoKeys.all });
    void queryClient.invalidateQueries({ queryKey: folderKeys.list() });
    void queryClient.invalidateQueries({ queryKey: libraryKeys.userFolders() });
    void queryClient.invalidateQueries({ queryKey: publicationKeys.all });
  };

  return {
    pages,
    shown,
    matching,
    libraryTotal,
    filtered: isLibraryFiltered(folderFilter, search),
    more,
    options,
    folderFilter,
    removableFolder: singleRemovableFolder(folderFilter, options),
    userFolders: userFoldersQuery.data ?? [],
    query,
    setQuery,
    toggleFolder: (value: FolderFilter) => setFolderChoice(toggleFolderFilter(folderFilter, value)),
    showAllVideos: () => setFolderChoice([...ALL_VIDEOS]),
    clearFilters: () => {
      setQuery('');
      setFolderChoice([...ALL_VIDEOS]);
    },
    refresh,
    refreshing:
      pages.isFetching ||
      summaryQuery.isFetching ||
      foldersQuery.isFetching ||
      userFoldersQuery.isFetching,
  };
}

export type LibraryView = ReturnType<typeof useLibraryView>;
