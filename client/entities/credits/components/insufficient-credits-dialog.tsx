// 'Insufficient Video Credits': shown when the server refuses a video for lack of credits, with the
// two ways to get more (spec/api.md §8.2, §8.4).
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
import { useAppNavigation } from '@/lib/app-navigation';
import { insufficientCreditsMessage } from '../credits-display';

export function InsufficientCreditsDialog({
  open,
  remainingCredits,
  onOpenChange,
}: {
  open: boolean;
  /** null means unlimited (shown as ∞). */
  remainingCredits: number | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { navigate } = useAppNavigation();
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Insufficient Video Credits</AlertDialogTitle>
          <AlertDialogDescription>
            {insufficientCreditsMessage(remainingCredits)}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            variant="outline"
            onClick={() => navigate('profile', { anchor: 'earn' })}
          >
            Earn More
          </AlertDialogAction>
          <AlertDialogAction variant="brand" onClick={() => navigate('purchase')}>
            Buy Credits
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
