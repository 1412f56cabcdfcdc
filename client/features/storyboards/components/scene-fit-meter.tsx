// How long a scene's narration takes to say against the 8 s a scene lasts, as the server last
// measured it: "6.4 s of 8 s" with a bar, red with "Too long: shorten this scene" when it does not fit.
import { SECONDS_PER_SCENE } from '@shared/limits';
import { AlertTriangle } from 'lucide-react';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/cn';

export const TOO_LONG_TEXT = 'Too long: shorten this scene';

/** "6.4 s of 8 s". */
export function fitText(fitSeconds: number): string {
  return `${(Math.round(fitSeconds * 10) / 10).toFixed(1)} s of ${SECONDS_PER_SCENE} s`;
}

export function SceneFitMeter({
  id,
  sceneNumber,
  fitSeconds,
  fits,
  measuring,
}: {
  id: string;
  sceneNumber: number;
  fitSeconds: number;
  fits: boolean;
  /** The words changed since the last measure: it is on its way. */
  measuring: boolean;
}) {
  const measure = fitText(fitSeconds);
  const percent = Math.min(100, Math.max(0, (fitSeconds / SECONDS_PER_SCENE) * 100));
  return (
    <div
      className={cn('grid min-w-0 flex-1 gap-1.5 transition-opacity', measuring && 'opacity-60')}
      data-testid="scene-fit"
      data-fits={fits}
    >
      <p id={id} className="flex flex-wrap items-center justify-between gap-x-3 text-xs">
        {fits ? (
          <span className="text-muted-foreground">Spoken length</span>
        ) : (
          <span className="flex items-center gap-1 font-medium text-red-700 dark:text-red-300">
            <AlertTriangle className="size-3.5" aria-hidden="true" />
            {TOO_LONG_TEXT}
          </span>
        )}
        <span
          className={cn(
            'font-medium tabular-nums',
            fits ? 'text-foreground' : 'text-red-700 dark:text-red-300',
          )}
        >
          {measure}
        </span>
      </p>
      <Progress
        value={percent}
        aria-label={`Scene ${sceneNumber} spoken length`}
        getValueLabel={() => measure}
        className={cn('h-1.5', !fits && 'bg-destructive/20')}
        indicatorClassName={fits ? 'bg-primary' : 'bg-destructive'}
      />
    </div>
  );
}
