// One platform where the member chooses where to publish (the Publish dialog, the job form): a
// checkbox named by the platform with the account beside it when connected; otherwise the way to
// Profile → Connections. A platform ticked earlier that has since lost its connection (a saved job)
// keeps its checkbox so it can be unticked.
import { PLATFORM_LABELS } from '@shared/schemas/publishing';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link2, TriangleAlert } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import type { PlatformChoice } from '../publication-display';
import { PlatformIcon } from './platform-icon';

export function PlatformChoiceRow({
  choice,
  checked,
  taken = null,
  onToggle,
  onConnect,
}: {
  choice: PlatformChoice;
  checked: boolean;
  /** This video is already out there, or on its way: it cannot be ticked again. */
  taken?: 'published' | 'publishing' | null;
  onToggle: (checked: boolean) => void;
  /** Goes to Profile → Connections. */
  onConnect: () => void;
}) {
  const id = useId();
  const inputId = `${id}-input`;
  const detailId = `${id}-detail`;
  const label = PLATFORM_LABELS[choice.platform];
  const connected = choice.kind === 'connected';
  const showCheckbox = connected || checked;
  const disabled = taken !== null || (!connected && !checked);
  const detail =
    taken === 'published'
      ? 'Already published'
      : taken === 'publishing'
        ? 'Publishing now'
        : choice.kind === 'not_connected'
          ? null
          : choice.accountName;

  return (
    <div
      data-testid={`publish-platform-${choice.platform}`}
      className={cn(
        'flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border p-3 transition-colors',
        connected
          ? 'has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50'
          : 'border-dashed',
        taken && 'opacity-70',
      )}
    >
      {showCheckbox && (
        <input
          id={inputId}
          type="checkbox"
          checked={checked}
          disabled={disabled}
          onChange={(event) => onToggle(event.target.checked)}
          aria-describedby={detail ? detailId : undefined}
          className="size-4 shrink-0 cursor-pointer accent-primary outline-none disabled:cursor-not-allowed"
        />
      )}
      {showCheckbox ? (
        <label
          htmlFor={inputId}
          className={cn(
            'flex min-w-0 items-center gap-2 font-medium text-sm',
            connected && 'flex-1',
            disabled ? 'cursor-not-allowed' : 'cursor-pointer',
          )}
        >
          <PlatformIcon platform={choice.platform} className="size-5" />
          {label}
        </label>
      ) : (
        <span className="flex min-w-0 items-center gap-2 font-medium text-sm">
          <PlatformIcon platform={choice.platform} className="size-5 text-muted-foreground" />
          {label}
        </span>
      )}
      {choice.kind === 'reconnect_needed' && (
        <Badge variant="outline" className="border-destructive text-destructive">
          Reconnect needed
        </Badge>
      )}
      {detail && (
        <span id={detailId} className="min-w-0 break-words text-muted-foreground text-xs">
          {detail}
        </span>
      )}
      {!connected && (
        <Button
          type="button"
          variant="link"
          size="sm"
          className="ml-auto h-auto p-0"
          onClick={onConnect}
        >
          <Link2 aria-hidden="true" />
          {choice.kind === 'reconnect_needed'
            ? `Reconnect ${label} in Profile`
            : `Connect ${label} in Profile`}
        </Button>
      )}
    </div>
  );
}

/**
 * The platforms' list once the member's connections are in: a placeholder while they load, the
 * way to try again when they could not be read, and a line when this server offers none.
 */
export function ConnectionsGate({
  connections,
  hasChoices,
  placeholderClassName,
  children,
}: {
  connections: Pick<UseQueryResult<unknown>, 'isPending' | 'isError' | 'refetch'>;
  hasChoices: boolean;
  placeholderClassName: string;
  children: ReactNode;
}) {
  if (connections.isPending) return <Skeleton className={cn('w-full', placeholderClassName)} />;
  if (connections.isError) {
    return (
      <p role="alert" className="flex flex-wrap items-center gap-2 text-destructive text-sm">
        <TriangleAlert className="size-4" aria-hidden="true" />
        Your connections could not be loaded.
        <Button
          type="button"
          variant="link"
          size="sm"
          className="h-auto p-0"
          onClick={() => void connections.refetch()}
        >
          Try again
        </Button>
      </p>
    );
  }
  if (!hasChoices) {
    return (
      <p className="text-muted-foreground text-sm">
        Publishing to YouTube, TikTok or Instagram is not available on this server yet.
      </p>
    );
  }
  return children;
}
