// Monthly Memberships (spec/product.md "Purchase Credits", spec/api.md §9.1): Pro (Most Popular)
// and Elite with their struck-through prices and features. The member's plan is marked; a plan
// above it offers the upgrade; Elite sees no upgrade at all.
import { MEMBER_LEVELS, MEMBERSHIP_PLANS } from '@shared/plans';
import { Check, Crown } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { PurchasingMember } from '../checkout';
import { CheckoutButton } from './checkout-button';

type Plan = (typeof MEMBERSHIP_PLANS)[number];

function PlanAction({ plan, member }: { plan: Plan; member: PurchasingMember }) {
  const { memberLevel } = member;
  const rank = MEMBER_LEVELS.indexOf(plan.level);
  const current = MEMBER_LEVELS.indexOf(memberLevel);
  if (rank === current) {
    return (
      <Button variant="outline" size="lg" disabled>
        Current Plan
      </Button>
    );
  }
  if (rank < current) {
    return (
      <p className="rounded-md bg-muted px-3 py-3 text-center text-muted-foreground text-sm">
        Included in your {memberLevel} plan
      </p>
    );
  }
  return (
    <CheckoutButton
      product={plan.id}
      member={member}
      size="lg"
      variant={plan.popular ? 'brand' : 'default'}
    >
      {`Upgrade to ${plan.name}`}
    </CheckoutButton>
  );
}

export function MembershipPlans({ member }: { member: PurchasingMember }) {
  const { memberLevel } = member;
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="space-y-1">
        <h2 id={headingId} className="font-semibold text-xl">
          Monthly Memberships
        </h2>
        <p className="text-muted-foreground text-sm">
          More generations every month, longer videos and no watermark. Subscriptions renew
          automatically; cancel any time.
        </p>
      </div>
      <ul className="grid gap-6 md:grid-cols-2">
        {MEMBERSHIP_PLANS.map((plan) => {
          const isCurrent = plan.level === memberLevel;
          return (
            <li
              key={plan.id}
              data-testid={`plan-${plan.id}`}
              className={cn(
                'relative flex flex-col rounded-2xl border bg-card p-6 shadow-sm sm:p-8',
                plan.popular && 'border-primary ring-2 ring-primary',
              )}
            >
              {plan.popular && (
                <Badge variant="brand" className="absolute -top-3 left-6">
                  Most Popular
                </Badge>
              )}
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="flex items-center gap-2 font-semibold text-xl">
                  {plan.level === 'Elite' && (
                    <Crown className="size-5 text-primary" aria-hidden="true" />
                  )}
                  {plan.name}
                </h3>
                {isCurrent && <Badge variant="secondary">Your plan</Badge>}
              </div>
              <p className="mt-1 text-muted-foreground text-sm">{plan.description}</p>
              <p className="mt-5 flex flex-wrap items-baseline gap-x-2">
                <span className="font-extrabold text-4xl tracking-tight">{plan.price}</span>
                {plan.originalPrice && (
                  <s className="text-lg text-muted-foreground">
                    <span className="sr-only">was </span>
                    {plan.originalPrice}
                  </s>
                )}
                <span className="text-muted-foreground text-sm">{plan.period}</span>
              </p>
              <ul className="mt-6 flex-1 space-y-3">
                {plan.features.map((feature) => (
                  <li key={feature} className="flex items-start gap-2 text-sm">
                    <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                    {feature}
                  </li>
                ))}
              </ul>
              <div className="mt-8 grid">
                <PlanAction plan={plan} member={member} />
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
