// Upgrade, Earn More and Buy Credits. Upgrade opens the checkout link of the next tier (Pro for
// Free members, Elite for Pro) with the member's id; without a configured link it opens the
// purchase screen. Elite sees neither Upgrade nor Buy Credits.
import { nextTier, PLAN_DISPLAY } from '@shared/plans';
import type { SessionUser } from '@shared/schemas/auth';
import { ArrowUpCircle, CreditCard, Gift } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { upgradeTarget, usePaymentLink } from '@/features/client-config/payment-link';
import { useAppNavigation } from '@/lib/app-navigation';

export function DashboardActions({ user }: { user: SessionUser }) {
  const { navigate } = useAppNavigation();
  const tier = nextTier(user.memberLevel);
  const checkoutLink = usePaymentLink(upgradeTarget(user.memberLevel), user.id);
  const isElite = user.memberLevel === 'Elite';
  const upgradeLabel = tier ? `Upgrade to ${PLAN_DISPLAY[tier].name}` : null;

  return (
    <div className="flex flex-wrap justify-center gap-2 md:shrink-0 md:justify-end">
      {upgradeLabel &&
        (checkoutLink ? (
          <Button variant="brand" asChild>
            <a href={checkoutLink}>
              <ArrowUpCircle aria-hidden="true" />
              {upgradeLabel}
            </a>
          </Button>
        ) : (
          <Button variant="brand" onClick={() => navigate('purchase')}>
            <ArrowUpCircle aria-hidden="true" />
            {upgradeLabel}
          </Button>
        ))}
      <Button variant="outline" onClick={() => navigate('profile', { anchor: 'earn' })}>
        <Gift aria-hidden="true" />
        Earn More
      </Button>
      {!isElite && (
        <Button variant="outline" onClick={() => navigate('purchase')}>
          <CreditCard aria-hidden="true" />
          Buy Credits
        </Button>
      )}
    </div>
  );
}
