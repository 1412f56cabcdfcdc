// How often the job runs and how many scenes each video has, within what the plan allows.
import { SECONDS_PER_SCENE } from '@shared/limits';
import { JOB_FIELD_LABELS } from '@shared/schemas/jobs';
import { TIER_RULES, type Tier } from '@shared/tiers';
import { useId } from 'react';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { frequencyOptions, type JobFormValues, sceneOptions } from '../job-form-values';

export function JobScheduleFields({
  level,
  frequency,
  scenes,
  savedScenes,
  onFrequencyChange,
  onScenesChange,
}: {
  level: Tier;
  frequency: JobFormValues['frequency'];
  scenes: number;
  /** The edited job's scene count, kept on offer even above the plan's maximum. */
  savedScenes: number | null;
  onFrequencyChange: (frequency: JobFormValues['frequency']) => void;
  onScenesChange: (scenes: number) => void;
}) {
  const ids = { frequency: useId(), scenes: useId(), scenesHint: useId() };
  return (
    <>
      <div className="grid content-start gap-2">
        <Label htmlFor={ids.frequency}>{JOB_FIELD_LABELS.frequency}</Label>
        <Select
          value={frequency}
          onValueChange={(value) => onFrequencyChange(value as JobFormValues['frequency'])}
        >
          <SelectTrigger id={ids.frequency}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {frequencyOptions(level).map((option) => (
              <SelectItem key={option.value} value={option.value} disabled={option.disabled}>
                {option.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>

      <div className="grid content-start gap-2">
        <Label htmlFor={ids.scenes}>{JOB_FIELD_LABELS.scenes}</Label>
        <Select value={String(scenes)} onValueChange={(value) => onScenesChange(Number(value))}>
          <SelectTrigger id={ids.scenes} aria-describedby={ids.scenesHint}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {sceneOptions(level, savedScenes).map((count) => (
              <SelectItem key={count} value={String(count)}>
                {count} {count === 1 ? 'scene' : 'scenes'} ({count * SECONDS_PER_SCENE} s)
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <p id={ids.scenesHint} className="text-muted-foreground text-xs">
          Up to {TIER_RULES[level].maxScenes} on your plan.
        </p>
      </div>
    </>
  );
}
