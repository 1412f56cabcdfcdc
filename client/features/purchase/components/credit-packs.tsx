// Credit Packs (spec/api.md §9.2): four one-time packs, each with its price per credit; Ultimate
// is the Best Value. Pack credits are bonus credits: they never expire and survive plan changes.
import { CREDIT_PACKS, type CreditPack } from '@shared/catalogue';
import { Coins } from 'lucide-react';
import type { PurchasingMember } from '@/entities/plans/checkout';
import { CheckoutButton } from '@/entities/plans/components/checkout-button';
import { OfferCard, PurchaseSection } from './offer-layout';

/** "$0.25 per credit", or "about $0.33 per credit" where the price does not divide evenly. */
export function perCreditText(pack: CreditPack): string {
  const exact = pack.priceCents % pack.credits === 0;
  return `${exact ? '' : 'about '}${pack.pricePerCredit} per credit`;
}

export function CreditPacks({ member }: { member: PurchasingMember }) {
  const { memberLevel } = member;
  return (
    <PurchaseSection
      title="Credit Packs"
      lead={`One credit makes one video. Pack credits never expire and stay yours whatever plan you are on.${
        memberLevel === 'Elite'
          ? ' Elite already includes unlimited generations; packs add credits you keep if your plan changes.'
          : ''
      }`}
    >
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {CREDIT_PACKS.map((pack) => (
          <OfferCard
            key={pack.id}
            testId={`pack-${pack.id}`}
            highlight={pack.bestValue ? 'Best Value' : null}
            className="rounded-xl p-5"
          >
            <h3 className="font-semibold">{pack.name}</h3>
            <p className="mt-3 flex items-baseline gap-1.5">
              <Coins className="size-5 self-center text-primary" aria-hidden="true" />
              <span className="font-bold text-3xl tabular-nums">{pack.credits}</span>
              <span className="text-muted-foreground text-sm">credits</span>
            </p>
            <div className="mt-2 font-semibold text-xl">{pack.price}</div>
            <div className="text-muted-foreground text-xs">{perCreditText(pack)}</div>
            <div className="mt-5 grid flex-1 content-end">
              <CheckoutButton
                product={pack.id}
                member={member}
                variant={pack.bestValue ? 'brand' : 'outline'}
              >
                {`Buy ${pack.name}`}
              </CheckoutButton>
            </div>
          </OfferCard>
        ))}
      </ul>
    </PurchaseSection>
  );
}
