// Under the Create form, for Free and Pro members: what the next plan adds, and the way up.

import type { SessionUser } from '@shared/schemas/auth';
import type { Tier } from '@shared/tiers';
import { UpgradeButton } from '@/entities/plans/components/upgrade-button';

export function CreateUpgradeHint({
  user,
  memberLevel,
}: {
  user: SessionUser;
  memberLevel: Exclude<Tier, 'Elite'>;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-dashed px-3 py-2 text-muted-foreground text-sm">
      <span>
        {memberLevel === 'Free'
          ? 'Pro gives you 2-scene videos, no watermark and 150 credits a month.'
          : 'Elite gives you 4-scene videos, unlimited credits and Run Now.'}
      </span>
      <UpgradeButton user={user} variant="outline" size="sm" />
    </div>
  );
}
