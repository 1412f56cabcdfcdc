// The purchase screen's layout pieces: a section with its heading and lead, and the card of one
// offer (a membership or a pack), ringed and badged when it is the one to point out.
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';

export function PurchaseSection({
  title,
  lead,
  children,
}: {
  title: string;
  lead: React.ReactNode;
  children: React.ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="space-y-1">
        <h2 id={headingId} className="font-semibold text-xl">
          {title}
        </h2>
        <p className="text-muted-foreground text-sm">{lead}</p>
      </div>
      {children}
    </section>
  );
}

export function OfferCard({
  testId,
  highlight,
  className,
  children,
}: {
  testId: string;
  /** 'Most Popular', 'Best Value': the card is ringed and carries the badge. */
  highlight: string | null;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <li
      data-testid={testId}
      className={cn(
        'relative flex flex-col border bg-card shadow-sm',
        highlight && 'border-primary ring-2 ring-primary',
        className,
      )}
    >
      {highlight && (
        <Badge variant="highlight" className="absolute -top-3 left-5">
          {highlight}
        </Badge>
      )}
      {children}
    </li>
  );
}
