// What a job's row says about its schedule and its last run (spec/product.md §2 Creator Engine), as
// pure rules so the list only lays them out.
import type { VideoJob } from '@shared/schemas/jobs';

const runTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

export type JobSchedule = { tone: 'active' | 'paused' | 'off'; text: string };

export function jobSchedule(
  job: Pick<VideoJob, 'isActive' | 'pausedReason' | 'nextRunAt'>,
  now: Date,
): JobSchedule {
  if (!job.isActive) return { tone: 'off', text: 'Off: switch it on to resume' };
  if (job.pausedReason) return { tone: 'paused', text: job.pausedReason };
  if (!job.nextRunAt) return { tone: 'active', text: 'Next video: being scheduled' };
  const next = new Date(job.nextRunAt);
  // The scheduler looks every minute, so a due job's video is at most that far away.
  if (next.getTime() <= now.getTime())
    return { tone: 'active', text: 'Next video: within a minute' };
  return { tone: 'active', text: `Next video: ${runTime.format(next)}` };
}

export function jobLastResult(job: Pick<VideoJob, 'lastResult' | 'lastRunAt'>): string {
  if (!job.lastResult) return 'Last run: none yet';
  return job.lastRunAt
    ? `Last run ${runTime.format(new Date(job.lastRunAt))}: ${job.lastResult}`
    : `Last run: ${job.lastResult}`;
}
