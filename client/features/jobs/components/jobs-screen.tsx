// The Creator Engine tab (spec/product.md §2): intro, 'Perfect For', the jobs list with each job's
// switch and menu, and the create/edit form. `/jobs#edit={jobId}` opens straight into editing.
import { jobRunPrompt } from '@shared/job-prompt';
import type { SessionUser } from '@shared/schemas/auth';
import type { VideoJob } from '@shared/schemas/jobs';
import type { FolderSummary } from '@shared/schemas/library';
import { normalizeTier, TIER_RULES } from '@shared/tiers';
import { useQueryClient } from '@tanstack/react-query';
import { Bot, Plus, RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ScreenHeader } from '@/components/layout/screen-header';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { InsufficientCreditsDialog } from '@/entities/credits/components/insufficient-credits-dialog';
import { insufficientCreditsIn } from '@/entities/credits/insufficient-credits';
import { folderKeys } from '@/entities/folders/api/folder-keys';
import { useVideoJobs } from '@/entities/jobs/api/get-video-jobs';
import { useAppNavigation } from '@/lib/app-navigation';
import { jobDeletedToast } from '@/lib/realtime/realtime-session';
import { dropJobFromCache, useDeleteVideoJob } from '../api/delete-video-job';
import { useRunVideoJobNow } from '../api/run-video-job-now';
import { useSetVideoJobActive } from '../api/set-video-job-active';
import { isNotFound, JOB_MESSAGES } from '../job-errors';
import { JobCard } from './job-card';
import { JobForm } from './job-form';
import { JobsIntro } from './jobs-intro';

type View = { kind: 'list' } | { kind: 'create' } | { kind: 'edit'; jobId: number };

/** A minute is the scheduler's step; the list's "next video" texts refresh at that pace. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

export function JobsScreen({
  user,
  initialEditJobId = null,
}: {
  user: SessionUser;
  initialEditJobId?: number | null;
}) {
  const { navigate } = useAppNavigation();
  const queryClient = useQueryClient();
  const plan = TIER_RULES[normalizeTier(user.memberLevel)];
  const jobsQuery = useVideoJobs();
  const setActive = useSetVideoJobActive();
  const deleteJob = useDeleteVideoJob();
  const runNow = useRunVideoJobNow();
  const now = useMinuteClock();
  const [view, setView] = useState<View>(() =>
    initialEditJobId === null ? { kind: 'list' } : { kind: 'edit', jobId: initialEditJobId },
  );
  const [deleting, setDeleting] = useState<VideoJob | null>(null);
  const [creditsDialog, setCreditsDialog] = useState<{ open: boolean; remaining: number | null }>({
    open: false,
    remaining: 0,
  });

  const jobs = jobsQuery.data ?? [];
  const toList = () => setView({ kind: 'list' });
  const showInsufficientCredits = (remaining: number | null) =>
    setCreditsDialog({ open: true, remaining });

  const creditsDialogElement = (
    <InsufficientCreditsDialog
      open={creditsDialog.open}
      remainingCredits={creditsDialog.remaining}
      onOpenChange={(open) => setCreditsDialog((current) => ({ ...current, open }))}
    />
  );

  if (view.kind !== 'list') {
    const editing = view.kind === 'edit' ? jobs.find((job) => job.id === view.jobId) : null;
    const header = (
      <ScreenHeader
        title={view.kind === 'edit' ? 'Edit Job' : 'Create Job'}
        description="A job makes a video on its schedule and files it in its folder."
        onBack={toList}
      />
    );
    if (view.kind === 'edit' && editing === undefined) {
      return (
        <>
          {header}
          {jobsQuery.isPending ? (
            <Skeleton className="h-96 w-full" />
          ) : (
            <Card>
              <CardContent className="grid justify-items-start gap-3 p-6">
                <p>
                  {jobsQuery.isError
                    ? 'Your jobs could not be loaded.'
                    : 'This job no longer exists. It may have been deleted in another tab.'}
                </p>
                <Button variant="outline" onClick={toList}>
                  Back to Creator Engine
                </Button>
              </CardContent>
            </Card>
          )}
        </>
      );
    }
    return (
      <>
        {header}
        <JobForm
          // A different job is a fresh form.
          key={editing?.id ?? 'new'}
          user={user}
          job={editing ?? null}
          onDone={toList}
          onInsufficientCredits={showInsufficientCredits}
        />
        {creditsDialogElement}
      </>
    );
  }

  const toggle = (job: VideoJob, isActive: boolean) =>
    setActive.mutate(
      { id: job.id, isActive },
      {
        onSuccess: () =>
          toast({
            title: isActive ? 'Job Activated' : 'Job Paused',
            description: isActive
              ? `“${job.jobName}” will make videos on its schedule.`
              : `“${job.jobName}” will not run until you switch it on.`,
          }),
        onError: () =>
          toast({ title: 'Error', description: JOB_MESSAGES.toggleFailed, variant: 'destructive' }),
      },
    );

  const run = (job: VideoJob) =>
    runNow.mutate(
      { job, videoPrompt: jobRunPrompt(job).prompt },
      {
        onSuccess: () =>
          toast({
            title: 'Video Queued!',
            description: `“${job.jobName}” is making a video now. It will be in the job's folder in your Library.`,
            variant: 'success',
          }),
        onError: (error) => {
          const remaining = insufficientCreditsIn(error);
          if (remaining !== undefined) {
            showInsufficientCredits(plan.monthlyCredits === null ? null : remaining);
            return;
          }
          toast({ title: 'Error', description: JOB_MESSAGES.runFailed, variant: 'destructive' });
        },
      },
    );

  const confirmDelete = (job: VideoJob) =>
    deleteJob.mutate(job.id, {
      // The same toast the socket's job_deleted gives (one of the two shows, keyed by the job).
      onSuccess: ({ deletedJob }) =>
        toast(
          jobDeletedToast({
            jobName: deletedJob.jobName,
            videosUnlinked:
              queryClient
                .getQueryData<FolderSummary[]>(folderKeys.list())
                ?.find((folder) => folder.type === 'job' && folder.id === job.id)?.videoCount ?? 0,
            jobId: job.id,
          }),
        ),
      onError: (error) => {
        if (isNotFound(error)) {
          dropJobFromCache(queryClient, job.id);
          toast({ ...JOB_MESSAGES.deleteGone, variant: 'destructive' });
          return;
        }
        toast({ title: 'Error', description: JOB_MESSAGES.deleteFailed, variant: 'destructive' });
      },
    });

  return (
    <>
      <ScreenHeader
        title="Creator Engine"
        description="Scheduled automations that make videos for you."
        onBack={() => navigate('dashboard')}
      >
        <Button variant="brand" onClick={() => setView({ kind: 'create' })}>
          <Plus aria-hidden="true" />
          Create Job
        </Button>
      </ScreenHeader>

      <div className="grid gap-8">
        <JobsIntro collapsed={jobs.length > 0} />

        <section aria-labelledby="jobs-list-heading" className="grid gap-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="jobs-list-heading" className="font-semibold text-xl">
              Creator Engine ({jobs.length})
            </h2>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => void jobsQuery.refetch()}
              disabled={jobsQuery.isFetching}
            >
              <RefreshCw
                aria-hidden="true"
                className={jobsQuery.isFetching ? 'motion-safe:animate-spin' : undefined}
              />
              Refresh
            </Button>
          </div>

          {jobsQuery.isPending ? (
            <div className="grid gap-4 md:grid-cols-2">
              <Skeleton className="h-36" />
              <Skeleton className="h-36" />
            </div>
          ) : jobsQuery.isError && jobs.length === 0 ? (
            <Card>
              <CardContent className="grid justify-items-start gap-3 p-6">
                <p>Your jobs could not be loaded.</p>
                <Button variant="outline" onClick={() => void jobsQuery.refetch()}>
                  Try Again
                </Button>
              </CardContent>
            </Card>
          ) : jobs.length === 0 ? (
            <Card className="border-dashed">
              <CardContent className="grid justify-items-center gap-3 p-8 text-center">
                <Bot aria-hidden="true" className="size-10 text-muted-foreground" />
                <p className="font-medium">No automations yet</p>
                <p className="max-w-sm text-muted-foreground text-sm">
                  Create a job and it will make its first video within a minute, then keep to its
                  schedule.
                </p>
                <Button variant="outline" onClick={() => setView({ kind: 'create' })}>
                  <Plus aria-hidden="true" />
                  Create Job
                </Button>
              </CardContent>
            </Card>
          ) : (
            <ul className="grid gap-4 md:grid-cols-2">
              {jobs.map((job) => (
                <li key={job.id}>
                  <JobCard
                    job={job}
                    now={now}
                    canRunNow={plan.runNow}
                    running={runNow.isPending && runNow.variables?.job.id === job.id}
                    onToggle={(isActive) => toggle(job, isActive)}
                    onEdit={() => setView({ kind: 'edit', jobId: job.id })}
                    onRunNow={() => run(job)}
                    onDelete={() => setDeleting(job)}
                  />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      <AlertDialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete Job</AlertDialogTitle>
            <AlertDialogDescription>
              Delete “{deleting?.jobName}”? It stops making videos. The videos it made stay in your
              library.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              onClick={() => deleting && confirmDelete(deleting)}
            >
              Delete Job
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
      {creditsDialogElement}
    </>
  );
}
