// GET /api/videos?limit&cursor&q&folder: the Library screen reads the library a page at a time, so
// a member with thousands of videos loads what they look at. The search and the folder choice go to
// the server; the summary (the videos entity) gives the counts the heading and the folder menu show.
import { LIBRARY_PAGE_SIZE, type VideoPage } from '@shared/schemas/videos';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { videoKeys } from '@/entities/videos/api/video-keys';
import { apiRequest } from '@/lib/api-client';
import type { FolderFilter } from '../library-filters';

/** The server's `folder` for a folder choice: null for all videos, else the folders joined by commas. */
export function libraryFolderParam(filter: readonly FolderFilter[]): string | null {
  if (filter.length === 0 || filter.includes('all')) return null;
  return filter
    .map((entry) =>
      entry.startsWith('folder:') ? `manual:${entry.slice('folder:'.length)}` : entry,
    )
    .join(',');
}

export function libraryPageUrl(view: {
  folder: string | null;
  q: string;
  cursor: string | null;
}): string {
  const params = new URLSearchParams({ limit: String(LIBRARY_PAGE_SIZE) });
  if (view.q) params.set('q', view.q);
  if (view.folder) params.set('folder', view.folder);
  if (view.cursor) params.set('cursor', view.cursor);
  return `/api/videos?${params.toString()}`;
}

export function getLibraryPage(view: {
  folder: string | null;
  q: string;
  cursor: string | null;
}): Promise<VideoPage> {
  return apiRequest<VideoPage>('GET', libraryPageUrl(view));
}

/** The pages of one view of the library (a folder choice and a search), newest first. */
export function useLibraryPages(filter: readonly FolderFilter[], search: string) {
  const folder = libraryFolderParam(filter);
  const q = search.trim();
  return useInfiniteQuery({
    queryKey: videoKeys.libraryPage({ folder, q }),
    queryFn: ({ pageParam }) => getLibraryPage({ folder, q, cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // A new search keeps the last results on screen until its own arrive.
    placeholderData: keepPreviousData,
  });
}
