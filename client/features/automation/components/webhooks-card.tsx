// Profile → Webhooks (docs/automation.md): addresses Reelforge calls when something happens (a
// video is ready, a publication failed, …), signed to the Standard Webhooks spec. Each endpoint
// shows its events and whether it is on (and why the server turned it off); it can be edited,
// switched, sent a test event, given a new signing secret (the old one signs 24 hours more) or
// deleted, and its recent deliveries read, a failed one sent again. Secrets are shown once.
import {
  type CreatedWebhookEndpoint,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  type WebhookEndpoint,
} from '@shared/schemas/webhooks';
import { ChevronDown, KeySquare, Loader2, Pencil, Send, Trash2, Webhook } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { useDeleteWebhookEndpoint } from '../api/delete-webhook-endpoint';
import { useWebhookEndpoints } from '../api/get-webhook-endpoints';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret';
import { useSendTestEvent } from '../api/send-test-event';
import { useUpdateWebhookEndpoint } from '../api/update-webhook-endpoint';
import { failureMessage, formatTime } from '../automation-forms';
import { CappedList } from './capped-list';
import { ConfirmDialog } from './confirm-dialog';
import { ShownOnceSecret } from './shown-once-secret';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookEndpointDialog } from './webhook-endpoint-dialog';

/** Why an endpoint is off, in the member's words. */
export function disabledReasonText(endpoint: WebhookEndpoint): string {
  switch (endpoint.disabledReason) {
    case 'gone':
      return 'Turned off by Reelforge: the address answered 410 Gone. Turn it on again once it accepts deliveries.';
    case 'failing':
      return 'Turned off by Reelforge: every delivery failed for 3 days. Turn it on again once the address works.';
    case 'member':
      return 'Turned off by you. Nothing is sent to it until you turn it on again.';
    default:
      return 'Turned off. Nothing is sent to it until you turn it on again.';
  }
}

/** A secret to show once: a new endpoint's, or a rotated one's (the old one signs 24 h more). */
type ShownSecret = { kind: 'created' | 'rotated'; url: string; secret: string };

type Question = { kind: 'delete' | 'rotate'; endpoint: WebhookEndpoint };

function EndpointRow({
  endpoint,
  onEdit,
  onAsk,
}: {
  endpoint: WebhookEndpoint;
  onEdit: () => void;
  onAsk: (kind: Question['kind']) => void;
}) {
  const id = useId();
  const [showDeliveries, setShowDeliveries] = useState(false);
  const update = useUpdateWebhookEndpoint();
  const sendTest = useSendTestEvent();
  const ids = { url: `${id}-url`, state: `${id}-state`, deliveries: `${id}-deliveries` };
  const previousSecretSigns =
    endpoint.previousSecretExpiresAt !== null &&
    new Date(endpoint.previousSecretExpiresAt).getTime() > Date.now();

  const setEnabled = (enabled: boolean) =>
    update.mutate(
      { id: endpoint.id, enabled },
      {
        onError: (error) =>
          toast({
            title: enabled ? 'Could Not Turn On' : 'Could Not Turn Off',
            description: failureMessage(error),
            variant: 'destructive',
          }),
      },
    );

  const sendTestEvent = () =>
    sendTest.mutate(endpoint.id, {
      onSuccess: () => {
        setShowDeliveries(true);
        toast({
          title: 'Test Event Sent',
          description: 'A webhook.test event is on its way. It shows under Recent deliveries.',
        });
      },
      onError: (error) =>
        toast({
          title: 'Could Not Send Test Event',
          description: failureMessage(error),
          variant: 'destructive',
        }),
    });

  return (
    <li
      className="grid gap-3 rounded-lg border p-3"
      aria-labelledby={ids.url}
      data-testid="webhook-endpoint"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 flex-1 basis-56 gap-1">
          <span id={ids.url} className="break-all font-medium font-mono text-sm">
            {endpoint.url}
          </span>
          {endpoint.description && (
            <span className="wrap-anywhere text-muted-foreground text-sm">
              {endpoint.description}
            </span>
          )}
          {/* On says itself with the switch; off says why. */}
          {!endpoint.enabled && (
            <span id={ids.state} className="flex flex-wrap items-center gap-2 text-sm">
              <Badge
                variant="outline"
                className={
                  endpoint.disabledReason === 'member'
                    ? undefined
                    : 'border-destructive text-destructive'
                }
              >
                Disabled
              </Badge>
              <span className="text-muted-foreground">{disabledReasonText(endpoint)}</span>
            </span>
          )}
        </div>
        <div className="flex items-center gap-2">
          <Switch
            id={`${id}-switch`}
            checked={endpoint.enabled}
            disabled={update.isPending}
            aria-describedby={endpoint.enabled ? ids.url : `${ids.url} ${ids.state}`}
            onCheckedChange={setEnabled}
          />
          <label htmlFor={`${id}-switch`} className="cursor-pointer text-sm">
            Enabled
          </label>
        </div>
      </div>

      <ul className="flex flex-wrap gap-1" aria-label="Events">
        {endpoint.events.map((event) => (
          <li key={event}>
            <Badge variant="secondary" className="font-mono" title={WEBHOOK_EVENT_LABELS[event]}>
              {event}
            </Badge>
          </li>
        ))}
      </ul>

      {previousSecretSigns && endpoint.previousSecretExpiresAt && (
        <p className="text-muted-foreground text-xs">
          Deliveries carry the previous secret’s signature too until{' '}
          {formatTime(endpoint.previousSecretExpiresAt)}.
        </p>
      )}

      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          aria-expanded={showDeliveries}
          aria-controls={showDeliveries ? ids.deliveries : undefined}
          onClick={() => setShowDeliveries((shown) => !shown)}
        >
          <ChevronDown
            className={showDeliveries ? 'rotate-180 transition-transform' : 'transition-transform'}
            aria-hidden="true"
          />
          Recent deliveries
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={!endpoint.enabled || sendTest.isPending}
          onClick={sendTestEvent}
        >
          {sendTest.isPending ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <Send aria-hidden="true" />
          )}
          Send test event
        </Button>
        <Button variant="ghost" size="sm" onClick={onEdit}>
          <Pencil aria-hidden="true" />
          Edit
        </Button>
        <Button variant="ghost" size="sm" onClick={() => onAsk('rotate')}>
          <KeySquare aria-hidden="true" />
          Rotate secret
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="text-destructive hover:bg-destructive/10 hover:text-destructive"
          onClick={() => onAsk('delete')}
        >
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </div>

      {showDeliveries && <WebhookDeliveries id={ids.deliveries} endpointId={endpoint.id} />}
    </li>
  );
}

export function WebhooksCard() {
  const endpoints = useWebhookEndpoints();
  const remove = useDeleteWebhookEndpoint();
  const rotate = useRotateWebhookSecret();
  const [editing, setEditing] = useState<{ endpoint: WebhookEndpoint | null } | null>(null);
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const [asked, setAsked] = useState<Question | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const answer = ({ kind, endpoint }: Question) => {
    if (kind === 'delete') {
      remove.mutate(endpoint.id, {
        onSuccess: () => {
          toast({
            title: 'Endpoint Deleted',
            description: `Nothing more is sent to ${endpoint.url}.`,
            variant: 'success',
          });
          // Its row, and the button that had focus, are gone: keep the keyboard in this card.
          heading.current?.focus();
        },
        onError: (error) =>
          toast({
            title: 'Could Not Delete',
            description: failureMessage(error),
            variant: 'destructive',
          }),
      });
      return;
    }
    rotate.mutate(endpoint.id, {
      onSuccess: ({ secret }) => setShown({ kind: 'rotated', url: endpoint.url, secret }),
      onError: (error) =>
        toast({
          title: 'Could Not Rotate Secret',
          description: failureMessage(error),
          variant: 'destructive',
        }),
    });
  };

  return (
    <Card id="webhooks" className="scroll-mt-20">
      <CardHeader>
        <CardTitle ref={heading} tabIndex={-1} className="flex items-center gap-2 outline-none">
          <Webhook className="size-5 text-primary" aria-hidden="true" />
          Webhooks
        </CardTitle>
        <CardDescription>
          Reelforge calls your address when something happens, such as a video being ready, so your
          workflows need not keep asking. Each call is signed to the Standard Webhooks spec.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {shown && (
          <ShownOnceSecret
            title={
              shown.kind === 'created'
                ? 'Your new endpoint’s signing secret'
                : 'Your new signing secret'
            }
            label="Signing secret"
            secret={shown.secret}
            onDone={() => {
              setShown(null);
              heading.current?.focus();
            }}
          >
            <p className="break-all text-muted-foreground text-sm">For {shown.url}</p>
            <p className="text-sm">
              {shown.kind === 'created'
                ? 'Check each delivery’s webhook-signature header with it (any Standard Webhooks library does), so you know the call came from Reelforge.'
                : 'The old secret still signs deliveries for 24 hours: each delivery carries both signatures until then, so your receiver keeps working while you switch it to this one.'}
            </p>
          </ShownOnceSecret>
        )}

        <CappedList
          query={endpoints}
          label="Your webhook endpoints"
          failedText="Your webhook endpoints could not be loaded."
          emptyText="You have no webhook endpoints yet."
          renderItem={(endpoint) => (
            <EndpointRow
              key={endpoint.id}
              endpoint={endpoint}
              onEdit={() => setEditing({ endpoint })}
              onAsk={(kind) => setAsked({ kind, endpoint })}
            />
          )}
          max={WEBHOOK_LIMITS.perMember}
          limitText={WEBHOOK_MESSAGES.tooMany}
          addLabel="Add endpoint"
          onAdd={() => setEditing({ endpoint: null })}
        />
      </CardContent>

      <WebhookEndpointDialog
        open={editing !== null}
        endpoint={editing?.endpoint ?? null}
        onOpenChange={(open) => !open && setEditing(null)}
        onCreated={(created: CreatedWebhookEndpoint) => {
          setEditing(null);
          setShown({ kind: 'created', url: created.url, secret: created.secret });
        }}
      />
      <ConfirmDialog
        open={asked?.kind === 'delete'}
        title="Delete webhook endpoint"
        description={
          asked &&
          `Delete the endpoint for ${asked.endpoint.url}? Nothing more is sent to it, and its delivery log is deleted too. This cannot be undone.`
        }
        confirmLabel="Delete endpoint"
        onConfirm={() => asked && answer(asked)}
        onCancel={() => setAsked(null)}
      />
      <ConfirmDialog
        open={asked?.kind === 'rotate'}
        title="Rotate signing secret"
        description={
          asked &&
          `Make a new signing secret for ${asked.endpoint.url}? It is shown once. For the next 24 hours each delivery is signed with both the old and the new secret, so your receiver keeps working while you switch it over.`
        }
        confirmLabel="Rotate secret"
        onConfirm={() => asked && answer(asked)}
        onCancel={() => setAsked(null)}
      />
    </Card>
  );
}
