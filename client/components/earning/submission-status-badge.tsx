// A proof submission's status as a coloured label (pending amber, approved green, rejected red),
// shared by the member's list in Profile and the admins' review queue.
import type { SubmissionStatus } from '@shared/earning';
import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';

const LOOK: Record<SubmissionStatus, { label: string; className: string; Icon: typeof Clock }> = {
  pending: {
    label: 'Pending review',
    className: 'border-amber-500/30 bg-amber-500/15 text-amber-800 dark:text-amber-300',
    Icon: Clock,
  },
  approved: {
    label: 'Approved',
    className: 'border-emerald-500/30 bg-emerald-500/15 text-emerald-700 dark:text-emerald-300',
    Icon: CheckCircle2,
  },
  rejected: {
    label: 'Rejected',
    className: 'border-red-500/30 bg-red-500/15 text-red-700 dark:text-red-300',
    Icon: XCircle,
  },
};

export function SubmissionStatusBadge({ status }: { status: SubmissionStatus }) {
  const { label, className, Icon } = LOOK[status];
  return (
    <Badge variant="outline" className={cn(className)} data-status={status}>
      <Icon aria-hidden="true" />
      {label}
    </Badge>
  );
}
