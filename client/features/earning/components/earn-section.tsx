// 'Earn Video Credits' (spec/product.md "Profile", spec/api.md §9.3): the referral link, an X post,
// following each platform, view milestones, each with its reward and proof modal, and the member's
// own submissions with their status. Deep links land here through the card's id (#earn).

import { REWARDS } from '@shared/catalogue';
import {
  describeReward,
  FOLLOW_PLATFORMS,
  type FollowPlatform,
  rewardFor,
  SUBMISSION_TYPE_LABELS,
  X_HANDLE,
  X_HASHTAG,
} from '@shared/earning';
import type { Submission } from '@shared/schemas/submissions';
import {
  CheckCircle2,
  Clock,
  ExternalLink,
  Eye,
  Gift,
  MessagesSquare,
  Send,
  Users,
} from 'lucide-react';
import { useState } from 'react';
import { FacebookIcon, LinkedInIcon, XIcon } from '@/components/brand/social-icons';
import { SubmissionStatusBadge } from '@/components/earning/submission-status-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useClientConfig } from '@/entities/client-config/api/get-client-config';
import { useMySubmissions } from '@/entities/earning/api/get-submissions';
import { PlatformIcon } from '@/entities/publications/components/platform-icon';
import { ProofDialog, type ProofTask } from './proof-dialog';
import { ReferralCard } from './referral-card';

/** Every platform has its mark (a record, so a new platform without one does not compile). */
const PLATFORM_ICONS: Record<FollowPlatform['type'], React.ReactNode> = {
  follow_discord: <MessagesSquare className="size-4" aria-hidden="true" />,
  follow_x: <XIcon />,
  follow_facebook: <FacebookIcon />,
  follow_linkedin: <LinkedInIcon />,
  follow_telegram: <Send className="size-4" aria-hidden="true" />,
  follow_instagram: <PlatformIcon platform="instagram" />,
  follow_youtube: <PlatformIcon platform="youtube" />,
  follow_tiktok: <PlatformIcon platform="tiktok" />,
};

const SUBMITTED_AT = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

function rewardBadge(text: string) {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-primary/10 px-2 py-0.5 font-semibold text-primary text-xs">
      <Gift className="size-3" aria-hidden="true" />
      {text}
    </span>
  );
}

/** One earning task: its heading with an icon, what sits at its right (the reward), and the rest. */
function TaskCard({
  id,
  icon,
  title,
  aside,
  children,
}: {
  id: string;
  icon: React.ReactNode;
  title: string;
  aside: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="grid gap-3 rounded-lg border p-3 sm:p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={id} className="flex items-center gap-2 font-semibold">
          {icon} {title}
        </h3>
        {aside}
      </div>
      {children}
    </section>
  );
}

export function EarnSection({ referralCode }: { referralCode: string }) {
  const [task, setTask] = useState<ProofTask | null>(null);
  const submissions = useMySubmissions();
  const { data: config } = useClientConfig();
  const statusOf = (type: Submission['submissionType']) => {
    const mine = submissions.data?.filter((submission) => submission.submissionType === type) ?? [];
    if (mine.some((submission) => submission.status === 'approved')) return 'approved' as const;
    if (mine.some((submission) => submission.status === 'pending')) return 'pending' as const;
    return null;
  };
  const xPostText = `Making videos from a sentence with ${X_HANDLE} ${X_HASHTAG}`;

  return (
    <Card id="earn" className="scroll-mt-20">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Gift className="size-5 text-primary" aria-hidden="true" />
          Earn Video Credits
        </CardTitle>
        <CardDescription>
          Free credits for spreading the word. Our team reviews every proof, usually within a day,
          and you are told here as soon as it is done.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 px-4 sm:px-6 [&>*]:min-w-0">
        <ReferralCard referralCode={referralCode} />

        <TaskCard
          id="earn-x-post"
          icon={<XIcon />}
          title="Post on X"
          aside={rewardBadge(describeReward(rewardFor('x_post', null)))}
        >
          <p className="text-muted-foreground text-sm">
            Post about Reelforge mentioning <strong>{X_HANDLE}</strong> and{' '}
            <strong>{X_HASHTAG}</strong>, then send us the link to your post.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" asChild>
              <a
                href={`https://twitter.com/intent/tweet?${new URLSearchParams({ text: xPostText })}`}
                target="_blank"
                rel="noopener noreferrer"
              >
                <ExternalLink aria-hidden="true" />
                Write a Post
              </a>
            </Button>
            <Button
              size="sm"
              onClick={() => setTask({ type: 'x_post' })}
              aria-label="Submit proof for X post"
            >
              Submit Proof
            </Button>
          </div>
        </TaskCard>

        <TaskCard
          id="earn-follow"
          icon={<Users className="size-4" aria-hidden="true" />}
          title="Follow Us"
          aside={rewardBadge(
            `${REWARDS.followPerPlatform} credit each, Discord ${REWARDS.discordJoin}`,
          )}
        >
          <ul className="grid gap-2 sm:grid-cols-2" aria-label="Platforms to follow">
            {FOLLOW_PLATFORMS.map((platform) => {
              const status = statusOf(platform.type);
              const url =
                platform.type === 'follow_discord' ? config?.discordInviteUrl : platform.url;
              return (
                <li
                  key={platform.type}
                  className="flex items-center justify-between gap-2 rounded-md bg-muted/50 py-2 pr-2 pl-3"
                  data-testid={`follow-${platform.type}`}
                >
                  <span className="flex min-w-0 items-center gap-2 font-medium text-sm">
                    {PLATFORM_ICONS[platform.type]}
                    <span className="truncate">{platform.name}</span>
                    <span className="text-muted-foreground text-xs">+{platform.credits}</span>
                  </span>
                  <span className="flex shrink-0 items-center gap-1">
                    {url && !status && (
                      <Button variant="ghost" size="sm" asChild>
                        <a
                          href={url}
                          target="_blank"
                          rel="noopener noreferrer"
                          aria-label={`${platform.action} Reelforge on ${platform.name}`}
                        >
                          {platform.action}
                        </a>
                      </Button>
                    )}
                    {status === 'approved' ? (
                      <span className="flex items-center gap-1 font-medium text-emerald-700 text-xs dark:text-emerald-300">
                        <CheckCircle2 className="size-4" aria-hidden="true" /> Earned
                      </span>
                    ) : status === 'pending' ? (
                      <span className="flex items-center gap-1 font-medium text-amber-700 text-xs dark:text-amber-300">
                        <Clock className="size-4" aria-hidden="true" /> Pending review
                      </span>
                    ) : (
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => setTask({ type: platform.type })}
                        aria-label={`Submit proof for ${platform.name}`}
                      >
                        Submit Proof
                      </Button>
                    )}
                  </span>
                </li>
              );
            })}
          </ul>
        </TaskCard>

        <TaskCard
          id="earn-views"
          icon={<Eye className="size-4" aria-hidden="true" />}
          title="View Milestones"
          aside={
            <Button
              size="sm"
              onClick={() => setTask({ type: 'view_milestone' })}
              aria-label="Submit proof for view milestone"
            >
              Submit Proof
            </Button>
          }
        >
          <p className="text-muted-foreground text-sm">
            A post about Reelforge that takes off earns more as it grows. Reaching a higher
            milestone later pays the difference.
          </p>
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {REWARDS.viewMilestones.map((milestone) => (
              <li key={milestone.label} className="rounded-md bg-muted/50 px-3 py-2 text-center">
                <div className="font-semibold text-sm">{milestone.label}</div>
                <div className="text-muted-foreground text-xs">
                  {describeReward(rewardFor('view_milestone', milestone.minViews))}
                </div>
              </li>
            ))}
          </ul>
        </TaskCard>

        <MySubmissions submissions={submissions} />
      </CardContent>
      <ProofDialog task={task} onOpenChange={(open) => !open && setTask(null)} />
    </Card>
  );
}

function MySubmissions({ submissions }: { submissions: ReturnType<typeof useMySubmissions> }) {
  return (
    <section aria-labelledby="earn-mine" className="grid gap-3">
      <h3 id="earn-mine" className="font-semibold">
        Your Submissions
      </h3>
      {submissions.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : submissions.isError ? (
        <p className="text-muted-foreground text-sm">
          Unable to load your submissions.{' '}
          <Button variant="link" className="h-auto p-0" onClick={() => void submissions.refetch()}>
            Retry
          </Button>
        </p>
      ) : submissions.data.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          Nothing sent yet. Complete a task above and submit your proof.
        </p>
      ) : (
        <ul className="grid gap-2" aria-label="Your submissions">
          {submissions.data.map((submission) => (
            <li
              key={submission.id}
              className="grid gap-1 rounded-md border px-3 py-2"
              data-testid="my-submission"
              data-status={submission.status}
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium text-sm">
                  {SUBMISSION_TYPE_LABELS[submission.submissionType]}
                  <span className="ml-2 font-normal text-muted-foreground text-xs">
                    {SUBMITTED_AT.format(new Date(submission.createdAt))}
                  </span>
                </span>
                <SubmissionStatusBadge status={submission.status} />
              </div>
              {submission.status === 'approved' && (
                <p className="text-muted-foreground text-xs">
                  {submission.creditsAwarded
                    ? `+${submission.creditsAwarded} credit${submission.creditsAwarded === 1 ? '' : 's'}`
                    : submission.submissionType === 'view_milestone'
                      ? 'One month of Elite'
                      : 'Approved'}
                </p>
              )}
              {submission.status === 'rejected' && submission.adminNotes && (
                <p className="text-sm">
                  <span className="font-medium">Reason:</span> {submission.adminNotes}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
