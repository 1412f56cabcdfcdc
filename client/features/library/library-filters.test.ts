import type { FolderSummary, UserFolder } from '@shared/schemas/library';
import { describe, expect, it } from 'vitest';
import {
  effectiveFolderFilter,
  folderFilterOptions,
  folderFilterSummary,
  isLibraryFiltered,
  libraryHeading,
  singleRemovableFolder,
  toggleFolderFilter,
  withoutJobFolder,
} from './library-filters';

const folders: FolderSummary[] = [
  { id: 3, name: 'Launches', videoCount: 1, type: 'manual', icon: '🚀' },
  { id: 9, name: 'Daily promo', videoCount: 1, type: 'job', icon: null },
];
const userFolders: UserFolder[] = [{ id: 3, folderName: 'Launches', folderIcon: '🚀' }];
/** GET /api/videos/summary for a library of three videos, one of them a favourite. */
const summary = { total: 3, favorites: 1 };

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
    const options = folderFilterOptions({ summary, folders, userFolders });
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
    const none = { total: 3, favorites: 0 };
    const values = folderFilterOptions({ summary: none, folders, userFolders }).map((o) => o.value);
    expect(values).not.toContain('favorites');
  });
  it('falls back to the user folders until the folder summaries arrive', () => {
    const options = folderFilterOptions({ summary: null, folders: undefined, userFolders });
    expect(options.at(0)).toMatchObject({ value: 'all', count: 0 });
    expect(options.at(-1)).toMatchObject({ value: 'folder:3', label: 'Launches', icon: '🚀' });
  });
});

describe('effectiveFolderFilter', () => {
  const options = folderFilterOptions({ summary, folders, userFolders });
  it('drops choices whose folder is gone and falls back to all', () => {
    expect(effectiveFolderFilter(['job:42', 'folder:3'], options)).toEqual(['folder:3']);
    expect(effectiveFolderFilter(['job:42'], options)).toEqual(['all']);
  });
  it('removes a deleted job folder from the choices', () => {
    expect(withoutJobFolder(['job:9', 'folder:3'], 9)).toEqual(['folder:3']);
    expect(withoutJobFolder(['job:9'], 9)).toEqual(['all']);
  });
});

describe('heading and summary', () => {
  it("reads 'Your Videos (count)', or 'n of total' when filtered", () => {
    expect(libraryHeading(3, 3, isLibraryFiltered(['all'], '  '))).toBe('Your Videos (3)');
    expect(libraryHeading(1, 3, isLibraryFiltered(['all'], 'boat'))).toBe('Your Videos (1 of 3)');
    expect(libraryHeading(2, 3, isLibraryFiltered(['folder:3'], ''))).toBe('Your Videos (2 of 3)');
  });
  it('names the single choice or counts the folders, and offers removal (manual) or unlink (job) for a single folder', () => {
    const options = folderFilterOptions({ summary, folders, userFolders });
    expect(folderFilterSummary(['all'], options)).toBe('All Videos');
    expect(folderFilterSummary(['folder:3'], options)).toBe('Launches');
    expect(folderFilterSummary(['folder:3', 'job:9'], options)).toBe('2 folders');
    expect(singleRemovableFolder(['folder:3'], options)).toMatchObject({ kind: 'manual', id: 3 });
    expect(singleRemovableFolder(['job:9'], options)).toMatchObject({ kind: 'job', id: 9 });
    expect(singleRemovableFolder(['all'], options)).toBeNull();
    expect(singleRemovableFolder(['folder:3', 'job:9'], options)).toBeNull();
  });
});
