// The heading block at the top of each main-app screen, with an optional Back button.
import { ArrowLeft } from 'lucide-react';
import { Button } from '@/components/ui/button';

export function ScreenHeader({
  title,
  description,
  onBack,
  children,
}: {
  title: string;
  description?: string;
  onBack?: () => void;
  children?: React.ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-col gap-3 sm:mb-8">
      {onBack && (
        <Button variant="ghost" size="sm" className="-ml-2 w-fit" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          Back
        </Button>
      )}
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0 space-y-1">
          <h1 className="font-bold text-2xl tracking-tight [overflow-wrap:anywhere] sm:text-3xl">
            {title}
          </h1>
          {description && <p className="text-muted-foreground">{description}</p>}
        </div>
        {children}
      </div>
    </div>
  );
}
