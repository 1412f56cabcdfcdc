// Purchase Credits (spec/product.md "Purchase Credits"): Back to the dashboard, the monthly
// memberships, the credit packs, the FAQ and 'Need Help?'. Opened on the way back from a checkout,
// it says how that went; the balance or plan itself changes when Stripe's webhook arrives, live.
import { TIMINGS } from '@shared/limits';
import { CheckCircle2, Info, LifeBuoy } from 'lucide-react';
import { ScreenHeader } from '@/components/layout/screen-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { PurchasingMember } from '@/entities/plans/checkout';
import { useAppNavigation } from '@/lib/app-navigation';
import type { CheckoutResult } from '@/lib/app-tabs';
import { CreditPacks } from './credit-packs';
import { MembershipPlans } from './membership-plans';
import { PurchaseFaq } from './purchase-faq';

function CheckoutBanner({ result }: { result: CheckoutResult }) {
  return result === 'success' ? (
    <Alert variant="success" role="status">
      <CheckCircle2 aria-hidden="true" />
      <AlertTitle>Thank you! Your payment went through.</AlertTitle>
      <AlertDescription>
        Your credits or plan update in a moment, as soon as the payment is confirmed.
      </AlertDescription>
    </Alert>
  ) : (
    <Alert role="status">
      <Info aria-hidden="true" />
      <AlertTitle>Checkout cancelled</AlertTitle>
      <AlertDescription>Nothing was charged.</AlertDescription>
    </Alert>
  );
}

export function PurchaseScreen({
  user,
  checkoutResult = null,
}: {
  user: PurchasingMember;
  checkoutResult?: CheckoutResult | null;
}) {
  const { navigate } = useAppNavigation();
  return (
    <div className="space-y-10">
      <ScreenHeader
        title="Purchase Credits"
        description="Upgrade your membership or top up with a credit pack."
        onBack={() => navigate('dashboard')}
      />
      {checkoutResult && <CheckoutBanner result={checkoutResult} />}
      <MembershipPlans member={user} />
      <CreditPacks member={user} />
      <PurchaseFaq />
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <LifeBuoy className="size-5 text-primary" aria-hidden="true" />
            Need Help?
          </CardTitle>
          <CardDescription>
            Questions about a payment, your plan or your credits? Our support team answers within a
            day.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button
            variant="outline"
            onClick={() =>
              navigate('profile', { anchor: 'support', delayMs: TIMINGS.supportScrollDelayMs })
            }
          >
            Contact Support
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
