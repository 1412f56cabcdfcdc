// 'Versions': every version of a finished video, newest first (each remix adds one), with its date,
// length and scenes, a small frame of it, "Current" on the one its link plays, and Restore on the
// others. Restoring makes that version the video again (same id, same link): the card and the list
// follow, and a toast says so.
import type { VideoVersion } from '@shared/schemas/storyboards';
import type { Video } from '@shared/schemas/videos';
import { AlertCircle, Clapperboard, History, Loader2, RotateCw } from 'lucide-react';
import { Fragment, useRef } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { formatDuration, formatVideoDate } from '@/entities/videos/video-display';
import { cn } from '@/lib/cn';
import { useVideoVersions } from '../api/get-video-versions';
import { useRestoreVideoVersion } from '../api/restore-video-version';
import { serverMessage } from '../library-errors';

export function versionRestoredTitle(version: number): string {
  return `Version ${version} restored`;
}

export function VideoVersionsDialog({
  video,
  onClose,
}: {
  video: Video | null;
  onClose: () => void;
}) {
  // Kept while the dialog animates out, so its words do not vanish first.
  const last = useRef(video);
  if (video) last.current = video;
  const shown = video ?? last.current;
  return (
    <Dialog open={video !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Versions</DialogTitle>
          <DialogDescription>
            Each remix of “{shown?.title || 'Untitled video'}” is a new version. Restoring one makes
            it the video again: its share link stays the same.
          </DialogDescription>
        </DialogHeader>
        {shown && <VersionList video={shown} />}
      </DialogContent>
    </Dialog>
  );
}

function VersionList({ video }: { video: Video }) {
  const versions = useVideoVersions(video.id);
  const restore = useRestoreVideoVersion();
  const listRef = useRef<HTMLOListElement>(null);

  const restoreVersion = (version: number) =>
    restore.mutate(
      { id: video.id, version },
      {
        onSuccess: () => {
          // Its Restore button goes once it is current: the focus stays on its row, in the dialog.
          listRef.current?.querySelector<HTMLElement>(`[data-version="${version}"]`)?.focus();
          toast({
            title: versionRestoredTitle(version),
            description: `“${video.title || 'Untitled video'}” now plays version ${version}.`,
            variant: 'success',
          });
        },
        onError: (error) =>
          toast({
            title: 'Restore Failed',
            description: serverMessage(
              error,
              'The version could not be restored. Please try again.',
            ),
            variant: 'destructive',
          }),
      },
    );

  if (versions.isPending) {
    return (
      <div aria-busy="true" className="grid gap-3">
        <span className="sr-only">Loading versions…</span>
        <Skeleton className="h-16 rounded-lg" />
        <Skeleton className="h-16 rounded-lg" />
      </div>
    );
  }
  if (versions.isError) {
    return (
      <Alert variant="destructive">
        <AlertCircle aria-hidden="true" />
        <AlertTitle>The versions couldn't be loaded</AlertTitle>
        <AlertDescription className="grid justify-items-start gap-2">
          <p>{serverMessage(versions.error, 'Please try again.')}</p>
          <Button
            variant="outline"
            size="sm"
            disabled={versions.isRefetching}
            onClick={() => void versions.refetch()}
          >
            <RotateCw aria-hidden="true" />
            Retry
          </Button>
        </AlertDescription>
      </Alert>
    );
  }

  return (
    <div className="grid gap-3">
      <ol
        ref={listRef}
        aria-label="Versions, newest first"
        className="grid gap-2"
        data-testid="video-versions"
      >
        {versions.data.map((version) => (
          <VersionRow
            key={version.version}
            version={version}
            portrait={video.aspectRatio === 'portrait'}
            restoring={restore.isPending && restore.variables?.version === version.version}
            busy={restore.isPending}
            onRestore={() => restoreVersion(version.version)}
          />
        ))}
      </ol>
      {versions.data.length === 1 && (
        <p className="text-muted-foreground text-sm">
          This video has one version so far. Each remix of it makes another.
        </p>
      )}
    </div>
  );
}

function VersionRow({
  version,
  portrait,
  restoring,
  busy,
  onRestore,
}: {
  version: VideoVersion;
  portrait: boolean;
  restoring: boolean;
  busy: boolean;
  onRestore: () => void;
}) {
  const details = [
    version.duration !== null ? formatDuration(version.duration) : null,
    `${version.scenes} ${version.scenes === 1 ? 'scene' : 'scenes'}`,
  ].filter(Boolean);
  return (
    <li
      tabIndex={-1}
      data-testid="video-version"
      data-version={version.version}
      data-current={version.current}
      className={cn(
        'flex items-center gap-3 rounded-lg border p-2 pr-3 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
        version.current && 'border-primary/40 bg-primary/5',
      )}
    >
      <div
        aria-hidden="true"
        className="flex aspect-video w-20 shrink-0 items-center justify-center overflow-hidden rounded-md bg-muted sm:w-24"
      >
        {version.thumbnailUrl ? (
          <img
            src={version.thumbnailUrl}
            alt=""
            loading="lazy"
            className={cn('size-full', portrait ? 'bg-neutral-900 object-contain' : 'object-cover')}
          />
        ) : (
          <Clapperboard className="size-5 text-muted-foreground" />
        )}
      </div>
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium text-sm">
          Version {version.version}
          {version.current && <Badge variant="brand">Current</Badge>}
        </p>
        {/* Each part kept whole, so a narrow row wraps between them. */}
        <p className="text-muted-foreground text-xs">
          <time dateTime={version.createdAt} className="whitespace-nowrap">
            {formatVideoDate(version.createdAt)}
          </time>
          {details.map((detail) => (
            <Fragment key={detail}>
              {' '}
              <span className="whitespace-nowrap">· {detail}</span>
            </Fragment>
          ))}
        </p>
      </div>
      {!version.current && (
        <Button variant="outline" size="sm" disabled={busy} onClick={onRestore}>
          {restoring ? (
            <Loader2 aria-hidden="true" className="animate-spin" />
          ) : (
            <History aria-hidden="true" />
          )}
          Restore<span className="sr-only"> version {version.version}</span>
        </Button>
      )}
    </li>
  );
}
