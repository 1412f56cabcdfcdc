// The sign-up call: early-access spots taken, the call-to-action, and earning free credits.

import { EARLY_ACCESS_CAPACITY } from '@shared/catalogue';
import type { UserCount } from '@shared/schemas/stats';
import { ArrowRight, Gift } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { earnHref } from '@/lib/login-links';

export function BetaSignupSection({
  ctaText,
  loginUrl,
  stats,
}: {
  ctaText: string;
  loginUrl: string;
  stats: UserCount | undefined;
}) {
  const available = stats?.earlyAccess.available || EARLY_ACCESS_CAPACITY;
  const taken = Math.min(stats?.earlyAccess.taken ?? 0, available);
  const percent = Math.round((taken / available) * 100);
  return (
    <section id="beta-signup" className="scroll-mt-20 px-4 py-20 sm:px-6">
      <div className="relative mx-auto max-w-5xl overflow-hidden rounded-3xl brand-gradient px-6 py-14 text-center text-white shadow-2xl sm:px-12">
        <div
          aria-hidden="true"
          className="absolute -top-20 -left-20 size-72 rounded-full bg-white/10 blur-2xl"
        />
        <h2 className="relative font-bold text-3xl tracking-tight sm:text-4xl">
          Create your first video today
        </h2>
        <p className="relative mx-auto mt-4 max-w-2xl text-lg text-white/90">
          Early members lock in early-bird pricing. Join now and your first 10 videos are on us.
        </p>
        <div className="relative mx-auto mt-8 max-w-md">
          <div
            className="h-2.5 overflow-hidden rounded-full bg-white/25"
            role="progressbar"
            aria-label="Early-access spots taken"
            aria-valuemin={0}
            aria-valuemax={available}
            aria-valuenow={taken}
          >
            <div className="h-full rounded-full bg-white" style={{ width: `${percent}%` }} />
          </div>
          <p className="mt-2 text-sm text-white/90" data-testid="early-access-count">
            {taken.toLocaleString('en-US')} of {available.toLocaleString('en-US')} early-access
            spots taken
          </p>
        </div>
        <div className="relative mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Button asChild size="lg" variant="secondary" className="w-full sm:w-auto">
            <a href={loginUrl} data-testid="beta-cta">
              {ctaText}
              <ArrowRight aria-hidden="true" />
            </a>
          </Button>
          <Button
            asChild
            size="lg"
            variant="outline"
            className="w-full border-white/60 bg-transparent text-white hover:bg-white/10 hover:text-white sm:w-auto"
          >
            <a href={earnHref(false)}>
              <Gift aria-hidden="true" />
              View Earning Tasks
            </a>
          </Button>
        </div>
      </div>
    </section>
  );
}
