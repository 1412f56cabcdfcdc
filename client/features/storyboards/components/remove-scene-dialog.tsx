// "Remove scene": asks first when the scene has words, which would be lost with it. The Remove
// button goes with the scene, so the focus moves to the scene that takes its place.
import { useRef } from 'react';
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

export function RemoveSceneDialog({
  sceneNumber,
  narration,
  onCancel,
  onConfirm,
}: {
  /** The scene asked about; null while closed. */
  sceneNumber: number | null;
  narration: string;
  onCancel: () => void;
  /** Removes the scene; answers where the focus goes once the dialog has closed. */
  onConfirm: () => HTMLElement | null | undefined;
}) {
  const focusNext = useRef<HTMLElement | null>(null);
  return (
    <AlertDialog open={sceneNumber !== null} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialogContent
        onCloseAutoFocus={(event) => {
          const next = focusNext.current;
          focusNext.current = null;
          if (!next?.isConnected) return;
          event.preventDefault();
          next.focus();
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>Remove scene {sceneNumber}?</AlertDialogTitle>
          <AlertDialogDescription className="line-clamp-4 [overflow-wrap:anywhere]">
            Its narration and pictures go with it: “{narration}”
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep it</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            onClick={() => {
              focusNext.current = onConfirm() ?? null;
            }}
          >
            Remove scene
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
