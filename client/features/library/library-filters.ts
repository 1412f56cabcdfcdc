// The library's folder filter and heading as pure rules (spec/product.md §4 Library), so the screen
// only wires them to state and the tests pin them down without rendering. The filtering itself
// happens on the server (GET /api/videos?folder&q), a page at a time.
import { DEFAULT_FOLDER_ICON } from '@shared/catalogue';
import type { FolderSummary, UserFolder } from '@shared/schemas/library';
import type { VideoSummary } from '@shared/schemas/videos';

/** 'all', 'favorites', a manual folder (`folder:{id}`) or a Creator Engine job folder (`job:{id}`). */
export type FolderFilter = 'all' | 'favorites' | `folder:${number}` | `job:${number}`;

export const ALL_VIDEOS: readonly FolderFilter[] = ['all'];

export type FolderOption = {
  value: FolderFilter;
  label: string;
  /** Emoji for manual folders; null for the built-in entries and job folders. */
  icon: string | null;
  count: number;
  kind: 'all' | 'favorites' | 'manual' | 'job';
  /** The user-folder id of a manual folder, or the job id of a job folder (removal, unlink). */
  folderId?: number;
};

/**
 * Picking 'all' clears the other choices; picking a folder removes 'all'; unpicking the last
 * folder returns to 'all'.
 */
export function toggleFolderFilter(
  current: readonly FolderFilter[],
  value: FolderFilter,
): FolderFilter[] {
  if (value === 'all') return ['all'];
  if (current.includes(value)) {
    const rest = current.filter((entry) => entry !== value && entry !== 'all');
    return rest.length > 0 ? rest : ['all'];
  }
  return [...current.filter((entry) => entry !== 'all'), value];
}

/**
 * The dropdown's entries: All Videos, Favorites (only when a video is a favourite), every manual
 * folder with its icon and count, then every job folder. The counts come from the library's
 * summary and the folder summaries; until the folder summaries arrive, the user folders stand in
 * without a count.
 */
export function folderFilterOptions({
  summary,
  folders,
  userFolders,
}: {
  summary?: Pick<VideoSummary, 'total' | 'favorites'> | null;
  folders?: readonly FolderSummary[] | null;
  userFolders?: readonly UserFolder[] | null;
}): FolderOption[] {
  const options: FolderOption[] = [
    { value: 'all', label: 'All Videos', icon: null, count: summary?.total ?? 0, kind: 'all' },
  ];
  const favorites = summary?.favorites ?? 0;
  if (favorites > 0) {
    options.push({
      value: 'favorites',
      label: 'Favorites',
      icon: null,
      count: favorites,
      kind: 'favorites',
    });
  }
  const iconOf = new Map((userFolders ?? []).map((folder) => [folder.id, folder.folderIcon]));
  if (folders) {
    for (const folder of folders.filter((entry) => entry.type === 'manual')) {
      options.push({
        value: `folder:${folder.id}`,
        label: folder.name,
        icon: folder.icon ?? iconOf.get(folder.id) ?? DEFAULT_FOLDER_ICON,
        count: folder.videoCount,
        kind: 'manual',
        folderId: folder.id,
      });
    }
    for (const folder of folders.filter((entry) => entry.type === 'job')) {
      options.push({
        value: `job:${folder.id}`,
        label: folder.name,
        icon: null,
        count: folder.videoCount,
        kind: 'job',
        folderId: folder.id,
      });
    }
  } else {
    for (const folder of userFolders ?? []) {
      options.push({
        value: `folder:${folder.id}`,
        label: folder.folderName,
        icon: folder.folderIcon || DEFAULT_FOLDER_ICON,
        count: 0,
        kind: 'manual',
        folderId: folder.id,
      });
    }
  }
  return options;
}

/**
 * The filter as it applies now: choices whose folder no longer exists (a deleted job or folder,
 * the last favourite unstarred) drop out, and nothing left means 'all'. Derived rather than
 * stored, so a choice comes back if its folder list was merely still loading.
 */
export function effectiveFolderFilter(
  current: readonly FolderFilter[],
  options: readonly FolderOption[],
): FolderFilter[] {
  const offered = new Set(options.map((option) => option.value));
  const kept = current.filter((entry) => entry !== 'all' && offered.has(entry));
  return kept.length > 0 ? kept : ['all'];
}

/** Drops one job's folder from the choices (realtime job_deleted). */
export function withoutJobFolder(current: readonly FolderFilter[], jobId: number): FolderFilter[] {
  const kept = current.filter((entry) => entry !== `job:${jobId}`);
  return kept.length > 0 ? kept : ['all'];
}

export function isLibraryFiltered(filter: readonly FolderFilter[], query: string): boolean {
  return !filter.includes('all') || query.trim() !== '';
}

/** 'Your Videos (12)', or 'Your Videos (3 of 12)' while a folder or search narrows the grid. */
export function libraryHeading(shown: number, total: number, filtered: boolean): string {
  return filtered ? `Your Videos (${shown} of ${total})` : `Your Videos (${total})`;
}

/** The dropdown trigger's text: the single choice's name, or how many folders are picked. */
export function folderFilterSummary(
  filter: readonly FolderFilter[],
  options: readonly FolderOption[],
): string {
  if (filter.includes('all')) return 'All Videos';
  if (filter.length === 1) {
    return options.find((option) => option.value === filter[0])?.label ?? 'All Videos';
  }
  return `${filter.length} folders`;
}

export type RemovableFolder = { kind: 'manual' | 'job'; id: number; name: string; count: number };

/**
 * The one folder being viewed, which the toolbar then offers to remove: a manual folder is
 * deleted, a job folder is emptied through the unlink confirmation (spec/product.md §6).
 */
export function singleRemovableFolder(
  filter: readonly FolderFilter[],
  options: readonly FolderOption[],
): RemovableFolder | null {
  if (filter.length !== 1) return null;
  const option = options.find((entry) => entry.value === filter[0]);
  if (!option || option.folderId === undefined) return null;
  if (option.kind !== 'manual' && option.kind !== 'job') return null;
  return { kind: option.kind, id: option.folderId, name: option.label, count: option.count };
}
