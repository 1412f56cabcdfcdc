// The three numbers at the top of the dashboard: credits, completed videos, and the videos in
// progress (processing, or queued when none are processing).
import type { Tier } from '@shared/tiers';
import type { LucideIcon } from 'lucide-react';
import { CheckCircle2, Coins, Hourglass, Loader } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { useCredits } from '@/entities/credits/api/get-credits';
import { creditsDisplay } from '@/entities/credits/credits-display';
import { useVideos } from '@/entities/videos/api/get-videos';
import { cn } from '@/lib/cn';
import { activityStat, countVideos } from '../dashboard-stats';

function StatCard({
  icon: Icon,
  label,
  tone = 'default',
  children,
  footer,
}: {
  icon: LucideIcon;
  label: string;
  tone?: 'default' | 'warning';
  children: React.ReactNode;
  footer?: React.ReactNode;
}) {
  return (
    <li
      data-tone={tone}
      className={cn(
        'flex flex-col gap-1 rounded-xl border bg-card p-3 shadow-sm sm:gap-2 sm:p-5',
        tone === 'warning' &&
          'border-amber-400/60 bg-amber-50 text-amber-950 dark:border-amber-400/40 dark:bg-amber-400/10 dark:text-amber-100',
      )}
    >
      <span
        className={cn(
          'flex items-center gap-1.5 font-medium text-muted-foreground text-xs sm:text-sm',
          tone === 'warning' && 'text-amber-800 dark:text-amber-200',
        )}
      >
        <Icon className="hidden size-4 shrink-0 sm:block" aria-hidden="true" />
        {label}
      </span>
      <div className="font-bold text-2xl tabular-nums tracking-tight sm:text-3xl">{children}</div>
      {footer}
    </li>
  );
}

/** Shown, like the credits, when the videos could not be loaded. */
const UNAVAILABLE_TEXT = '--';
const valueSkeleton = <Skeleton className="h-8 w-12 sm:h-9" />;

export function StatCards({ memberLevel }: { memberLevel: Tier }) {
  const credits = useCredits();
  const videos = useVideos();
  const display = creditsDisplay({
    memberLevel,
    credits: credits.data,
    failed: credits.isError,
  });
  const counts = videos.data ? countVideos(videos.data) : null;
  const activity = counts ? activityStat(counts) : { label: 'Processing' as const, value: 0 };
  const videoValue = (value: number, testId: string) =>
    counts ? (
      <span data-testid={testId}>{value}</span>
    ) : videos.isError ? (
      UNAVAILABLE_TEXT
    ) : (
      valueSkeleton
    );

  return (
    <ul aria-label="Your numbers" className="grid grid-cols-3 gap-2 sm:gap-4">
      <StatCard
        icon={Coins}
        label="Credits"
        tone={display?.low ? 'warning' : 'default'}
        footer={
          display?.low && (
            <span className="text-amber-800 text-xs leading-snug dark:text-amber-200">
              Running low
              <span className="hidden sm:inline">. Earn or buy more to keep creating.</span>
            </span>
          )
        }
      >
        {display ? (
          <>
            <span data-testid="credits-value">{display.text}</span>
            {display.unlimited && <span className="sr-only"> (unlimited)</span>}
          </>
        ) : (
          valueSkeleton
        )}
      </StatCard>
      <StatCard icon={CheckCircle2} label="Completed">
        {videoValue(counts?.completed ?? 0, 'completed-value')}
      </StatCard>
      <StatCard icon={activity.label === 'Queued' ? Hourglass : Loader} label={activity.label}>
        {videoValue(activity.value, 'activity-value')}
      </StatCard>
    </ul>
  );
}
