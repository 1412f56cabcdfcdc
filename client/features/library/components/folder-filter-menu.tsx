// The folder multi-select: All Videos, Favorites, manual folders (icon and count) and job folders.
// Choosing an entry keeps the menu open, since several folders can be picked in a row.
import { Bot, ChevronDown, FolderOpen, Library, Star } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Menu,
  MenuCheckboxItem,
  MenuContent,
  MenuLabel,
  MenuSeparator,
  MenuTrigger,
} from '@/components/ui/menu';
import type { FolderFilter, FolderOption } from '../library-filters';
import { folderFilterSummary } from '../library-filters';

function OptionIcon({ option }: { option: FolderOption }) {
  if (option.icon) return <span aria-hidden="true">{option.icon}</span>;
  if (option.kind === 'favorites') return <Star aria-hidden="true" className="text-yellow-500" />;
  if (option.kind === 'job') return <Bot aria-hidden="true" />;
  return <Library aria-hidden="true" />;
}

export function FolderFilterMenu({
  options,
  value,
  onToggle,
}: {
  options: readonly FolderOption[];
  value: readonly FolderFilter[];
  onToggle: (value: FolderFilter) => void;
}) {
  const builtIn = options.filter((option) => option.kind === 'all' || option.kind === 'favorites');
  const manual = options.filter((option) => option.kind === 'manual');
  const jobs = options.filter((option) => option.kind === 'job');

  const item = (option: FolderOption) => (
    <MenuCheckboxItem
      key={option.value}
      checked={value.includes(option.value)}
      onCheckedChange={() => onToggle(option.value)}
      onSelect={(event) => event.preventDefault()}
    >
      <OptionIcon option={option} />
      <span className="min-w-0 flex-1 truncate">{option.label}</span>
      <span className="text-muted-foreground text-xs tabular-nums">{option.count}</span>
    </MenuCheckboxItem>
  );

  return (
    <Menu>
      <MenuTrigger asChild>
        <Button variant="outline" className="min-w-0 justify-between sm:w-56">
          <FolderOpen aria-hidden="true" />
          <span className="sr-only">Folders: </span>
          <span className="min-w-0 flex-1 truncate text-left">
            {folderFilterSummary(value, options)}
          </span>
          <ChevronDown aria-hidden="true" className="opacity-60" />
        </Button>
      </MenuTrigger>
      <MenuContent align="start" className="w-64">
        {builtIn.map(item)}
        {manual.length > 0 && (
          <>
            <MenuSeparator />
            <MenuLabel>My folders</MenuLabel>
            {manual.map(item)}
          </>
        )}
        {jobs.length > 0 && (
          <>
            <MenuSeparator />
            <MenuLabel>Creator Engine jobs</MenuLabel>
            {jobs.map(item)}
          </>
        )}
      </MenuContent>
    </Menu>
  );
}
