// 'Premium Feature': what a Free member meets on reaching for something only Pro and Elite do (a
// scene remix), with the way to the plans. A dialog rather than the watermark switch's toast,
// because it carries a link, which a toast that vanishes would take away.
import { ArrowUpCircle } from 'lucide-react';
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

export const PREMIUM_FEATURE_TITLE = 'Premium Feature';

export function PremiumFeatureDialog({
  open,
  description,
  onOpenChange,
}: {
  open: boolean;
  /** What the plans unlock, in the spec's (or the server's) words. */
  description: string;
  onOpenChange: (open: boolean) => void;
}) {
  const { navigate } = useAppNavigation();
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{PREMIUM_FEATURE_TITLE}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Not now</AlertDialogCancel>
          <AlertDialogAction variant="brand" onClick={() => navigate('purchase')}>
            <ArrowUpCircle aria-hidden="true" />
            See plans
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
