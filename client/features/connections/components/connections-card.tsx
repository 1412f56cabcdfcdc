// Profile → Connections: YouTube, TikTok and Instagram, each connected (account name, since when,
// Disconnect), needing reconnection, not connected (Connect), or not offered by this server (said
// plainly; an admin also reads which settings to set; never a broken button). Back from a
// platform's consent page, says how it went in our words for the code the server sent.
import {
  type Connection,
  type ConnectionErrorCode,
  connectionErrorCodeSchema,
  PLATFORM_LABELS,
  type Platform,
} from '@shared/schemas/publishing';
import { Link2, Loader2, TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useConnections } from '@/entities/connections/api/get-connections';
import { connectUrl, useDisconnect } from '../api/disconnect';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

const CONNECTION_ERROR_WORDS: Record<ConnectionErrorCode, (label: string) => string> = {
  not_available: () => 'This platform is not available on this server.',
  attempt_expired: () =>
    'That connection attempt has expired or was not started here. Please connect again.',
  access_denied: (label) => `${label} did not give Reelforge access. Nothing was connected.`,
  sign_in_expired: (label) =>
    `This ${label} sign-in has expired or was already used. Please connect ${label} again.`,
  sign_in_refused: (label) =>
    `${label} did not accept this sign-in. Please connect ${label} again.`,
  app_credentials: (label) =>
    `${label} rejected this server's app credentials. The operator must check the ${label} app settings.`,
  permissions: (label) =>
    `${label} did not grant the permissions Reelforge needs. Please connect ${label} again and allow them.`,
  no_channel: () => 'This Google account has no YouTube channel.',
  unreachable: (label) => `${label} could not be reached. Please try again.`,
  refused: (label) => `${label} refused the connection. Please try again.`,
};

/**
 * Our sentence for a connectionError code. The address is anyone's to write: a code we do not
 * know gets a general sentence, never the address's own text.
 */
function connectionErrorWords(code: string, label: string): string {
  const known = connectionErrorCodeSchema.safeParse(code);
  return known.success
    ? CONNECTION_ERROR_WORDS[known.data](label)
    : `${label} could not be connected. Please try again.`;
}

/** The toast for the callback's answer in the address (?connected / ?connectionError), shown once. */
function useCallbackOutcome() {
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const platform = params.get('platform') as Platform | null;
    const label = platform && platform in PLATFORM_LABELS ? PLATFORM_LABELS[platform] : null;
    if (!label) return;
    if (params.get('connected')) {
      toast({ title: `${label} Connected`, description: `Reelforge can now publish to ${label}.` });
    } else if (params.get('connectionError')) {
      toast({
        title: `${label} Not Connected`,
        description: connectionErrorWords(params.get('connectionError') ?? '', label),
        variant: 'destructive',
      });
    } else return;
    // Said once: a reload does not say it again.
    for (const name of ['platform', 'connected', 'connectionError']) params.delete(name);
    const query = params.toString();
    window.history.replaceState(
      window.history.state,
      '',
      `${window.location.pathname}${query ? `?${query}` : ''}${window.location.hash}`,
    );
  }, []);
}

function ConnectionRow({ connection }: { connection: Connection }) {
  const disconnect = useDisconnect();
  const label = PLATFORM_LABELS[connection.platform];
  const headingId = `connection-${connection.platform}`;
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-3"
      aria-labelledby={headingId}
      data-testid={`connection-${connection.platform}`}
    >
      <div className="grid min-w-0 gap-0.5">
        <span id={headingId} className="flex items-center gap-2 font-medium">
          {label}
          {connection.status === 'connected' && <Badge variant="secondary">Connected</Badge>}
          {connection.status === 'reconnect_needed' && (
            <Badge variant="outline" className="border-destructive text-destructive">
              Reconnect needed
            </Badge>
          )}
        </span>
        <span className="break-words text-muted-foreground text-sm">
          {!connection.available
            ? `${label} is not available on this server yet.`
            : connection.accountName
              ? `${connection.accountName}, connected ${dateFormat.format(new Date(connection.connectedAt ?? Date.now()))}`
              : `Not connected.`}
        </span>
        {/* Sent to admins only: the settings are the operator's business, not a member's. */}
        {!connection.available && connection.setupHint && (
          <span className="break-words text-muted-foreground text-xs">
            For admins: {connection.setupHint}
          </span>
        )}
      </div>
      {connection.available && (
        <div className="flex gap-2">
          {connection.status !== 'connected' && (
            <Button variant={connection.status ? 'brand' : 'outline'} size="sm" asChild>
              <a href={connectUrl(connection.platform)}>
                <Link2 aria-hidden="true" />
                {connection.status ? `Reconnect ${label}` : `Connect ${label}`}
              </a>
            </Button>
          )}
          {connection.status !== null && (
            <Button
              variant="ghost"
              size="sm"
              disabled={disconnect.isPending}
              onClick={() =>
                disconnect.mutate(connection.platform, {
                  onSuccess: () => toast({ title: `${label} Disconnected` }),
                  onError: (error) =>
                    toast({
                      title: 'Failed to Disconnect',
                      description: error.message,
                      variant: 'destructive',
                    }),
                })
              }
            >
              {disconnect.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
              Disconnect<span className="sr-only"> {label}</span>
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

export function ConnectionsCard() {
  useCallbackOutcome();
  const { data: connections, isPending, isError } = useConnections();
  return (
    <Card id="connections" className="scroll-mt-20">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Link2 className="size-5 text-primary" aria-hidden="true" />
          Connections
        </CardTitle>
        <CardDescription>
          Connect your channels to publish videos to them from the library or a Creator Engine job.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <Skeleton className="h-32 w-full" />
        ) : isError || !connections ? (
          <p className="flex items-center gap-2 text-destructive text-sm" role="alert">
            <TriangleAlert className="size-4" aria-hidden="true" />
            Your connections could not be loaded. Please refresh the page.
          </p>
        ) : (
          <ul className="grid gap-3">
            {connections.map((connection) => (
              <ConnectionRow key={connection.platform} connection={connection} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
