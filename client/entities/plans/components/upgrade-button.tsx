// The Upgrade button: the next tier's checkout (Pro for Free, Elite for Pro) with the member's id,
// or the purchase screen when no checkout is configured. Nothing for Elite.

import type { SessionUser } from '@shared/schemas/auth';
import { nextTier, TIER_DISPLAY } from '@shared/tiers';
import { ArrowUpCircle } from 'lucide-react';
import { useAppNavigation } from '@/lib/app-navigation';
import { upgradeTarget } from '../payment-link';
import { CheckoutButton } from './checkout-button';

export function UpgradeButton({
  user,
  variant = 'brand',
  size = 'default',
}: {
  user: Pick<SessionUser, 'id' | 'email' | 'memberLevel'>;
  variant?: 'brand' | 'outline';
  size?: 'default' | 'sm';
}) {
  const { navigate } = useAppNavigation();
  const tier = nextTier(user.memberLevel);
  const target = upgradeTarget(user.memberLevel);
  if (!tier || !target) return null;
  return (
    <CheckoutButton
      product={target}
      member={user}
      variant={variant}
      size={size}
      whenUnavailable={() => navigate('purchase')}
    >
      <ArrowUpCircle aria-hidden="true" />
      {`Upgrade to ${TIER_DISPLAY[tier].name}`}
    </CheckoutButton>
  );
}
