// Dashboard tab (spec/product.md "Dashboard"): a greeting and a rotating tagline (the header
// carries the one logo), the member's numbers,
// Upgrade / Earn More / Buy Credits, Quick Start, and the most recent videos.
import type { SessionUser } from '@shared/schemas/auth';
import { greeting } from '../greeting';
import { DashboardActions } from './dashboard-actions';
import { QuickStart } from './quick-start';
import { RecentVideos } from './recent-videos';
import { RotatingTagline } from './rotating-tagline';
import { StatCards } from './stat-cards';

export function DashboardScreen({ user }: { user: SessionUser }) {
  return (
    <div className="space-y-8">
      <header className="flex flex-col items-center gap-4 rounded-2xl border bg-card px-4 py-6 text-center shadow-sm sm:px-6 md:flex-row md:items-center md:justify-between md:text-left">
        <div className="flex min-w-0 flex-col items-center gap-2 md:items-start">
          <RotatingTagline className="text-sm sm:text-base" />
          {/* Every tab's main heading names the screen, for screen readers and tests alike. */}
          <h1 className="sr-only">Dashboard</h1>
          <p className="font-semibold text-xl tracking-tight sm:text-2xl">{greeting(user)}</p>
        </div>
        <DashboardActions user={user} />
      </header>
      <StatCards memberLevel={user.memberLevel} />
      <QuickStart />
      <RecentVideos />
    </div>
  );
}
