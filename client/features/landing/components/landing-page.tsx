// The signed-out landing page: every section of spec/product.md §2 "Landing page".
import { useEffect } from 'react';
import { useSearch } from 'wouter';
import { loginHref, referralCodeFrom } from '@/lib/login-links';
import { callToActionText, useUserCount } from '../api/get-user-count';
import { BetaSignupSection } from './beta-signup-section';
import { FeaturesSection } from './features-section';
import { HeroSection } from './hero-section';
import { LandingFooter } from './landing-footer';
import { LandingHeader } from './landing-header';
import { LandingMobileNav } from './landing-mobile-nav';
import { PricingSection } from './pricing-section';
import { SocialProofSection } from './social-proof-section';

declare global {
  interface Window {
    /** The social-advertising tracker, when the deployment embeds one. */
    fbq?: (command: 'track', event: string) => void;
  }
}

let conversionTracked = false;

export default function LandingPage() {
  const search = useSearch();
  const loginUrl = loginHref({ ref: referralCodeFrom(search) });
  const { data: stats } = useUserCount();
  const ctaText = callToActionText(stats);

  useEffect(() => {
    document.title = 'Reelforge: AI video from a sentence';
    // One conversion event per page load, and only when a tracker is present.
    if (!conversionTracked && typeof window.fbq === 'function') {
      conversionTracked = true;
      window.fbq('track', 'ViewContent');
    }
  }, []);

  return (
    <div className="min-h-dvh bg-background pb-20 lg:pb-0">
      <LandingHeader loginUrl={loginUrl} />
      <main>
        <HeroSection ctaText={ctaText} loginUrl={loginUrl} />
        <FeaturesSection />
        <BetaSignupSection ctaText={ctaText} loginUrl={loginUrl} stats={stats} />
        <PricingSection loginUrl={loginUrl} />
        <SocialProofSection />
      </main>
      <LandingFooter />
      <LandingMobileNav loginUrl={loginUrl} />
    </div>
  );
}
