// 'Approve Submission' and 'Reject Submission': the confirmation for a review, with an optional note
// on approval (empty means 'Approved by admin') and a required reason on rejection. The form checks
// itself with the route's own schema, so the admin reads the spec's words before anything is sent.
import { SUBMISSION_TYPE_LABELS } from '@shared/earning';
import { LIMITS, TIMINGS } from '@shared/limits';
import {
  type AdminSubmission,
  DEFAULT_APPROVAL_NOTE,
  reviewSubmissionSchema,
} from '@shared/schemas/submissions';
import { Check, Gift, Loader2, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { CharacterCount } from '@/components/ui/character-count';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { awardedText, memberName, pendingRewardText } from '../admin-display';
import { useReviewSubmission } from '../api/review-submission';

export type ReviewDecision = 'approved' | 'rejected';

export function ReviewDialog({
  submission,
  decision,
  onClose,
}: {
  /** The submission under review; null keeps the dialog closed. */
  submission: AdminSubmission | null;
  decision: ReviewDecision;
  onClose: () => void;
}) {
  // Held here rather than in the form: the form unmounts with the dialog, and a review's answer
  // (its toast, the 409 refetch) must still land.
  const review = useReviewSubmission();
  return (
    <Dialog
      open={submission !== null}
      // While the answer is awaited the dialog stays, so the admin sees how the review went.
      onOpenChange={(open) => !open && !review.isPending && onClose()}
    >
      <DialogContent>
        {submission && (
          // Another submission or decision starts from an empty note.
          <ReviewForm
            key={`${submission.id}-${decision}`}
            submission={submission}
            decision={decision}
            review={review}
            onDone={onClose}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function ReviewForm({
  submission,
  decision,
  review,
  onDone,
}: {
  submission: AdminSubmission;
  decision: ReviewDecision;
  review: ReturnType<typeof useReviewSubmission>;
  onDone: () => void;
}) {
  const noteId = useId();
  const countId = useId();
  const hintId = useId();
  const errorId = useId();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const approving = decision === 'approved';
  const name = memberName(submission.user);
  const max = LIMITS.rejectionReasonMax;
  const title = approving ? 'Approve Submission' : 'Reject Submission';

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = reviewSubmissionSchema.safeParse({ status: decision, adminNote: note });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please check the form.');
      return;
    }
    review.mutate(
      { id: submission.id, review: parsed.data },
      {
        onSuccess: (saved) => {
          toast({
            title: approving ? 'Submission Approved' : 'Submission Rejected',
            description: approving
              ? `${name} earned ${awardedText(saved) ?? pendingRewardText(submission)}.`
              : `${name} will see your reason.`,
            variant: 'success',
            duration: TIMINGS.successToastMs,
          });
          onDone();
        },
        onError: (failure) => {
          toast({
            title: 'Review Failed',
            description: failure.message,
            variant: 'destructive',
            duration: TIMINGS.errorToastMs,
          });
          // 409: reviewed by someone else meanwhile, or its post was paid through another
          // submission. The refetched list shows where it stands; this dialog has nothing left to do.
          if (failure instanceof ApiError && failure.status === 409) onDone();
        },
      },
    );
  };

  const describedBy = [countId, approving ? hintId : null, error ? errorId : null]
    .filter(Boolean)
    .join(' ');
  const fieldProps = {
    id: noteId,
    value: note,
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      setNote(event.target.value);
      setError(null);
    },
    'aria-invalid': Boolean(error) || note.length > max,
    'aria-describedby': describedBy,
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>
          {`${SUBMISSION_TYPE_LABELS[submission.submissionType]} from ${name} (${submission.user.email}).`}
        </DialogDescription>
      </DialogHeader>
      <form onSubmit={submit} noValidate className="grid gap-4" aria-label={title}>
        {approving ? (
          <div className="grid gap-1 rounded-md border bg-muted/40 px-3 py-2 text-sm">
            <p className="flex items-center gap-2">
              <Gift className="size-4 shrink-0 text-primary" aria-hidden="true" />
              <span>
                Approving pays <span className="font-medium">{pendingRewardText(submission)}</span>.
              </span>
            </p>
            {submission.submissionType === 'view_milestone' && (
              <p className="text-muted-foreground text-xs">
                A post already paid for a lower milestone gets only the difference; one already paid
                for this milestone is refused.
              </p>
            )}
          </div>
        ) : (
          <p className="text-muted-foreground text-sm">
            The member is told the reason and may send new proof.
          </p>
        )}

        <div className="grid gap-2">
          <div className="flex items-center justify-between gap-2">
            <Label htmlFor={noteId}>{approving ? 'Note' : 'Reason'}</Label>
            <CharacterCount id={countId} length={note.length} max={max} />
          </div>
          {approving ? (
            <Input
              {...fieldProps}
              placeholder={DEFAULT_APPROVAL_NOTE}
              autoComplete="off"
              autoFocus
            />
          ) : (
            <Textarea
              {...fieldProps}
              rows={4}
              aria-required
              placeholder="e.g. The post does not mention @ReelforgeApp."
              className="max-h-[50dvh]"
              autoFocus
            />
          )}
          {approving && (
            <p id={hintId} className="text-muted-foreground text-xs">
              Optional. Left empty, the member reads '{DEFAULT_APPROVAL_NOTE}'.
            </p>
          )}
          {error && (
            <p id={errorId} role="alert" className="font-medium text-destructive text-sm">
              {error}
            </p>
          )}
        </div>

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onDone} disabled={review.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant={approving ? 'default' : 'destructive'}
            disabled={review.isPending}
          >
            {review.isPending ? (
              <Loader2 className="animate-spin" aria-hidden="true" />
            ) : approving ? (
              <Check aria-hidden="true" />
            ) : (
              <X aria-hidden="true" />
            )}
            {approving ? 'Approve' : 'Reject'}
          </Button>
        </div>
      </form>
    </>
  );
}
