// Alerts: what the service raised for the operator (a retired model, a provider refusing every
// call), newest trouble first as the server lists it, each with how often it happened and when it
// was last seen, and Dismiss once it is dealt with.
import type { OperatorAlertView } from '@shared/schemas/admin';
import { CheckCircle2, Loader2, TriangleAlert, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useDismissOperatorAlert } from '../api/dismiss-operator-alert';
import { useOperatorAlerts } from '../api/get-operator-alerts';
import { LoadFailedAlert } from './load-failed-alert';

const when = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

export function occurrencesText(occurrences: number): string {
  if (occurrences <= 1) return 'Seen once';
  if (occurrences === 2) return 'Seen twice';
  return `Seen ${occurrences.toLocaleString('en-US')} times`;
}

function AlertRow({ alert }: { alert: OperatorAlertView }) {
  const dismiss = useDismissOperatorAlert();
  const onDismiss = () =>
    dismiss.mutate(alert.id, {
      onError: (error) =>
        toast({
          title: 'Failed to Dismiss Alert',
          description: error instanceof Error ? error.message : 'Please try again.',
          variant: 'destructive',
        }),
    });
  return (
    <li
      className="grid gap-2 rounded-lg border border-amber-500/40 bg-card p-4"
      data-testid="operator-alert"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h4 className="flex min-w-0 items-start gap-2 font-medium">
          <TriangleAlert
            className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400"
            aria-hidden="true"
          />
          <span className="min-w-0 break-words">{alert.title}</span>
        </h4>
        <Button
          variant="outline"
          size="sm"
          onClick={onDismiss}
          disabled={dismiss.isPending}
          aria-label={`Dismiss ${alert.title}`}
        >
          {dismiss.isPending ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <X aria-hidden="true" />
          )}
          Dismiss
        </Button>
      </div>
      <p className="whitespace-pre-wrap break-words text-sm">{alert.message}</p>
      <p className="text-muted-foreground text-xs">
        {occurrencesText(alert.occurrences)} · last seen{' '}
        <time dateTime={alert.lastSeenAt}>{when.format(new Date(alert.lastSeenAt))}</time>
        {alert.occurrences > 1 && (
          <>
            {' '}
            · first <time dateTime={alert.createdAt}>{when.format(new Date(alert.createdAt))}</time>
          </>
        )}
      </p>
    </li>
  );
}

export function OperatorAlerts() {
  const alerts = useOperatorAlerts();
  if (alerts.isPending) {
    return (
      <div className="grid gap-2" aria-busy="true">
        <span className="sr-only" role="status">
          Loading alerts…
        </span>
        <Skeleton className="h-20 w-full" />
      </div>
    );
  }
  if (alerts.data === undefined) {
    return <LoadFailedAlert title="Could not load alerts" query={alerts} />;
  }
  if (alerts.data.length === 0) {
    return (
      <p className="flex items-center gap-2 text-muted-foreground text-sm">
        <CheckCircle2 className="size-4 text-success" aria-hidden="true" />
        No alerts.
      </p>
    );
  }
  return (
    <ul className="grid gap-2">
      {alerts.data.map((alert) => (
        <AlertRow key={alert.id} alert={alert} />
      ))}
    </ul>
  );
}
