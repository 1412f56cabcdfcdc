// The main app's tabs and the deep links that open one (spec/product.md §2): the address carries
// a tab only on the way in (`?tab=profile&section=earn`, `#support`, `#video-jobs`,
// `/jobs#edit={jobId}`, `?tab=purchase&checkout=success` back from a checkout), never after. The
// storyboard editor is the one screen with an address of its own, `/storyboards/{id}`, kept while
// it shows, so a reload or a shared link opens the same draft.
export const APP_TABS = [
  'dashboard',
  'create',
  'library',
  'jobs',
  'profile',
  'purchase',
  'privacy-policy',
  'terms-of-use',
] as const;
/** The tabs, plus the storyboard editor: reached from Create and the library, never by `?tab=`. */
export type AppTab = (typeof APP_TABS)[number] | 'storyboard';

export function isAppTab(value: string | null | undefined): value is AppTab {
  return (APP_TABS as readonly string[]).includes(value ?? '');
}

/** The tab the header and the tab bar mark while `tab` shows: the editor belongs to Create. */
export function highlightedTab(tab: AppTab): AppTab {
  return tab === 'storyboard' ? 'create' : tab;
}

const STORYBOARD_PATH = /^\/storyboards\/(\d{1,10})\/?$/;

/** The editor's address for a storyboard. */
export function storyboardPath(storyboardId: number): string {
  return `/storyboards/${storyboardId}`;
}

export function isStoryboardPath(pathname: string): boolean {
  return STORYBOARD_PATH.test(pathname);
}

export type AppLocation = {
  tab: AppTab;
  anchor: string | null;
  /** `#edit={jobId}`: the Creator Engine job to open for editing. */
  editJobId?: number;
  /** `?checkout=success|cancelled`: the app was opened on the way back from a checkout. */
  checkout?: CheckoutResult;
  /** `/storyboards/{id}`: the storyboard the editor opens. */
  storyboardId?: number;
};

export type CheckoutResult = 'success' | 'cancelled';

const EDIT_JOB = /^edit=(\d{1,10})$/;

/** Reads the tab and the element to scroll to from an address's path, query and hash. */
export function parseAppLocation(search: string, hash: string, pathname = '/'): AppLocation {
  const params = new URLSearchParams(search);
  const fragment = hash.replace(/^#/, '');
  if (fragment === 'video-jobs') return { tab: 'jobs', anchor: null };
  const editJob = EDIT_JOB.exec(fragment);
  if (editJob) return { tab: 'jobs', anchor: null, editJobId: Number(editJob[1]) };
  if (pathname.replace(/\/+$/, '') === '/jobs') return { tab: 'jobs', anchor: null };
  const storyboard = STORYBOARD_PATH.exec(pathname);
  if (storyboard) return { tab: 'storyboard', anchor: null, storyboardId: Number(storyboard[1]) };
  const tabParam = params.get('tab');
  const redirect = params.get('redirect');
  // /api/login?redirect=profile&tab=earn names the tab in `redirect` and the section in `tab`.
  const tab = isAppTab(redirect) ? redirect : isAppTab(tabParam) ? tabParam : 'dashboard';
  const section =
    params.get('section') || fragment || (tabParam && !isAppTab(tabParam) ? tabParam : null);
  const checkout = params.get('checkout');
  return {
    tab,
    anchor: section || null,
    ...((checkout === 'success' || checkout === 'cancelled') && { checkout }),
  };
}

/** Where the app should open after signing in, carrying the login page's parameters. */
export function appAddressAfterLogin(search: string): string {
  const { tab, anchor } = parseAppLocation(search, '');
  if (tab === 'dashboard' && !anchor) return '/';
  const params = new URLSearchParams({ tab });
  if (anchor) params.set('section', anchor);
  return `/?${params.toString()}`;
}
