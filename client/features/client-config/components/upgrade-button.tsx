// The Upgrade button: the next tier's checkout link (Pro for Free, Elite for Pro) with the member's
// id, or the purchase screen when no link is configured. Nothing for Elite.
import { nextTier, PLAN_DISPLAY } from '@shared/plans';
import type { SessionUser } from '@shared/schemas/auth';
import { ArrowUpCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useAppNavigation } from '@/lib/app-navigation';
import { upgradeTarget, usePaymentLink } from '../payment-link';

export function UpgradeButton({
  user,
  variant = 'brand',
  size = 'default',
}: {
  user: Pick<SessionUser, 'id' | 'memberLevel'>;
  variant?: 'brand' | 'outline';
  size?: 'default' | 'sm';
}) {
  const { navigate } = useAppNavigation();
  const tier = nextTier(user.memberLevel);
  const checkoutLink = usePaymentLink(upgradeTarget(user.memberLevel), user.id);
  if (!tier) return null;
  const label = `Upgrade to ${PLAN_DISPLAY[tier].name}`;
  const content = (
    <>
      <ArrowUpCircle aria-hidden="true" />
      {label}
    </>
  );
  return checkoutLink ? (
    <Button variant={variant} size={size} asChild>
      <a href={checkoutLink}>{content}</a>
    </Button>
  ) : (
    <Button variant={variant} size={size} onClick={() => navigate('purchase')}>
      {content}
    </Button>
  );
}
