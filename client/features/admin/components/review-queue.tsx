// Review Submissions: the status filter (Pending first), how many there are, and one card per
// submission, with the loading, failed and empty states. Approve and Reject open the review dialog.
import { SUBMISSION_STATUSES } from '@shared/earning';
import type { AdminSubmission } from '@shared/schemas/submissions';
import { Inbox } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { type SubmissionFilter, useAdminSubmissions } from '../api/get-admin-submissions';
import { LoadFailedAlert } from './load-failed-alert';
import { type ReviewDecision, ReviewDialog } from './review-dialog';
import { SubmissionCard } from './submission-card';

const FILTERS: { value: SubmissionFilter; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All' },
];

function isFilter(value: string): value is SubmissionFilter {
  return value === 'all' || (SUBMISSION_STATUSES as readonly string[]).includes(value);
}

function countText(filter: SubmissionFilter, count: number): string {
  const noun = `submission${count === 1 ? '' : 's'}`;
  return filter === 'all' ? `${count} ${noun}` : `${count} ${filter} ${noun}`;
}

function emptyText(filter: SubmissionFilter): string {
  return filter === 'pending' || filter === 'all'
    ? 'No submissions to review'
    : `No ${filter} submissions`;
}

export function ReviewQueue() {
  const [filter, setFilter] = useState<SubmissionFilter>('pending');
  const [review, setReview] = useState<{
    submission: AdminSubmission;
    decision: ReviewDecision;
  } | null>(null);

  return (
    <>
      <Tabs value={filter} onValueChange={(value) => isFilter(value) && setFilter(value)}>
        <TabsList aria-label="Status" className="grid w-full grid-cols-4 sm:inline-flex sm:w-fit">
          {FILTERS.map(({ value, label }) => (
            <TabsTrigger key={value} value={value}>
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        {FILTERS.map(({ value }) => (
          // Only the chosen panel mounts, so only its list is fetched and polled.
          <TabsContent key={value} value={value} className="mt-3">
            <SubmissionList
              filter={value}
              onReview={(submission, decision) => setReview({ submission, decision })}
            />
          </TabsContent>
        ))}
      </Tabs>
      <ReviewDialog
        submission={review?.submission ?? null}
        decision={review?.decision ?? 'approved'}
        onClose={() => setReview(null)}
      />
    </>
  );
}

function SubmissionList({
  filter,
  onReview,
}: {
  filter: SubmissionFilter;
  onReview: (submission: AdminSubmission, decision: ReviewDecision) => void;
}) {
  const submissions = useAdminSubmissions(filter);

  if (submissions.isPending) {
    return (
      <div className="grid gap-3" aria-busy="true">
        <span className="sr-only" role="status">
          Loading submissions…
        </span>
        {[0, 1].map((index) => (
          <div key={index} className="grid gap-3 rounded-lg border bg-card p-4">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-4 w-56" />
            <Skeleton className="h-16 w-full" />
          </div>
        ))}
      </div>
    );
  }

  if (submissions.data === undefined) {
    return <LoadFailedAlert title="Could not load submissions" query={submissions} />;
  }

  const list = submissions.data;
  return (
    <div className="grid gap-3">
      <p
        className="text-muted-foreground text-sm"
        aria-live="polite"
        data-testid="admin-submission-count"
      >
        {countText(filter, list.length)}
      </p>
      {submissions.isError && (
        // A failed background refresh keeps the last list on screen and says it may be old.
        <p className="flex flex-wrap items-center gap-2 text-destructive text-sm" role="alert">
          Could not refresh the list: {submissions.error.message}
          <Button variant="link" className="h-auto p-0" onClick={() => void submissions.refetch()}>
            Retry
          </Button>
        </p>
      )}
      {list.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-8 text-center">
          <Inbox className="size-8 text-muted-foreground" aria-hidden="true" />
          <p className="font-medium">{emptyText(filter)}</p>
          {(filter === 'pending' || filter === 'all') && (
            <p className="text-muted-foreground text-sm">
              New proofs appear here on their own as members send them.
            </p>
          )}
        </div>
      ) : (
        list.map((submission) => (
          <SubmissionCard
            key={submission.id}
            submission={submission}
            onApprove={() => onReview(submission, 'approved')}
            onReject={() => onReview(submission, 'rejected')}
          />
        ))
      )}
    </div>
  );
}
