// "Create API key": its name, the scopes it may use (each with what it allows) and an optional
// monthly credit cap, checked with the route's own schema so the words are the server's. The new
// key goes to the caller, who shows it once.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  API_KEY_LIMITS,
  API_KEY_MESSAGES,
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  type CreatedApiKey,
  createApiKeySchema,
} from '@shared/schemas/api-keys';
import { Loader2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
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
import { useCreateApiKey } from '../api/create-api-key';
import { applyServerError } from '../automation-forms';
import { DescribedCheckboxes } from './described-checkboxes';

/** The cap field holds text; empty means no cap. Anything else must read as a whole number. */
function capFrom(text: string): number | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : Number(trimmed);
}

const apiKeyFormSchema = z
  .object({
    name: z.string(),
    scopes: z.array(z.enum(API_KEY_SCOPES)),
    monthlyCreditCap: z.string(),
  })
  .transform((values, context) => {
    const checked = createApiKeySchema.safeParse({
      ...values,
      monthlyCreditCap: capFrom(values.monthlyCreditCap),
    });
    if (checked.success) return checked.data;
    for (const issue of checked.error.issues) {
      context.addIssue({ code: 'custom', path: issue.path.slice(0, 1), message: issue.message });
    }
    return z.NEVER;
  });
type ApiKeyFormValues = z.input<typeof apiKeyFormSchema>;
type ApiKeyFormOutput = z.output<typeof apiKeyFormSchema>;

const EMPTY_FORM: ApiKeyFormValues = { name: '', scopes: [], monthlyCreditCap: '' };

function CreateApiKeyForm({ onCreated }: { onCreated: (created: CreatedApiKey) => void }) {
  const id = useId();
  const create = useCreateApiKey();
  const [formError, setFormError] = useState('');
  const form = useForm<ApiKeyFormValues, unknown, ApiKeyFormOutput>({
    resolver: zodResolver(apiKeyFormSchema),
    defaultValues: EMPTY_FORM,
  });
  const { errors, isSubmitting } = form.formState;
  const name = useWatch({ control: form.control, name: 'name' });
  const ids = { name: `${id}-name`, cap: `${id}-cap` };
  const capHint =
    'Optional. Leave it empty for no cap. Once the key’s calls have spent this many credits in a calendar month (UTC), it cannot create more videos until the next month.';

  const submit = form.handleSubmit(async (input) => {
    setFormError('');
    try {
      onCreated(await create.mutateAsync(input));
    } catch (error) {
      setFormError(
        applyServerError(form, error, {
          name: [API_KEY_MESSAGES.nameRequired, API_KEY_MESSAGES.nameTooLong],
          scopes: [API_KEY_MESSAGES.scopesRequired, API_KEY_MESSAGES.scopeUnknown],
          monthlyCreditCap: [API_KEY_MESSAGES.cap],
        }),
      );
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Create API key" className="grid gap-5">
      {formError && (
        <Alert variant="destructive">
          <AlertDescription>{formError}</AlertDescription>
        </Alert>
      )}
      <FormField
        id={ids.name}
        label="Name"
        error={errors.name?.message}
        count={{ length: name.length, max: API_KEY_LIMITS.nameMax }}
      >
        <Input
          {...fieldProps(ids.name, errors.name?.message, undefined, true)}
          placeholder="e.g. n8n workflow"
          autoComplete="off"
          {...form.register('name')}
        />
      </FormField>

      <DescribedCheckboxes
        idPrefix={`${id}-scope`}
        legend="Scopes: what the key may do"
        options={API_KEY_SCOPES}
        describe={API_KEY_SCOPE_LABELS}
        register={form.register('scopes')}
        error={errors.scopes?.message}
      />

      <FormField
        id={ids.cap}
        label="Monthly credit cap"
        error={errors.monthlyCreditCap?.message}
        hint={capHint}
      >
        <Input
          {...fieldProps(ids.cap, errors.monthlyCreditCap?.message, capHint)}
          inputMode="numeric"
          autoComplete="off"
          placeholder="No cap"
          className="sm:w-40"
          {...form.register('monthlyCreditCap')}
        />
      </FormField>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Loader2 className="animate-spin" aria-hidden="true" />}
          {isSubmitting ? 'Creating...' : 'Create key'}
        </Button>
      </div>
    </form>
  );
}

export function CreateApiKeyDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (created: CreatedApiKey) => void;
}) {
  // Once a key is made, its panel takes focus as this closes: the opener must not take it back.
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
          <DialogTitle>Create API key</DialogTitle>
          <DialogDescription>
            Give the key only the scopes its software needs. You can revoke it at any time.
          </DialogDescription>
        </DialogHeader>
        {/* Content mounts afresh on each opening, so a cancelled form starts empty again. */}
        <CreateApiKeyForm
          onCreated={(created) => {
            justCreated.current = true;
            onCreated(created);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
