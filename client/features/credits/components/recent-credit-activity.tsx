// 'Recent credit activity': what the member earned lately (approved proofs, grants, referrals),
// newest first, or 'Unable to load credit history' (spec/api.md §8.6).
import { History } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useRecentEarnings } from '../api/get-recent-earnings';

const WHEN = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

export function RecentCreditActivity() {
  const earnings = useRecentEarnings();
  return (
    <section aria-labelledby="recent-credit-activity" className="grid gap-2">
      <h3 id="recent-credit-activity" className="flex items-center gap-2 font-medium text-sm">
        <History className="size-4" aria-hidden="true" />
        Recent credit activity
      </h3>
      {earnings.isPending ? (
        <Skeleton className="h-12 w-full" />
      ) : earnings.isError ? (
        <p className="text-muted-foreground text-sm" role="alert">
          Unable to load credit history{' '}
          <Button variant="link" className="h-auto p-0" onClick={() => void earnings.refetch()}>
            Retry
          </Button>
        </p>
      ) : earnings.data.length === 0 ? (
        <p className="text-muted-foreground text-sm">No credits earned yet. Earn some below.</p>
      ) : (
        <ul className="divide-y rounded-md border" data-testid="credit-activity">
          {earnings.data.map((entry) => (
            <li key={entry.id} className="flex items-center justify-between gap-3 px-3 py-2">
              <span className="min-w-0">
                <span className="block truncate text-sm">{entry.description}</span>
                <span className="text-muted-foreground text-xs">
                  {WHEN.format(new Date(entry.createdAt))}
                </span>
              </span>
              <span className="shrink-0 font-semibold text-emerald-700 text-sm tabular-nums dark:text-emerald-300">
                {entry.amount > 0
                  ? `+${entry.amount}`
                  : entry.amount === 0
                    ? 'Reward'
                    : entry.amount}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
