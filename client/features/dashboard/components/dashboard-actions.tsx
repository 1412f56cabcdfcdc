// Upgrade, Earn More and Buy Credits. Upgrade opens the checkout link of the next tier (Pro for
// Free members, Elite for Pro) with the member's id; without a configured link it opens the
// purchase screen. Elite sees neither Upgrade nor Buy Credits.
import type { SessionUser } from '@shared/schemas/auth';
import { CreditCard, Gift } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { UpgradeButton } from '@/entities/plans/components/upgrade-button';
import { useAppNavigation } from '@/lib/app-navigation';

export function DashboardActions({ user }: { user: SessionUser }) {
  const { navigate } = useAppNavigation();
  const isElite = user.memberLevel === 'Elite';

  return (
    <div className="flex flex-wrap justify-center gap-2 md:shrink-0 md:justify-end">
      <UpgradeButton user={user} />
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
