import type { FolderSummary, UserFolder } from '@shared/schemas/library';
import { describe, expect, it } from 'vitest';
import { makeVideo } from '@/features/videos/test-videos';
import {
  effectiveFolderFilter,
  filterLibrary,
  folderFilterOptions,
  folderFilterSummary,
  isLibraryFiltered,
  libraryHeading,
  matchesSearch,
  singleRemovableFolder,
  toggleFolderFilter,
  withoutJobFolder,
} from './library-filters';

const folders: FolderSummary[] = [
  { id: 3, name: 'Launches', videoCount: 1, type: 'manual', icon: '🚀' },
  { id: 9, name: 'Daily promo', videoCount: 1, type: 'job', icon: null },
];
const userFolders: UserFolder[] = [{ id: 3, folderName: 'Launches', folderIcon: '🚀' }];
const videos = [
  makeVideo({ id: 1, title: 'Harbour at dusk', description: 'Boats', favorites: true }),
  makeVideo({ id: 2, title: 'Launch teaser', description: 'New SNEAKERS drop', userFolderId: 3 }),
  makeVideo({ id: 3, title: 'Promo #4', description: 'Coffee', jobId: 9 }),
];

describe('toggleFolderFilter', () => {
  it("picking 'all' clears the other choices", () => {
    expect(toggleFolderFilter(['folder:3', 'job:9'], 'all')).toEqual(['all']);
  });
  it("picking a folder removes 'all' and adds to earlier picks", () => {
    expect(toggleFolderFilter(['all'], 'folder:3')).toEqual(['folder:3']);
    expect(toggleFolderFilter(['folder:3'], 'favorites')).toEqual(['folder:3', 'favorites']);
  });
  it("unpicking the last folder returns to 'all'", () => {
    expect(toggleFolderFilter(['folder:3', 'job:9'], 'job:9')).toEqual(['folder:3']);
    expect(toggleFolderFilter(['folder:3'], 'folder:3')).toEqual(['all']);
  });
});

describe('folderFilterOptions', () => {
  it('lists All Videos, Favorites, manual folders with icon and count, then job folders', () => {
    const options = folderFilterOptions({ videos, folders, userFolders });
    expect(
      options.map((option) => [option.value, option.label, option.icon, option.count]),
    ).toEqual([
      ['all', 'All Videos', null, 3],
      ['favorites', 'Favorites', null, 1],
      ['folder:3', 'Launches', '🚀', 1],
      ['job:9', 'Daily promo', null, 1],
    ]);
  });
  it('offers Favorites only when at least one video is a favourite', () => {
    const none = videos.map((video) => ({ ...video, favorites: false }));
    const values = folderFilterOptions({ videos: none, folders, userFolders }).map((o) => o.value);
    expect(values).not.toContain('favorites');
  });
  it('falls back to the user folders, counting loaded videos, until the summaries arrive', () => {
    const options = folderFilterOptions({ videos, folders: undefined, userFolders });
    expect(options.at(-1)).toMatchObject({ value: 'folder:3', label: 'Launches', count: 1 });
  });
});

describe('effectiveFolderFilter', () => {
  const options = folderFilterOptions({ videos, folders, userFolders });
  it('drops choices whose folder is gone and falls back to all', () => {
    expect(effectiveFolderFilter(['job:42', 'folder:3'], options)).toEqual(['folder:3']);
    expect(effectiveFolderFilter(['job:42'], options)).toEqual(['all']);
  });
  it('removes a deleted job folder from the choices', () => {
    expect(withoutJobFolder(['job:9', 'folder:3'], 9)).toEqual(['folder:3']);
    expect(withoutJobFolder(['job:9'], 9)).toEqual(['all']);
  });
});

describe('filterLibrary', () => {
  it('shows a video that belongs to any chosen folder', () => {
    expect(filterLibrary(videos, ['folder:3', 'job:9'], '').map((video) => video.id)).toEqual([
      2, 3,
    ]);
    expect(filterLibrary(videos, ['favorites'], '').map((video) => video.id)).toEqual([1]);
    expect(filterLibrary(videos, ['all'], '')).toHaveLength(3);
  });
  it('searches title and description, ignoring case and surrounding spaces', () => {
    expect(matchesSearch({ title: 'Launch teaser', description: '' }, '  LAUNCH ')).toBe(true);
    expect(filterLibrary(videos, ['all'], 'sneakers').map((video) => video.id)).toEqual([2]);
    expect(filterLibrary(videos, ['favorites'], 'sneakers')).toEqual([]);
  });
});

describe('heading and summary', () => {
  it("reads 'Your Videos (count)', or 'n of total' when filtered", () => {
    expect(libraryHeading(3, 3, isLibraryFiltered(['all'], '  '))).toBe('Your Videos (3)');
    expect(libraryHeading(1, 3, isLibraryFiltered(['all'], 'boat'))).toBe('Your Videos (1 of 3)');
    expect(libraryHeading(2, 3, isLibraryFiltered(['folder:3'], ''))).toBe('Your Videos (2 of 3)');
  });
  it('names the single choice or counts the folders, and offers removal (manual) or unlink (job) for a single folder', () => {
    const options = folderFilterOptions({ videos, folders, userFolders });
    expect(folderFilterSummary(['all'], options)).toBe('All Videos');
    expect(folderFilterSummary(['folder:3'], options)).toBe('Launches');
    expect(folderFilterSummary(['folder:3', 'job:9'], options)).toBe('2 folders');
    expect(singleRemovableFolder(['folder:3'], options)).toMatchObject({ kind: 'manual', id: 3 });
    expect(singleRemovableFolder(['job:9'], options)).toMatchObject({ kind: 'job', id: 9 });
    expect(singleRemovableFolder(['all'], options)).toBeNull();
    expect(singleRemovableFolder(['folder:3', 'job:9'], options)).toBeNull();
  });
});
