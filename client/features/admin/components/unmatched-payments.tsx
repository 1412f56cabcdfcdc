// Unmatched Payments: verified Stripe events that could not be applied (an unknown member or
// product), newest first, with who paid and how much as Stripe has it, and why nothing changed.
import type { PaymentEventSummary } from '@shared/schemas/billing';
import { CheckCircle2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { useUnmatchedPayments } from '../api/get-payment-events';
import { LoadFailedAlert } from './load-failed-alert';

const when = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

export function paymentAmountText(event: Pick<PaymentEventSummary, 'amount' | 'currency'>) {
  if (event.amount === null) return null;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: (event.currency ?? 'usd').toUpperCase(),
  }).format(event.amount / 100);
}

function PaymentEventRow({ event }: { event: PaymentEventSummary }) {
  const amount = paymentAmountText(event);
  return (
    <li className="grid gap-1 rounded-lg border bg-card p-4" data-testid="unmatched-payment">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="flex flex-wrap items-center gap-2 font-medium">
          <Badge variant="outline">{event.type}</Badge>
          {amount && <span className="tabular-nums">{amount}</span>}
        </span>
        <time className="text-muted-foreground text-xs" dateTime={event.receivedAt}>
          {when.format(new Date(event.receivedAt))}
        </time>
      </div>
      <p className="text-sm">{event.detail}</p>
      <p className="break-all text-muted-foreground text-xs">
        {event.email ? `${event.email} · ` : ''}
        {event.id}
      </p>
    </li>
  );
}

export function UnmatchedPayments() {
  const events = useUnmatchedPayments();
  if (events.isPending) {
    return (
      <div className="grid gap-2" aria-busy="true">
        <span className="sr-only" role="status">
          Loading payments…
        </span>
        <Skeleton className="h-20 w-full" />
      </div>
    );
  }
  if (events.data === undefined) {
    return <LoadFailedAlert title="Could not load payments" query={events} />;
  }
  if (events.data.length === 0) {
    return (
      <p className="flex items-center gap-2 text-muted-foreground text-sm">
        <CheckCircle2 className="size-4 text-success" aria-hidden="true" />
        No unmatched payments.
      </p>
    );
  }
  return (
    <ul className="grid gap-2">
      {events.data.map((event) => (
        <PaymentEventRow key={event.id} event={event} />
      ))}
    </ul>
  );
}
