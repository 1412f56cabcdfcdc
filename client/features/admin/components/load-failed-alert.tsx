// An admin list that could not load: what failed, the server's message, and Retry (spinning while
// it loads again).
import { AlertCircle, RotateCw } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

export function LoadFailedAlert({
  title,
  query,
}: {
  title: string;
  query: { error: Error | null; isFetching: boolean; refetch: () => unknown };
}) {
  return (
    <Alert variant="destructive">
      <AlertCircle aria-hidden="true" />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription className="grid gap-2">
        <p>{query.error?.message}</p>
        <Button
          variant="outline"
          size="sm"
          className="w-fit"
          onClick={() => void query.refetch()}
          disabled={query.isFetching}
        >
          <RotateCw aria-hidden="true" className={query.isFetching ? 'animate-spin' : ''} />
          Retry
        </Button>
      </AlertDescription>
    </Alert>
  );
}
