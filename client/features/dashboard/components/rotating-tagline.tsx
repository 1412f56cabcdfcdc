// The line under the dashboard logo. It is decoration, so screen readers are not interrupted
// when it changes.
import { TIMINGS } from '@shared/limits';
import { cn } from '@/lib/cn';
import { useRotatingTagline } from '../hooks/use-rotating-tagline';
import { TAGLINES } from '../taglines';

export function RotatingTagline({ className }: { className?: string }) {
  const { message, visible } = useRotatingTagline(TAGLINES);
  return (
    <p
      data-testid="dashboard-tagline"
      aria-live="off"
      style={{ transitionDuration: `${TIMINGS.taglineFadeMs}ms` }}
      className={cn(
        'min-h-[1.5em] text-muted-foreground transition-opacity ease-in-out motion-reduce:transition-none',
        visible ? 'opacity-100' : 'opacity-0',
        className,
      )}
    >
      {message}
    </p>
  );
}
