// What the API keys and Webhooks cards share: their list as its query stands (could not load, with
// Retry; loading; empty; the items), and the button that adds one, turned off with the limit's
// words once the member has as many as their plan allows.
import type { UseQueryResult } from '@tanstack/react-query';
import { Plus, RotateCw } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';

export function CappedList<Item extends { id: string }>({
  query,
  label,
  failedText,
  emptyText,
  renderItem,
  max,
  limitText,
  addLabel,
  onAdd,
}: {
  query: UseQueryResult<Item[]>;
  /** The list's accessible name. */
  label: string;
  failedText: string;
  emptyText: string;
  renderItem: (item: Item) => ReactNode;
  /** How many the member may have; the add button is off from there on. */
  max: number;
  limitText: string;
  addLabel: string;
  onAdd: () => void;
}) {
  const limitId = useId();
  const atLimit = (query.data?.length ?? 0) >= max;
  return (
    <>
      {query.isError ? (
        <Alert variant="destructive">
          <AlertDescription className="flex flex-wrap items-center justify-between gap-2">
            {failedText}
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              <RotateCw aria-hidden="true" />
              Retry
            </Button>
          </AlertDescription>
        </Alert>
      ) : query.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : query.data.length === 0 ? (
        <p className="text-muted-foreground text-sm">{emptyText}</p>
      ) : (
        <ul className="grid gap-3" aria-label={label}>
          {query.data.map(renderItem)}
        </ul>
      )}

      <div className="grid gap-2">
        <Button
          className="w-full sm:w-fit"
          disabled={!query.isSuccess || atLimit}
          aria-describedby={atLimit ? limitId : undefined}
          onClick={onAdd}
        >
          <Plus aria-hidden="true" />
          {addLabel}
        </Button>
        {atLimit && (
          <p id={limitId} className="text-muted-foreground text-sm">
            {limitText}
          </p>
        )}
      </div>
    </>
  );
}
