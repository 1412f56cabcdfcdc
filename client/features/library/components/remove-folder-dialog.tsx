// 'Remove Folder' confirmation for a manual folder; its videos stay in the library, unfiled.

import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { toast } from '@/components/ui/use-toast';
import { useDeleteUserFolder } from '../api/delete-user-folder';
import { serverMessage } from '../library-errors';

export function RemoveFolderDialog({
  folder,
  onClose,
  onRemoved,
}: {
  folder: { id: number; name: string } | null;
  onClose: () => void;
  onRemoved: () => void;
}) {
  const remove = useDeleteUserFolder();
  return (
    <AlertDialog open={folder !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Remove Folder</AlertDialogTitle>
          <AlertDialogDescription>
            Remove “{folder?.name}”? Its videos stay in your library, just no longer in this folder.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            onClick={() => {
              if (!folder) return;
              remove.mutate(folder.id, {
                onSuccess: () => {
                  toast({ title: 'Folder Removed', description: `${folder.name} was removed.` });
                  onRemoved();
                },
                onError: (error) =>
                  toast({
                    title: 'Error',
                    description: serverMessage(error, 'Failed to delete folder'),
                    variant: 'destructive',
                  }),
              });
            }}
          >
            Remove Folder
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
