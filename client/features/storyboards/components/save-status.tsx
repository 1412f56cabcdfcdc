// Whether the member's edits are saved: a quiet line while all is well ("Saving…", "All changes
// saved"), an alert in the server's words when a save was refused, with the way out: Try again, or
// Reload when another tab changed the storyboard.
import { AlertCircle, Check, Loader2, RefreshCw, RotateCw } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import type { SaveState } from '../hooks/use-storyboard-draft';

export function SaveStatus({
  save,
  onRetry,
  onReload,
}: {
  save: SaveState;
  onRetry: () => void;
  onReload: () => void;
}) {
  const busy = save.kind === 'saving' || save.kind === 'pending';
  return (
    <div className="grid gap-3">
      <p
        role="status"
        data-testid="save-status"
        data-state={save.kind}
        className="flex items-center gap-1.5 text-muted-foreground text-xs"
      >
        {busy && (
          <>
            <Loader2 className="size-3.5 animate-spin" aria-hidden="true" />
            Saving…
          </>
        )}
        {save.kind === 'saved' && (
          <>
            <Check className="size-3.5" aria-hidden="true" />
            All changes saved
          </>
        )}
        {(save.kind === 'failed' || save.kind === 'invalid') && 'Not saved'}
      </p>
      {(save.kind === 'failed' || save.kind === 'invalid') && (
        <Alert variant="destructive">
          <AlertCircle aria-hidden="true" />
          <AlertTitle>Your last change isn't saved</AlertTitle>
          <AlertDescription className="grid gap-2">
            <p>{save.message}</p>
            {save.kind === 'failed' && (
              <Button variant="outline" size="sm" className="w-fit" onClick={onRetry}>
                <RotateCw aria-hidden="true" />
                Try again
              </Button>
            )}
          </AlertDescription>
        </Alert>
      )}
      {(save.kind === 'stale' || save.kind === 'rendered') && (
        <Alert variant="destructive">
          <AlertCircle aria-hidden="true" />
          <AlertTitle>
            {save.kind === 'stale' ? 'Changed somewhere else' : 'Already rendered'}
          </AlertTitle>
          <AlertDescription className="grid gap-2">
            <p>{save.message}</p>
            <Button variant="outline" size="sm" className="w-fit" onClick={onReload}>
              <RefreshCw aria-hidden="true" />
              Reload
            </Button>
          </AlertDescription>
        </Alert>
      )}
    </div>
  );
}
