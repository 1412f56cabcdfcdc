// The Library's filters: the folder menu, Remove Folder when one removable folder is chosen, and
// the search box.
import { FolderMinus, Search } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { FolderFilter, FolderOption, RemovableFolder } from '../library-filters';
import { FolderFilterMenu } from './folder-filter-menu';

export function LibraryFilterBar({
  options,
  value,
  onToggle,
  removableFolder,
  onRemoveFolder,
  query,
  onQueryChange,
}: {
  options: readonly FolderOption[];
  value: readonly FolderFilter[];
  onToggle: (value: FolderFilter) => void;
  removableFolder: RemovableFolder | null;
  onRemoveFolder: (folder: RemovableFolder) => void;
  query: string;
  onQueryChange: (query: string) => void;
}) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
      <FolderFilterMenu options={options} value={value} onToggle={onToggle} />
      {removableFolder && (
        <Button variant="ghost" onClick={() => onRemoveFolder(removableFolder)}>
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
          onChange={(event) => onQueryChange(event.target.value)}
          className="pl-9"
        />
      </div>
    </div>
  );
}
