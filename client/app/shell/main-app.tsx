// The signed-in app: one page whose address does not change; the tab lives in state. An address
// may carry a tab and a section on the way in (deep links, #video-jobs); they are read once and
// then cleared, so a reload opens the dashboard. The storyboard editor alone keeps an address of its
// own (/storyboards/{id}) while it shows, so a reload opens the same storyboard.

import type { SessionUser } from '@shared/schemas/auth';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { PrivacyPolicy } from '@/components/legal/privacy-policy';
import { TermsOfUse } from '@/components/legal/terms-of-use';
import { VerificationBanner } from '@/features/account-access/components/verification-banner';
import { CreateScreen } from '@/features/create/components/create-screen';
import { DashboardScreen } from '@/features/dashboard/components/dashboard-screen';
import { JobsScreen } from '@/features/jobs/components/jobs-screen';
import { LibraryScreen } from '@/features/library/components/library-screen';
import { PurchaseScreen } from '@/features/purchase/components/purchase-screen';
import { StoryboardScreen } from '@/features/storyboards/components/storyboard-screen';
import { AppNavigationContext, type NavigateOptions } from '@/lib/app-navigation';
import {
  type AppLocation,
  type AppTab,
  isStoryboardPath,
  parseAppLocation,
  storyboardPath,
} from '@/lib/app-tabs';
import { RealtimeProvider } from '@/lib/realtime/realtime-provider';
import { followSection } from '@/lib/scroll';
import { ProfileScreen } from '../profile/profile-screen';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { BottomNav } from './bottom-nav';

const TITLES: Record<AppTab, string> = {
  dashboard: 'Dashboard',
  create: 'Create Video',
  library: 'Library',
  jobs: 'Creator Engine',
  profile: 'Profile',
  purchase: 'Purchase Credits',
  'privacy-policy': 'Privacy Policy',
  'terms-of-use': 'Terms of Use',
  storyboard: 'Storyboard',
};

type Destination = AppLocation & { delayMs: number; seq: number; openVideoId?: number };

function TabScreen({ destination, user }: { destination: Destination; user: SessionUser }) {
  const { tab } = destination;
  switch (tab) {
    case 'dashboard':
      return <DashboardScreen user={user} />;
    case 'create':
      return <CreateScreen />;
    case 'library':
      return <LibraryScreen openVideoId={destination.openVideoId ?? null} />;
    case 'jobs':
      return (
        <JobsScreen
          // A new #edit= link opens that job even when the tab is already showing.
          key={destination.editJobId ?? 'list'}
          user={user}
          initialEditJobId={destination.editJobId ?? null}
        />
      );
    case 'profile':
      return <ProfileScreen user={user} />;
    case 'purchase':
      return <PurchaseScreen user={user} checkoutResult={destination.checkout ?? null} />;
    case 'privacy-policy':
      return <PrivacyPolicy />;
    case 'terms-of-use':
      return <TermsOfUse />;
    case 'storyboard':
      return (
        <StoryboardScreen
          key={destination.storyboardId}
          storyboardId={destination.storyboardId ?? 0}
          user={user}
        />
      );
  }
}

export default function MainApp({ user }: { user: SessionUser }) {
  const [destination, setDestination] = useState<Destination>(() => ({
    ...parseAppLocation(window.location.search, window.location.hash, window.location.pathname),
    delayMs: 0,
    seq: 0,
  }));

  const navigate = useCallback((tab: AppTab, options: NavigateOptions = {}) => {
    setDestination((current) => ({
      tab,
      anchor: options.anchor ?? null,
      delayMs: options.delayMs ?? 0,
      seq: current.seq + 1,
      ...(options.openVideoId !== undefined && { openVideoId: options.openVideoId }),
      ...(options.storyboardId !== undefined && { storyboardId: options.storyboardId }),
    }));
  }, []);

  // Entry parameters have done their job; keep the address as the member typed the path.
  useEffect(() => {
    if (window.location.search || window.location.hash) {
      window.history.replaceState(window.history.state, '', window.location.pathname);
    }
    const onHashChange = () => {
      const location = parseAppLocation('', window.location.hash);
      if (location.tab !== 'jobs') return;
      setDestination((current) => ({ ...location, delayMs: 0, seq: current.seq + 1 }));
      window.history.replaceState(window.history.state, '', window.location.pathname);
    };
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, []);

  // The editor's address follows it: /storyboards/{id} while it shows, the app's own address after.
  useEffect(() => {
    const { pathname } = window.location;
    const wanted =
      destination.tab === 'storyboard' && destination.storyboardId !== undefined
        ? storyboardPath(destination.storyboardId)
        : isStoryboardPath(pathname)
          ? '/'
          : pathname;
    if (wanted !== pathname) window.history.replaceState(window.history.state, '', wanted);
  }, [destination.tab, destination.storyboardId]);

  // After each navigation: scroll to the requested section, or to the top of the new tab.
  // biome-ignore lint/correctness/useExhaustiveDependencies: seq re-runs this for repeat navigations to the same tab
  useEffect(() => {
    document.title = `${TITLES[destination.tab]} · Reelforge`;
    const { anchor, delayMs } = destination;
    let stopFollowing: (() => void) | undefined;
    const timer = window.setTimeout(() => {
      window.scrollTo({ top: 0 });
      // The section may not exist yet, and the cards above it grow as their data arrives: follow
      // it until it settles with its heading near the top.
      if (anchor) stopFollowing = followSection(anchor);
    }, delayMs);
    return () => {
      window.clearTimeout(timer);
      stopFollowing?.();
    };
  }, [destination.tab, destination.anchor, destination.delayMs, destination.seq]);

  const navigation = useMemo(
    () => ({ tab: destination.tab, navigate }),
    [destination.tab, navigate],
  );

  return (
    <AppNavigationContext.Provider value={navigation}>
      <RealtimeProvider userId={user.id}>
        <div className="flex min-h-dvh flex-col bg-background pb-20 md:pb-0">
          <a
            href="#main-content"
            className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
          >
            Skip to content
          </a>
          <AppHeader user={user} />
          <VerificationBanner user={user} />
          <main
            id="main-content"
            className="mx-auto w-full max-w-7xl flex-1 px-4 pt-6 pb-10 sm:px-6"
          >
            <TabScreen destination={destination} user={user} />
          </main>
          <AppFooter />
          <BottomNav />
        </div>
      </RealtimeProvider>
    </AppNavigationContext.Provider>
  );
}
