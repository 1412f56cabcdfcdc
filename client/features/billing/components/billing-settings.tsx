// The Profile's billing rows: the membership a subscription pays for (renews on / ends on) and
// 'Manage billing', shown only to a member who has paid (docs/payments.md).
import { TIMINGS } from '@shared/limits';
import type { BillingSummary } from '@shared/schemas/billing';
import { CreditCard, ExternalLink, Loader2 } from 'lucide-react';
import { SettingRow } from '@/components/layout/setting-row';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useBilling } from '@/entities/billing/api/get-billing';
import { useOpenBillingPortal } from '../api/open-billing-portal';

const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** "Pro · renews Dec 23, 2026", "Pro · ends Dec 23, 2026, then Free", or null without one. */
export function subscriptionText(summary: BillingSummary | undefined): string | null {
  const subscription = summary?.subscription;
  if (!subscription) return null;
  if (subscription.endsAt) {
    return `${subscription.plan} · ends ${day.format(new Date(subscription.endsAt))}, then Free`;
  }
  if (subscription.renewsAt) {
    return `${subscription.plan} · renews ${day.format(new Date(subscription.renewsAt))}`;
  }
  return `${subscription.plan} · renews monthly`;
}

export function BillingSettings() {
  const billing = useBilling();
  const portal = useOpenBillingPortal();
  if (!billing.data?.canManageBilling && !billing.data?.subscription) return null;
  const subscription = subscriptionText(billing.data);
  const busy = portal.isPending || portal.isSuccess;
  const open = () =>
    portal.mutate(undefined, {
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (error) =>
        toast({
          title: 'Billing Unavailable',
          description: error.message,
          variant: 'destructive',
          duration: TIMINGS.errorToastMs,
        }),
    });
  return (
    <>
      {subscription && (
        <SettingRow label="Membership">
          <span data-testid="subscription-status">{subscription}</span>
        </SettingRow>
      )}
      {billing.data.canManageBilling && (
        <SettingRow label="Billing">
          <Button
            variant="outline"
            size="sm"
            onClick={open}
            disabled={busy}
            aria-busy={busy || undefined}
          >
            {busy ? (
              <Loader2 className="animate-spin" aria-hidden="true" />
            ) : (
              <CreditCard aria-hidden="true" />
            )}
            Manage billing
            <ExternalLink aria-hidden="true" />
          </Button>
        </SettingRow>
      )}
    </>
  );
}
