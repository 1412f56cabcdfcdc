// A plan's price (the original struck through, as spec/api.md §9.1 shows it) and its feature
// list, as the landing page's pricing and the purchase screen's memberships both present them.
import type { TierDisplay } from '@shared/tiers';
import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';

export function PlanPrice({ plan, className }: { plan: TierDisplay; className?: string }) {
  return (
    <p className={cn('flex flex-wrap items-baseline gap-x-2', className)}>
      <span className="font-extrabold text-4xl tracking-tight">{plan.price}</span>
      {plan.originalPrice && (
        <s className="text-lg text-muted-foreground">
          <span className="sr-only">was </span>
          {plan.originalPrice}
        </s>
      )}
      <span className="text-muted-foreground text-sm">{plan.period}</span>
    </p>
  );
}

export function PlanFeatures({ plan }: { plan: TierDisplay }) {
  return (
    <ul className="mt-6 flex-1 space-y-3">
      {plan.features.map((feature) => (
        <li key={feature} className="flex items-start gap-2 text-sm">
          <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
          {feature}
        </li>
      ))}
    </ul>
  );
}
