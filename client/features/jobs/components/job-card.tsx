// One job in the Creator Engine list: name, schedule and look, where it publishes, its active
// switch, the next run or why it is paused, the last result and what its publishing did, and the
// menu with Edit, Run Now (Elite) and Delete.
import { ASPECT_RATIO_LABELS } from '@shared/catalogue';
import { FREQUENCY_LABELS, type VideoJob } from '@shared/schemas/jobs';
import { CalendarClock, History, MoreVertical, Pencil, Play, Send, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Menu, MenuContent, MenuItem, MenuSeparator, MenuTrigger } from '@/components/ui/menu';
import { Switch } from '@/components/ui/switch';
import { platformList } from '@/entities/publications/publication-display';
import { cn } from '@/lib/cn';
import { jobLastResult, jobSchedule } from '../job-display';

export function JobCard({
  job,
  now,
  canRunNow,
  running,
  onToggle,
  onEdit,
  onRunNow,
  onDelete,
}: {
  job: VideoJob;
  now: Date;
  canRunNow: boolean;
  running: boolean;
  onToggle: (isActive: boolean) => void;
  onEdit: () => void;
  onRunNow: () => void;
  onDelete: () => void;
}) {
  const switchId = useId();
  const schedule = jobSchedule(job, now);
  return (
    <Card data-testid="job-card">
      <CardContent className="grid gap-3 p-4 sm:p-5">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0 space-y-1.5">
            <h3 className="truncate font-semibold">{job.jobName}</h3>
            <div className="flex flex-wrap gap-1.5">
              <Badge variant="secondary">{FREQUENCY_LABELS[job.frequency]}</Badge>
              <Badge variant="outline">
                {job.scenes} {job.scenes === 1 ? 'scene' : 'scenes'}
              </Badge>
              <Badge variant="outline">{ASPECT_RATIO_LABELS[job.aspectRatio]}</Badge>
              <Badge variant="outline">{job.advancedMode ? 'Advanced' : 'Guided'}</Badge>
              {job.publishTo && job.publishTo.platforms.length > 0 && (
                <Badge variant="brand" className="whitespace-normal">
                  <Send aria-hidden="true" />
                  Publishes to {platformList(job.publishTo.platforms)}
                  {job.publishTo.holdForReview && ' after your review'}
                </Badge>
              )}
            </div>
          </div>
          <div className="flex shrink-0 items-center gap-1">
            <Label htmlFor={switchId} className="sr-only">
              Active: {job.jobName}
            </Label>
            <Switch id={switchId} checked={job.isActive} onCheckedChange={onToggle} />
            <Menu>
              <MenuTrigger asChild>
                <Button variant="ghost" size="icon" aria-label={`Actions for ${job.jobName}`}>
                  <MoreVertical aria-hidden="true" />
                </Button>
              </MenuTrigger>
              <MenuContent>
                <MenuItem onSelect={onEdit}>
                  <Pencil aria-hidden="true" />
                  Edit
                </MenuItem>
                {canRunNow && (
                  <MenuItem onSelect={onRunNow} disabled={running}>
                    <Play aria-hidden="true" />
                    Run Now
                  </MenuItem>
                )}
                <MenuSeparator />
                <MenuItem onSelect={onDelete} className="text-destructive">
                  <Trash2 aria-hidden="true" />
                  Delete
                </MenuItem>
              </MenuContent>
            </Menu>
          </div>
        </div>
        <p
          className={cn(
            'flex items-start gap-2 text-sm',
            schedule.tone === 'paused'
              ? 'text-amber-600 dark:text-amber-400'
              : 'text-muted-foreground',
          )}
        >
          <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {schedule.text}
        </p>
        <p className="flex items-start gap-2 text-muted-foreground text-sm">
          <History aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span className="min-w-0 break-words">{jobLastResult(job)}</span>
        </p>
        {job.lastPublishResult && (
          <p
            className="flex items-start gap-2 text-muted-foreground text-sm"
            data-testid="job-publish-result"
          >
            <Send aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span className="min-w-0 break-words">{job.lastPublishResult}</span>
          </p>
        )}
      </CardContent>
    </Card>
  );
}
