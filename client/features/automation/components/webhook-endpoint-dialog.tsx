// Add or edit a webhook endpoint: its address, the events sent to it (each with what it means) and
// a description for the member's own memory, checked with the route's own schema. Adding answers
// the signing secret, which goes to the caller to be shown once; editing keeps the secret.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  type CreatedWebhookEndpoint,
  createWebhookEndpointSchema,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  type WebhookEndpoint,
} from '@shared/schemas/webhooks';
import { Loader2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { FormField, fieldProps } from '@/components/form/form-field';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { useCreateWebhookEndpoint } from '../api/create-webhook-endpoint';
import { useUpdateWebhookEndpoint } from '../api/update-webhook-endpoint';
import { applyServerError } from '../automation-forms';
import { DescribedCheckboxes } from './described-checkboxes';

type EndpointFormValues = z.input<typeof createWebhookEndpointSchema>;
type EndpointFormOutput = z.output<typeof createWebhookEndpointSchema>;

const URL_HINT =
  'A public http:// or https:// address that answers with a 2xx status. Redirects are not followed.';

function EndpointForm({
  endpoint,
  onCreated,
  onSaved,
}: {
  endpoint: WebhookEndpoint | null;
  onCreated: (created: CreatedWebhookEndpoint) => void;
  onSaved: () => void;
}) {
  const id = useId();
  const create = useCreateWebhookEndpoint();
  const update = useUpdateWebhookEndpoint();
  const [formError, setFormError] = useState('');
  const form = useForm<EndpointFormValues, unknown, EndpointFormOutput>({
    resolver: zodResolver(createWebhookEndpointSchema),
    defaultValues: {
      url: endpoint?.url ?? '',
      events: endpoint?.events ?? [],
      description: endpoint?.description ?? '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const description = useWatch({ control: form.control, name: 'description' }) ?? '';
  const ids = { url: `${id}-url`, description: `${id}-description` };

  const submit = form.handleSubmit(async (input) => {
    setFormError('');
    try {
      if (endpoint) {
        await update.mutateAsync({ id: endpoint.id, ...input });
        toast({ title: 'Endpoint Saved', description: input.url, variant: 'success' });
        onSaved();
      } else {
        onCreated(await create.mutateAsync(input));
      }
    } catch (error) {
      setFormError(
        applyServerError(form, error, {
          url: [
            WEBHOOK_MESSAGES.url,
            WEBHOOK_MESSAGES.urlTooLong,
            WEBHOOK_MESSAGES.urlNotAllowed,
            WEBHOOK_MESSAGES.urlUnresolvable,
          ],
          events: [WEBHOOK_MESSAGES.eventsRequired, WEBHOOK_MESSAGES.eventUnknown],
          description: [WEBHOOK_MESSAGES.descriptionTooLong],
        }),
      );
    }
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={endpoint ? 'Edit webhook endpoint' : 'Add webhook endpoint'}
      className="grid gap-5"
    >
      {formError && (
        <Alert variant="destructive">
          <AlertDescription>{formError}</AlertDescription>
        </Alert>
      )}
      <FormField id={ids.url} label="Endpoint URL" error={errors.url?.message} hint={URL_HINT}>
        <Input
          {...fieldProps(ids.url, errors.url?.message, URL_HINT)}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://example.com/webhooks/reelforge"
          {...form.register('url')}
        />
      </FormField>

      <DescribedCheckboxes
        idPrefix={`${id}-event`}
        legend="Events to send"
        options={WEBHOOK_EVENTS}
        describe={WEBHOOK_EVENT_LABELS}
        register={form.register('events')}
        error={errors.events?.message}
      />

      <FormField
        id={ids.description}
        label="Description (optional)"
        error={errors.description?.message}
        count={{ length: description.length, max: WEBHOOK_LIMITS.descriptionMax }}
      >
        <Input
          {...fieldProps(ids.description, errors.description?.message, undefined, true)}
          placeholder="e.g. n8n: post finished videos to our channel"
          autoComplete="off"
          {...form.register('description')}
        />
      </FormField>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Loader2 className="animate-spin" aria-hidden="true" />}
          {endpoint
            ? isSubmitting
              ? 'Saving...'
              : 'Save endpoint'
            : isSubmitting
              ? 'Adding...'
              : 'Add endpoint'}
        </Button>
      </div>
    </form>
  );
}

/** `endpoint` null adds one; an endpoint edits it. */
export function WebhookEndpointDialog({
  open,
  endpoint,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  endpoint: WebhookEndpoint | null;
  onOpenChange: (open: boolean) => void;
  onCreated: (created: CreatedWebhookEndpoint) => void;
}) {
  // Once an endpoint is added, its secret's panel takes focus as this closes: the opener must not.
  const justCreated = useRef(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          if (justCreated.current) event.preventDefault();
          justCreated.current = false;
        }}
      >
        <DialogHeader>
          <DialogTitle>{endpoint ? 'Edit webhook endpoint' : 'Add webhook endpoint'}</DialogTitle>
          <DialogDescription>
            Reelforge sends a signed POST request to this address each time one of the chosen events
            happens.
          </DialogDescription>
        </DialogHeader>
        {/* Content mounts afresh on each opening, so the form starts from the endpoint again. */}
        <EndpointForm
          endpoint={endpoint}
          onCreated={(created) => {
            justCreated.current = true;
            onCreated(created);
          }}
          onSaved={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
