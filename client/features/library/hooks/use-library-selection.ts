// Which of the shown videos are ticked, what can be done with them (Select All, Deselect All,
// Combine, Delete), and deleting them: the ones deleted leave the selection, a partial failure
// says so.
import type { Video } from '@shared/schemas/videos';
import { useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { useDeleteVideos } from '../api/delete-videos';
import {
  selectAllVideos,
  selectedVideos,
  selectionActions,
  toggleSelection,
} from '../library-selection';

export function useLibrarySelection(shown: readonly Video[]) {
  const deleteVideos = useDeleteVideos();
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const chosen = selectedVideos(shown, selected);

  const deleteChosen = () => {
    const ids = chosen.map((video) => video.id);
    deleteVideos.mutate(ids, {
      onSuccess: (result) => {
        setSelected((current) => {
          const next = new Set(current);
          for (const id of result.deleted) next.delete(String(id));
          return next;
        });
        if (result.failed.length > 0) {
          toast({
            title: 'Delete Failed',
            description: 'Some videos could not be deleted. Please try again.',
            variant: 'destructive',
          });
        } else {
          toast({
            title: 'Videos Deleted',
            description: `${result.deleted.length} video${result.deleted.length === 1 ? '' : 's'} deleted.`,
          });
        }
      },
    });
  };

  return {
    chosen,
    actions: selectionActions(chosen.length, shown.length),
    isSelected: (key: string) => selected.has(key),
    toggle: (key: string) => setSelected((current) => toggleSelection(current, key)),
    selectAll: () => setSelected(selectAllVideos(shown)),
    clear: () => setSelected(new Set()),
    deleteChosen,
    deleting: deleteVideos.isPending,
  };
}

export type LibrarySelection = ReturnType<typeof useLibrarySelection>;
