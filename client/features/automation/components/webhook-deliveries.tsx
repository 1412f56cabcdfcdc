// An endpoint's recent deliveries (the log keeps 30 days): each event with its outcome, the last
// HTTP status, the attempts and when; a failed one can be sent again by hand, under the same
// webhook-id. Read while open, and again every few seconds while a delivery is still being tried.
import type { WebhookDelivery } from '@shared/schemas/webhooks';
import { Loader2, RefreshCw, RotateCw, Send } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { useRetryWebhookDelivery } from '../api/retry-webhook-delivery';
import { failureMessage, formatTime } from '../automation-forms';

function deliveryStatus(delivery: WebhookDelivery): {
  label: string;
  variant: 'secondary' | 'outline' | 'brand';
  className?: string;
} {
  switch (delivery.status) {
    case 'delivered':
      return { label: 'Delivered', variant: 'brand' };
    case 'failed':
      return {
        label: 'Failed',
        variant: 'outline',
        className: 'border-destructive text-destructive',
      };
    default:
      return {
        label: delivery.attempts > 0 ? 'Retrying' : 'Sending',
        variant: 'secondary',
      };
  }
}

/** The last attempt's answer: its HTTP status, or why there was none ("No answer in time"). */
function answerText({ statusCode, lastError, attempts }: WebhookDelivery): string {
  if (statusCode !== null) return `HTTP ${statusCode}`;
  if (lastError) return lastError;
  return attempts > 0 ? 'No answer' : 'Not sent yet';
}

const attemptsText = (count: number) => `${count} attempt${count === 1 ? '' : 's'}`;

function DeliveryRow({ endpointId, delivery }: { endpointId: string; delivery: WebhookDelivery }) {
  const retry = useRetryWebhookDelivery();
  const status = deliveryStatus(delivery);
  const when = delivery.lastAttemptAt ?? delivery.createdAt;
  const sendAgain = () =>
    retry.mutate(
      { endpointId, deliveryId: delivery.id },
      {
        onSuccess: () =>
          toast({
            title: 'Sending Again',
            description: `The ${delivery.event} event is on its way again, with the same webhook-id.`,
          }),
        onError: (error) =>
          toast({
            title: 'Could Not Send Again',
            description: failureMessage(error),
            variant: 'destructive',
          }),
      },
    );
  return (
    <li
      className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border px-3 py-2 text-sm"
      data-testid="webhook-delivery"
    >
      <code className="wrap-anywhere min-w-0 font-medium">{delivery.event}</code>
      <Badge variant={status.variant} className={status.className}>
        {status.label}
      </Badge>
      <span className="text-muted-foreground tabular-nums">{answerText(delivery)}</span>
      <span className="text-muted-foreground tabular-nums">{attemptsText(delivery.attempts)}</span>
      <time className="text-muted-foreground" dateTime={when}>
        {formatTime(when)}
      </time>
      {delivery.status === 'pending' && delivery.nextAttemptAt && delivery.attempts > 0 && (
        <span className="text-muted-foreground text-xs">
          Next try {formatTime(delivery.nextAttemptAt)}
        </span>
      )}
      {delivery.status === 'failed' && (
        <Button
          variant="outline"
          size="sm"
          className="sm:ml-auto"
          disabled={retry.isPending}
          onClick={sendAgain}
        >
          {retry.isPending ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <Send aria-hidden="true" />
          )}
          Send again<span className="sr-only"> the {delivery.event} event</span>
        </Button>
      )}
    </li>
  );
}

export function WebhookDeliveries({ id, endpointId }: { id: string; endpointId: string }) {
  const deliveries = useWebhookDeliveries(endpointId);
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="grid gap-2 border-t pt-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${id}-title`} className="font-medium text-sm">
          Recent deliveries
        </h3>
        <Button
          variant="ghost"
          size="sm"
          disabled={deliveries.isFetching}
          onClick={() => void deliveries.refetch()}
        >
          <RefreshCw
            className={deliveries.isFetching ? 'animate-spin' : undefined}
            aria-hidden="true"
          />
          Refresh<span className="sr-only"> recent deliveries</span>
        </Button>
      </div>
      {deliveries.isError ? (
        <p className="flex flex-wrap items-center gap-2 text-destructive text-sm" role="alert">
          The deliveries could not be loaded.
          <Button variant="outline" size="sm" onClick={() => void deliveries.refetch()}>
            <RotateCw aria-hidden="true" />
            Retry
          </Button>
        </p>
      ) : deliveries.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : deliveries.data.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          Nothing sent in the last 30 days. Send a test event to see one here.
        </p>
      ) : (
        <ul className="grid gap-2" aria-labelledby={`${id}-title`}>
          {deliveries.data.map((delivery) => (
            <DeliveryRow key={delivery.id} endpointId={endpointId} delivery={delivery} />
          ))}
        </ul>
      )}
    </section>
  );
}
