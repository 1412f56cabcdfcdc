// The three plans, from shared/plans.ts.

import { TIER_DISPLAY, TIERS } from '@shared/tiers';
import { PlanFeatures, PlanPrice } from '@/components/pricing/plan-details';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

export function PricingSection({ loginUrl }: { loginUrl: string }) {
  return (
    <section id="pricing" className="scroll-mt-20 bg-muted/40 py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <h2 className="font-bold text-3xl tracking-tight sm:text-4xl">
            Simple pricing, one credit per video
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">
            Start free. Upgrade when you publish every day. Subscriptions renew monthly; cancel any
            time.
          </p>
        </div>
        <ul className="mx-auto mt-12 grid max-w-5xl gap-6 lg:grid-cols-3">
          {TIERS.map((level) => {
            const plan = TIER_DISPLAY[level];
            return (
              <li
                key={level}
                className={cn(
                  'relative flex flex-col rounded-2xl border bg-card p-8 shadow-sm',
                  plan.popular && 'border-primary shadow-xl ring-2 ring-primary lg:-translate-y-2',
                )}
              >
                {plan.popular && (
                  <Badge variant="highlight" className="absolute -top-3 left-1/2 -translate-x-1/2">
                    Most Popular
                  </Badge>
                )}
                <h3 className="font-semibold text-xl">{plan.name}</h3>
                <p className="mt-1 text-muted-foreground text-sm">{plan.description}</p>
                <PlanPrice plan={plan} className="mt-6" />
                <PlanFeatures plan={plan} />
                <Button
                  asChild
                  className="mt-8"
                  variant={plan.popular ? 'brand' : 'outline'}
                  size="lg"
                >
                  <a href={loginUrl}>{level === 'Free' ? 'Start free' : `Choose ${plan.name}`}</a>
                </Button>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
