// The scene count: one step at a time between 1 and the plan's maximum, with the resulting length.
import { LIMITS, SECONDS_PER_SCENE } from '@shared/limits';
import type { Tier } from '@shared/tiers';
import { Minus, Plus } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';

export function planSceneLimitLabel(memberLevel: Tier, maxScenes: number): string {
  return `${memberLevel} plan: up to ${maxScenes} scene${maxScenes === 1 ? '' : 's'}`;
}

export function SceneStepper({
  value,
  maxScenes,
  memberLevel,
  onChange,
}: {
  value: number;
  maxScenes: number;
  memberLevel: Tier;
  onChange: (value: number) => void;
}) {
  const hintId = useId();
  return (
    <fieldset aria-describedby={hintId} className="min-w-0">
      <legend className="mb-2 font-medium text-sm">Scenes</legend>
      <div className="flex items-center gap-3">
        <Button
          variant="outline"
          size="icon"
          aria-label="Decrease scenes"
          disabled={value <= LIMITS.scenesMin}
          onClick={() => onChange(Math.max(LIMITS.scenesMin, value - 1))}
        >
          <Minus aria-hidden="true" />
        </Button>
        <output
          data-testid="scene-count"
          aria-live="polite"
          className="min-w-8 text-center font-semibold text-2xl tabular-nums"
        >
          {value}
        </output>
        <Button
          variant="outline"
          size="icon"
          aria-label="Increase scenes"
          disabled={value >= maxScenes}
          onClick={() => onChange(Math.min(maxScenes, value + 1))}
        >
          <Plus aria-hidden="true" />
        </Button>
        <span className="text-muted-foreground text-sm">{value * SECONDS_PER_SCENE} seconds</span>
      </div>
      <p id={hintId} className="mt-2 text-muted-foreground text-xs">
        {planSceneLimitLabel(memberLevel, maxScenes)}
      </p>
    </fieldset>
  );
}
