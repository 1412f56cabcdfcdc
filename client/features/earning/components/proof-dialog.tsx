// The proof-submission modals (spec/product.md "Profile"): an X post, a view milestone, or a follow
// on one platform. The form checks itself with the route's own schema, so the member reads the
// spec's words ('Please enter a valid URL', 'View count must be positive', 'Handle is required',
// 'Required fields missing for submission type') before anything is sent.

import { REWARDS } from '@shared/catalogue';
import {
  describeReward,
  type FollowType,
  followPlatform,
  rewardFor,
  viewMilestoneFor,
  X_HANDLE,
  X_HASHTAG,
} from '@shared/earning';
import { TIMINGS } from '@shared/limits';
import {
  type NewSubmission,
  SUBMISSION_DESCRIPTION_MAX,
  submissionSchema,
} from '@shared/schemas/submissions';
import { Loader2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
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
import { useSubmitProof } from '../api/submit-proof';

export type ProofTask = { type: 'x_post' } | { type: 'view_milestone' } | { type: FollowType };

type Fields = {
  postLink: string;
  viewCount: string;
  socialHandle: string;
  screenshotUrl: string;
  description: string;
};
const EMPTY: Fields = {
  postLink: '',
  viewCount: '',
  socialHandle: '',
  screenshotUrl: '',
  description: '',
};
type FieldName = keyof Fields;

/** '12,500' or '12 500' as typed; null when empty, NaN when not a number (the schema says why). */
export function parseViewCount(text: string): number | null {
  const digits = text.replace(/[\s,._']/g, '');
  if (!digits) return null;
  return /^-?\d+$/.test(digits) ? Number(digits) : Number.NaN;
}

function titleOf(task: ProofTask): string {
  if (task.type === 'x_post') return 'Submit Your X Post';
  if (task.type === 'view_milestone') return 'Submit a View Milestone';
  const platform = followPlatform(task.type);
  return platform.type === 'follow_discord'
    ? 'Submit Your Discord Join'
    : `Submit Your ${platform.name} Follow`;
}

function introOf(task: ProofTask): string {
  if (task.type === 'x_post') {
    return `Share the link to your post on X that mentions ${X_HANDLE} and ${X_HASHTAG}. Approved posts earn ${REWARDS.xPost} credits.`;
  }
  if (task.type === 'view_milestone') {
    return `Share a post about Reelforge with at least ${REWARDS.minimumViewCount.toLocaleString('en-US')} views. The more views, the bigger the reward.`;
  }
  const platform = followPlatform(task.type);
  return `Tell us who you are on ${platform.name} so we can find you. Approved ${platform.action === 'Join' ? 'joins' : 'follows'} earn ${describeReward(rewardFor(task.type, null))}.`;
}

export function ProofDialog({
  task,
  onOpenChange,
}: {
  /** The task whose proof is asked for; null keeps the dialog closed. */
  task: ProofTask | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={task !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        {task && (
          // A new task starts with an empty form.
          <ProofForm key={task.type} task={task} onDone={() => onOpenChange(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function ProofForm({ task, onDone }: { task: ProofTask; onDone: () => void }) {
  const id = useId();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<FieldName | 'form', string>>>({});
  const submit = useSubmitProof();
  const isPost = task.type === 'x_post' || task.type === 'view_milestone';
  const isFollow = !isPost;
  const viewCount = parseViewCount(fields.viewCount);
  const milestone = viewCount && viewCount > 0 ? viewMilestoneFor(viewCount) : null;

  const set =
    (name: FieldName) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      setFields((current) => ({ ...current, [name]: event.target.value }));
      setErrors((current) => ({ ...current, [name]: undefined, form: undefined }));
    };

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = submissionSchema.safeParse({
      submissionType: task.type,
      postLink: isPost ? fields.postLink : undefined,
      viewCount: task.type === 'view_milestone' ? viewCount : undefined,
      socialHandle: isFollow ? fields.socialHandle : undefined,
      screenshotUrl: fields.screenshotUrl,
      description: fields.description,
    });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        const name: FieldName | 'form' =
          field === 'submissionType' || typeof field !== 'string' ? 'form' : (field as FieldName);
        next[name] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    submit.mutate(parsed.data satisfies NewSubmission, {
      onSuccess: () => {
        toast({
          title: 'Submission Received!',
          description: "We'll review your proof soon and let you know here.",
          variant: 'success',
          duration: TIMINGS.successToastMs,
        });
        onDone();
      },
      onError: (error) =>
        toast({
          title: 'Submission Failed',
          description: error.message,
          variant: 'destructive',
          duration: TIMINGS.errorToastMs,
        }),
    });
  };

  const field = (name: FieldName, label: string, input: React.ReactNode, hint?: string) => (
    <div className="grid gap-2">
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      {input}
      {hint && !errors[name] && <p className="text-muted-foreground text-xs">{hint}</p>}
      {errors[name] && (
        <p id={`${id}-${name}-error`} className="font-medium text-destructive text-sm" role="alert">
          {errors[name]}
        </p>
      )}
    </div>
  );
  const inputProps = (name: FieldName) => ({
    id: `${id}-${name}`,
    value: fields[name],
    onChange: set(name),
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });

  return (
    <>
      <DialogHeader>
        <DialogTitle>{titleOf(task)}</DialogTitle>
        <DialogDescription>{introOf(task)}</DialogDescription>
      </DialogHeader>
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={titleOf(task)}>
        {isPost &&
          field(
            'postLink',
            'Post Link',
            <Input
              {...inputProps('postLink')}
              type="url"
              inputMode="url"
              placeholder="https://x.com/you/status/…"
              autoFocus
            />,
          )}
        {task.type === 'view_milestone' &&
          field(
            'viewCount',
            'View Count',
            <Input
              {...inputProps('viewCount')}
              inputMode="numeric"
              placeholder="e.g. 12,500"
              autoComplete="off"
            />,
            milestone
              ? `Reaches ${milestone.label}: ${describeReward(rewardFor('view_milestone', viewCount))}.`
              : `At least ${REWARDS.minimumViewCount.toLocaleString('en-US')} views.`,
          )}
        {isFollow &&
          field(
            'socialHandle',
            followPlatform(task.type as FollowType).handleLabel,
            <Input
              {...inputProps('socialHandle')}
              placeholder="@yourname"
              autoComplete="off"
              autoFocus
            />,
          )}
        {field(
          'screenshotUrl',
          'Screenshot Link (optional)',
          <Input
            {...inputProps('screenshotUrl')}
            type="url"
            inputMode="url"
            placeholder="https://…"
          />,
          'A link to a screenshot helps us approve it faster.',
        )}
        {field(
          'description',
          'Notes (optional)',
          <Textarea
            {...inputProps('description')}
            rows={2}
            maxLength={SUBMISSION_DESCRIPTION_MAX}
          />,
        )}
        {errors.form && (
          <p
            className="rounded-md bg-destructive/10 px-3 py-2 font-medium text-destructive text-sm"
            role="alert"
          >
            {errors.form}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" variant="brand" disabled={submit.isPending}>
            {submit.isPending && <Loader2 aria-hidden="true" className="animate-spin" />}
            Submit Proof
          </Button>
        </div>
      </form>
    </>
  );
}
