// The spec's alert for a purchase that cannot be processed here (spec/api.md §8.7): no checkout is
// configured, no member is signed in, or the pack is unknown.
import { DEMO_CHECKOUT_MESSAGE, DEMO_CHECKOUT_TITLE } from '@shared/schemas/billing';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';

export function DemoCheckoutDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{DEMO_CHECKOUT_TITLE}</AlertDialogTitle>
          <AlertDialogDescription>{DEMO_CHECKOUT_MESSAGE}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogAction variant="brand">OK</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
