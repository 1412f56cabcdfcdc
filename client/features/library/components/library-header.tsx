// The Library's heading (how many videos match, of how many) with Refresh and New Folder.
import { FolderPlus, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';

export function LibraryHeader({
  heading,
  refreshing,
  onRefresh,
  onNewFolder,
}: {
  heading: string;
  refreshing: boolean;
  onRefresh: () => void;
  onNewFolder: () => void;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{heading}</h1>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={onRefresh} disabled={refreshing}>
          <RefreshCw
            aria-hidden="true"
            className={refreshing ? 'motion-safe:animate-spin' : undefined}
          />
          Refresh
        </Button>
        <Button variant="outline" onClick={onNewFolder}>
          <FolderPlus aria-hidden="true" />
          New Folder
        </Button>
      </div>
    </div>
  );
}
