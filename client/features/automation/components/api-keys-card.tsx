// Profile → API keys (docs/automation.md): the member's keys for their own software, n8n
// workflows and AI agents, each with its scopes, when it was made and last used, and the credits
// its calls spent this month (of its cap); a new key shown once with Copy; Revoke after a question.
// At most API_KEY_LIMITS.perMember keys: at the limit, Create says why it is off.
import {
  API_KEY_LIMITS,
  API_KEY_MESSAGES,
  API_KEY_SCOPE_LABELS,
  type ApiKey,
  type CreatedApiKey,
} from '@shared/schemas/api-keys';
import { KeyRound, Loader2, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { useApiKeys } from '../api/get-api-keys';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { failureMessage, formatDate, formatTime } from '../automation-forms';
import { CappedList } from './capped-list';
import { ConfirmDialog } from './confirm-dialog';
import { CreateApiKeyDialog } from './create-api-key-dialog';
import { ShownOnceSecret } from './shown-once-secret';

/** Where the server draws its OpenAPI document (Swagger UI), the bearer scheme and scopes included. */
export const API_DOCS_PATH = '/api/docs';

const credits = (count: number) =>
  `${count.toLocaleString('en-US')} credit${count === 1 ? '' : 's'}`;

/** "3 credits spent this month", or "3 of 100 credits spent this month" under a cap. */
export function monthSpend({ creditsSpentThisMonth: spent, monthlyCreditCap: cap }: ApiKey) {
  return cap === null
    ? `${credits(spent)} spent this month`
    : `${spent.toLocaleString('en-US')} of ${credits(cap)} spent this month`;
}

function ApiKeyRow({
  apiKey,
  revoking,
  onRevoke,
}: {
  apiKey: ApiKey;
  revoking: boolean;
  onRevoke: () => void;
}) {
  const nameId = useId();
  const capReached =
    apiKey.monthlyCreditCap !== null && apiKey.creditsSpentThisMonth >= apiKey.monthlyCreditCap;
  return (
    <li className="grid gap-2 rounded-lg border p-3" aria-labelledby={nameId} data-testid="api-key">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-0.5">
          <span id={nameId} className="wrap-anywhere font-medium">
            {apiKey.name}
          </span>
          <code className="text-muted-foreground text-xs">
            {apiKey.prefix}…<span className="sr-only"> (the key's first characters)</span>
          </code>
        </div>
        <Button
          variant="ghost"
          size="sm"
          className="text-destructive hover:bg-destructive/10 hover:text-destructive"
          disabled={revoking}
          onClick={onRevoke}
        >
          {revoking ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <Trash2 aria-hidden="true" />
          )}
          Revoke<span className="sr-only"> {apiKey.name}</span>
        </Button>
      </div>
      <ul className="flex flex-wrap gap-1" aria-label="Scopes">
        {apiKey.scopes.map((scope) => (
          <li key={scope}>
            <Badge variant="secondary" className="font-mono" title={API_KEY_SCOPE_LABELS[scope]}>
              {scope}
            </Badge>
          </li>
        ))}
      </ul>
      <p className="text-muted-foreground text-xs">
        Created {formatDate(apiKey.createdAt)} ·{' '}
        {apiKey.lastUsedAt ? `Last used ${formatTime(apiKey.lastUsedAt)}` : 'Never used'}
      </p>
      <p className="text-xs" data-testid="api-key-spend">
        {monthSpend(apiKey)}
        {capReached && (
          <span className="font-medium text-destructive"> · Cap reached until next month</span>
        )}
      </p>
    </li>
  );
}

export function ApiKeysCard() {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [asked, setAsked] = useState<ApiKey | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const confirmRevoke = (apiKey: ApiKey) =>
    revoke.mutate(apiKey.id, {
      onSuccess: () => {
        if (created?.id === apiKey.id) setCreated(null);
        toast({
          title: 'API Key Revoked',
          description: `“${apiKey.name}” no longer works. Calls made with it are refused.`,
          variant: 'success',
        });
        // Its row, and the button that had focus, are gone: keep the keyboard in this card.
        heading.current?.focus();
      },
      onError: (error) =>
        toast({
          title: 'Could Not Revoke',
          description: failureMessage(error),
          variant: 'destructive',
        }),
    });

  return (
    <Card id="api-keys" className="scroll-mt-20">
      <CardHeader>
        <CardTitle ref={heading} tabIndex={-1} className="flex items-center gap-2 outline-none">
          <KeyRound className="size-5 text-primary" aria-hidden="true" />
          API keys
        </CardTitle>
        <CardDescription>
          Let your own scripts, n8n workflows and AI agents use Reelforge in your name, each key
          with only the scopes you give it.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-sm">
          Use the key as{' '}
          <code className="wrap-anywhere rounded bg-muted px-1 py-0.5 text-xs">
            Authorization: Bearer …
          </code>{' '}
          — see the API docs at{' '}
          <a
            href={API_DOCS_PATH}
            target="_blank"
            rel="noopener"
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {API_DOCS_PATH}
          </a>
          .
        </p>

        {created && (
          <ShownOnceSecret
            title={`Your new API key “${created.name}”`}
            label="API key"
            secret={created.key}
            onDone={() => {
              setCreated(null);
              heading.current?.focus();
            }}
          />
        )}

        <CappedList
          query={keys}
          label="Your API keys"
          failedText="Your API keys could not be loaded."
          emptyText="You have no API keys yet."
          renderItem={(apiKey) => (
            <ApiKeyRow
              key={apiKey.id}
              apiKey={apiKey}
              revoking={revoke.isPending && revoke.variables === apiKey.id}
              onRevoke={() => setAsked(apiKey)}
            />
          )}
          max={API_KEY_LIMITS.perMember}
          limitText={API_KEY_MESSAGES.tooMany}
          addLabel="Create API key"
          onAdd={() => setCreating(true)}
        />
      </CardContent>

      <CreateApiKeyDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={(key) => {
          setCreating(false);
          setCreated(key);
        }}
      />
      <ConfirmDialog
        open={asked !== null}
        title="Revoke API key"
        description={
          asked &&
          `Revoke “${asked.name}” (${asked.prefix}…)? Software using it is refused from now on. This cannot be undone.`
        }
        confirmLabel="Revoke key"
        onConfirm={() => asked && confirmRevoke(asked)}
        onCancel={() => setAsked(null)}
      />
    </Card>
  );
}
