// The selection toolbar: Select All, or the count with Deselect All, Combine and Delete.
import type { Video } from '@shared/schemas/videos';
import { CheckSquare, Layers, Trash2, XSquare } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { canCombine, type SelectionActions } from '../library-selection';

export function LibrarySelectionBar({
  actions,
  chosen,
  deleting,
  onSelectAll,
  onDeselectAll,
  onCombine,
  onDelete,
}: {
  actions: SelectionActions;
  chosen: readonly Video[];
  deleting: boolean;
  onSelectAll: () => void;
  onDeselectAll: () => void;
  onCombine: () => void;
  onDelete: () => void;
}) {
  return (
    <div
      role="toolbar"
      aria-label="Selection"
      className="flex min-h-10 flex-wrap items-center gap-2"
    >
      {actions.selectAll && (
        <Button variant="ghost" size="sm" onClick={onSelectAll}>
          <CheckSquare aria-hidden="true" />
          Select All
        </Button>
      )}
      {actions.deselectAll && (
        <>
          <span className="text-muted-foreground text-sm" aria-live="polite">
            {chosen.length} selected
          </span>
          <Button variant="ghost" size="sm" onClick={onDeselectAll}>
            <XSquare aria-hidden="true" />
            Deselect All
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={!canCombine(chosen)}
            title={canCombine(chosen) ? undefined : 'Select 2 or more completed videos'}
            onClick={onCombine}
          >
            <Layers aria-hidden="true" />
            Combine
          </Button>
          <Button variant="destructive" size="sm" disabled={deleting} onClick={onDelete}>
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        </>
      )}
    </div>
  );
}
