// Monthly Memberships (spec/product.md "Purchase Credits", spec/api.md §9.1): Pro (Most Popular)
// and Elite with their struck-through prices and features. The member's plan is marked; a plan
// above it offers the upgrade; Elite sees no upgrade at all.
import { MEMBERSHIP_TIERS, TIERS } from '@shared/tiers';
import { Crown } from 'lucide-react';
import { PlanFeatures, PlanPrice } from '@/components/pricing/plan-details';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { PurchasingMember } from '@/entities/plans/checkout';
import { CheckoutButton } from '@/entities/plans/components/checkout-button';
import { OfferCard, PurchaseSection } from './offer-layout';

type Plan = (typeof MEMBERSHIP_TIERS)[number];

function PlanAction({ plan, member }: { plan: Plan; member: PurchasingMember }) {
  const { memberLevel } = member;
  const rank = TIERS.indexOf(plan.level);
  const current = TIERS.indexOf(memberLevel);
  if (rank === current) {
    return (
      <>
        <Button variant="outline" size="lg" disabled>
          Current Plan
        </Button>
        {/* Nothing above Elite to offer: thank them instead of leaving a dead end. */}
        {memberLevel === 'Elite' && (
          <p className="mt-3 text-center text-muted-foreground text-sm">
            You're on our highest tier. Thank you!
          </p>
        )}
      </>
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
  return (
    <PurchaseSection
      title="Monthly Memberships"
      lead="More generations every month, longer videos and no watermark. Subscriptions renew automatically; cancel any time."
    >
      <ul className="grid gap-6 md:grid-cols-2">
        {MEMBERSHIP_TIERS.map((plan) => {
          const isCurrent = plan.level === memberLevel;
          return (
            <OfferCard
              key={plan.id}
              testId={`plan-${plan.id}`}
              highlight={plan.popular ? 'Most Popular' : null}
              className="rounded-2xl p-6 sm:p-8"
            >
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
              <PlanPrice plan={plan} className="mt-5" />
              <PlanFeatures plan={plan} />
              <div className="mt-8 grid">
                <PlanAction plan={plan} member={member} />
              </div>
            </OfferCard>
          );
        })}
      </ul>
    </PurchaseSection>
  );
}
