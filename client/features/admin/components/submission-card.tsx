// One submission in the review queue: who sent it, what kind, when, its status, the proof to check
// (link, handle, views, screenshot, description), what it pays, and for a reviewed one the admin's
// note and the credits paid. Pending ones carry Approve and Reject.
import { SUBMISSION_TYPE_LABELS } from '@shared/earning';
import type { AdminSubmission } from '@shared/schemas/submissions';
import { Check, ExternalLink, Gift, X } from 'lucide-react';
import { useId } from 'react';
import { SubmissionStatusBadge } from '@/components/earning/submission-status-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { awardedText, memberName, pendingRewardText } from '../admin-display';

const SENT_AT = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

function formatDate(iso: string): string {
  return SENT_AT.format(new Date(iso));
}

function ProofRow({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-x-3 sm:grid-cols-[7rem_1fr]">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function ExternalAnchor({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex max-w-full items-center gap-1 rounded-sm text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <span className="break-all">{children}</span>
      <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

export function SubmissionCard({
  submission,
  onApprove,
  onReject,
}: {
  submission: AdminSubmission;
  onApprove: () => void;
  onReject: () => void;
}) {
  const nameId = useId();
  const name = memberName(submission.user);
  const awarded = awardedText(submission);
  const isPending = submission.status === 'pending';

  return (
    <article
      data-testid="admin-submission"
      data-status={submission.status}
      aria-labelledby={nameId}
      className="grid min-w-0 gap-3 rounded-lg border bg-card p-4 text-card-foreground"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-0.5">
          <h4 id={nameId} className="break-words font-medium">
            {name}
          </h4>
          <p className="break-all text-muted-foreground text-sm">{submission.user.email}</p>
        </div>
        <SubmissionStatusBadge status={submission.status} />
      </header>

      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <Badge variant="secondary">{SUBMISSION_TYPE_LABELS[submission.submissionType]}</Badge>
        <span className="text-muted-foreground">
          Sent <time dateTime={submission.createdAt}>{formatDate(submission.createdAt)}</time>
        </span>
      </div>

      <dl className="grid gap-2 text-sm">
        {submission.postLink && (
          <ProofRow label="Post">
            <ExternalAnchor href={submission.postLink}>{submission.postLink}</ExternalAnchor>
          </ProofRow>
        )}
        {submission.socialHandle && <ProofRow label="Handle">{submission.socialHandle}</ProofRow>}
        {submission.viewCount !== null && (
          <ProofRow label="Views">{submission.viewCount.toLocaleString('en-US')}</ProofRow>
        )}
        {submission.screenshotUrl && (
          <ProofRow label="Screenshot">
            <ExternalAnchor href={submission.screenshotUrl}>View screenshot</ExternalAnchor>
          </ProofRow>
        )}
        {submission.description && (
          <ProofRow label="Description">
            <span className="whitespace-pre-line">{submission.description}</span>
          </ProofRow>
        )}
        {isPending && (
          <ProofRow label="Reward">
            <span className="inline-flex items-center gap-1 font-medium">
              <Gift className="size-3.5 text-primary" aria-hidden="true" />
              {pendingRewardText(submission)}
            </span>
            {submission.submissionType === 'view_milestone' && (
              <span className="block text-muted-foreground text-xs">
                A post already paid for a lower milestone gets only the difference.
              </span>
            )}
          </ProofRow>
        )}
        {awarded && <ProofRow label="Awarded">{awarded}</ProofRow>}
      </dl>

      {!isPending && (submission.adminNotes || submission.reviewedAt) && (
        <div className="grid gap-1 rounded-md bg-muted/50 px-3 py-2 text-sm">
          {submission.adminNotes && (
            <p className="break-words">
              <span className="font-medium">
                {submission.status === 'rejected' ? 'Reason:' : 'Note:'}
              </span>{' '}
              {submission.adminNotes}
            </p>
          )}
          {submission.reviewedAt && (
            <p className="text-muted-foreground text-xs">
              Reviewed{' '}
              <time dateTime={submission.reviewedAt}>{formatDate(submission.reviewedAt)}</time>
            </p>
          )}
        </div>
      )}

      {isPending && (
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {/* The member's name describes each button, so a screen reader says whose proof it is. */}
          <Button variant="outline" onClick={onReject} aria-describedby={nameId}>
            <X aria-hidden="true" />
            Reject
          </Button>
          <Button onClick={onApprove} aria-describedby={nameId}>
            <Check aria-hidden="true" />
            Approve
          </Button>
        </div>
      )}
    </article>
  );
}
