// One button for every upgrade and pack (spec/api.md §7.9): it goes to the configured checkout
// link (carrying the member), or has the server create the checkout and goes there, or, when
// neither exists, shows the demo alert. `whenUnavailable` replaces the alert (the Upgrade buttons outside
// the purchase screen open it instead).
import { TIMINGS } from '@shared/limits';
import { Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useClientConfig } from '@/entities/client-config/api/get-client-config';
import { useCreateCheckout } from '../api/create-checkout';
import { checkoutRoute } from '../checkout';
import { DemoCheckoutDialog } from './demo-checkout-dialog';

export function CheckoutButton({
  product,
  member,
  children,
  variant = 'brand',
  size = 'default',
  className,
  whenUnavailable,
}: {
  product: string;
  /** The signed-in member, whose id (and email) the checkout carries; null for a visitor. */
  member: { id: string; email: string } | null;
  children: React.ReactNode;
  variant?: 'brand' | 'outline' | 'default';
  size?: 'default' | 'sm' | 'lg';
  className?: string;
  whenUnavailable?: () => void;
}) {
  const config = useClientConfig();
  const checkout = useCreateCheckout();
  const [demoOpen, setDemoOpen] = useState(false);
  const route = checkoutRoute(product, { config: config.data, member });
  const { reset } = checkout;

  // Back from the checkout page, the browser may restore this page as it was left: busy.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [reset]);

  const start = () => {
    if (route.kind === 'link') {
      window.location.assign(route.href);
      return;
    }
    if (route.kind === 'demo') {
      if (whenUnavailable) whenUnavailable();
      else setDemoOpen(true);
      return;
    }
    checkout.mutate(route.product, {
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (error) =>
        toast({
          title: 'Checkout Unavailable',
          description: error.message,
          variant: 'destructive',
          duration: TIMINGS.errorToastMs,
        }),
    });
  };
  const busy = checkout.isPending || checkout.isSuccess;
  return (
    <>
      <Button
        variant={variant}
        size={size}
        className={className}
        onClick={start}
        // Until the settings arrive, the button cannot know where to go.
        disabled={config.isPending || busy}
        aria-busy={busy || undefined}
      >
        {busy && <Loader2 className="animate-spin" aria-hidden="true" />}
        {children}
      </Button>
      <DemoCheckoutDialog open={demoOpen} onOpenChange={setDemoOpen} />
    </>
  );
}
