// A publication's status as a coloured badge: on its way (blue, turning), published (green),
// failed (red), held for the member's review (amber), with the upload's progress while it uploads.
import type { Publication, PublicationStatus } from '@shared/schemas/publishing';
import { Loader2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { isPublishing, publicationStatusText } from '../publication-display';

const STATUS_STYLES: Record<PublicationStatus, string> = {
  held: 'border-amber-500/30 bg-amber-500/10 text-amber-800 dark:text-amber-300',
  queued: 'border-blue-500/30 bg-blue-500/10 text-blue-700 dark:text-blue-300',
  uploading: 'border-blue-500/30 bg-blue-500/10 text-blue-700 dark:text-blue-300',
  processing: 'border-blue-500/30 bg-blue-500/10 text-blue-700 dark:text-blue-300',
  published: 'border-green-500/30 bg-green-500/10 text-green-700 dark:text-green-300',
  failed: 'border-red-500/30 bg-red-500/10 text-red-700 dark:text-red-300',
};

export function PublicationStatusBadge({
  publication,
  className,
}: {
  publication: Pick<Publication, 'status' | 'progress'>;
  className?: string;
}) {
  const { status } = publication;
  return (
    <Badge
      data-testid="publication-status"
      data-status={status}
      className={cn(STATUS_STYLES[status], className)}
    >
      {isPublishing(status) ? (
        <Loader2 aria-hidden="true" className="motion-safe:animate-spin" />
      ) : (
        <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      )}
      {publicationStatusText(publication)}
    </Badge>
  );
}
