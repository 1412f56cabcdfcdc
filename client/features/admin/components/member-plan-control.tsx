// The member picker row's plan: Free, Pro or Elite, changed only after a confirmation that says
// what follows (the allowance moves at once, the member is told, the change is written to the
// audit trail). A member paying through a Stripe subscription is flagged: its next renewal would
// put the paid plan back, so the confirmation offers to cancel it.

import type { PickerUser } from '@shared/schemas/admin';
import { TIERS, type Tier } from '@shared/tiers';
import { Loader2 } from 'lucide-react';
import { useId, useState } from 'react';
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
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { memberName } from '../admin-display';
import { useChangeMemberPlan } from '../api/change-member-plan';

export function MemberPlanControl({
  member,
  onChanged,
}: {
  member: PickerUser;
  /** The member as they are after the change, for the row to show. */
  onChanged: (member: PickerUser) => void;
}) {
  const id = useId();
  const change = useChangeMemberPlan();
  const [chosen, setChosen] = useState<Tier | null>(null);
  const [cancelSubscription, setCancelSubscription] = useState(true);
  const name = memberName(member);

  const confirm = () => {
    if (!chosen) return;
    const cancelling = member.hasSubscription && cancelSubscription;
    change.mutate(
      {
        userId: member.id,
        change: { memberLevel: chosen, ...(cancelling ? { cancelSubscription: true } : {}) },
      },
      {
        onSuccess: (plan) => {
          onChanged({
            ...member,
            memberLevel: plan.memberLevel,
            hasSubscription: member.hasSubscription && !cancelling,
          });
          toast({
            title: 'Plan Changed',
            description: `${name} is on ${plan.memberLevel} now${cancelling ? ', and their subscription is cancelled' : ''}.`,
            variant: 'success',
          });
        },
        onError: (error) =>
          toast({
            title: 'Failed to Change Plan',
            description: error.message || 'Please try again.',
            variant: 'destructive',
          }),
        onSettled: () => setChosen(null),
      },
    );
  };

  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={`${id}-plan`} className="text-muted-foreground text-xs">
        Plan
      </Label>
      <Select
        value={member.memberLevel}
        onValueChange={(level) => {
          setCancelSubscription(true);
          setChosen(level as Tier);
        }}
        disabled={change.isPending}
      >
        <SelectTrigger id={`${id}-plan`} className="h-8 w-24" data-testid="member-plan">
          {change.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {TIERS.map((level) => (
            <SelectItem key={level} value={level}>
              {level}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>

      <AlertDialog open={chosen !== null} onOpenChange={(open) => !open && setChosen(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Change Plan</AlertDialogTitle>
            <AlertDialogDescription>
              Move {name} ({member.email}) from {member.memberLevel} to {chosen}? Their monthly
              allowance follows the new plan at once and they are told. The change is written to
              your audit trail.
            </AlertDialogDescription>
          </AlertDialogHeader>
          {member.hasSubscription && (
            <div className="grid gap-3 rounded-md border border-amber-500/40 bg-amber-500/10 p-3 text-sm">
              <p id={`${id}-subscription`}>
                {name} pays through a Stripe subscription. Unless it is cancelled, its next renewal
                puts the paid plan back.
              </p>
              <div className="flex items-center gap-2">
                <Switch
                  id={`${id}-cancel`}
                  checked={cancelSubscription}
                  onCheckedChange={setCancelSubscription}
                  aria-describedby={`${id}-subscription`}
                />
                <Label htmlFor={`${id}-cancel`}>Also cancel the subscription</Label>
              </div>
            </div>
          )}
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={confirm}>Change plan</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
