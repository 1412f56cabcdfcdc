// Asks before sharing a private video: its /watch link works only once it is public, and a member
// should decide that, not discover it.
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
import type { ShareConfirmation } from '../hooks/use-share-video';

export function ShareConfirmDialog({ confirmation }: { confirmation: ShareConfirmation }) {
  const { video, confirm, cancel } = confirmation;
  return (
    <AlertDialog open={video !== null} onOpenChange={(open) => !open && cancel()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Share this video?</AlertDialogTitle>
          <AlertDialogDescription>
            Sharing makes this video public: anyone with its link can watch it. You can make it
            private again from its menu.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={confirm}>Make Public and Copy Link</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
