// 'Remove Folder' confirmation. A manual folder is deleted; a job folder is emptied through the
// 'unlink' confirmation (spec/product.md §6) and stays, since its job keeps filing videos there.
// Either way the videos stay in the library.

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
import { useUnlinkJobFolder } from '../api/unlink-job-folder';
import { serverMessage } from '../library-errors';
import type { RemovableFolder } from '../library-filters';

const videoCount = (count: number) => `${count} video${count === 1 ? '' : 's'}`;

export function RemoveFolderDialog({
  folder,
  onClose,
  onRemoved,
}: {
  folder: RemovableFolder | null;
  onClose: () => void;
  onRemoved: () => void;
}) {
  const remove = useDeleteUserFolder();
  const unlink = useUnlinkJobFolder();
  const isJob = folder?.kind === 'job';

  const confirm = () => {
    if (!folder) return;
    const onError = (error: unknown) =>
      toast({
        title: 'Error',
        description: serverMessage(
          error,
          isJob ? 'Failed to unlink videos' : 'Failed to delete folder',
        ),
        variant: 'destructive',
      });
    if (folder.kind === 'job') {
      unlink.mutate(folder.id, {
        onSuccess: ({ jobName, videosUnlinked }) => {
          toast({
            title: 'Videos Unlinked',
            description: `${videoCount(videosUnlinked)} moved out of ${jobName}.`,
          });
          onRemoved();
        },
        onError,
      });
      return;
    }
    remove.mutate(folder.id, {
      onSuccess: () => {
        toast({ title: 'Folder Removed', description: `${folder.name} was removed.` });
        onRemoved();
      },
      onError,
    });
  };

  return (
    <AlertDialog open={folder !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{isJob ? 'Unlink Job Folder' : 'Remove Folder'}</AlertDialogTitle>
          <AlertDialogDescription>
            {isJob
              ? `Move the ${videoCount(folder.count)} out of “${folder.name}”? They stay in your library. The job keeps running and files its next videos here.`
              : `Remove “${folder?.name}”? Its videos stay in your library, just no longer in this folder.`}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={confirm}>
            {isJob ? 'Unlink Videos' : 'Remove Folder'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
