// Query keys that several features and the realtime layer share: one place, so a push, a poll and
// a screen always touch the same cache entry. (A generic query joins its key into the path.)
export const USER_QUERY_KEY = ['/api/auth/user'] as const;
export const VIDEOS_QUERY_KEY = ['/api/videos'] as const;
/** The Library screen's pages, one cache entry per folder choice and search (under /api/videos). */
export const LIBRARY_PAGES_QUERY_KEY = ['/api/videos', 'library'] as const;
/** GET /api/videos/summary: the library in numbers. */
export const VIDEO_SUMMARY_QUERY_KEY = ['/api/videos', 'summary'] as const;
export const VIDEO_CREATION_REQUESTS_QUERY_KEY = ['/api/video-creation-requests'] as const;
export const CREDITS_QUERY_KEY = ['/api/credits'] as const;
export const CREDIT_LEDGER_QUERY_KEY = ['/api/credits/ledger'] as const;
export const FOLDERS_QUERY_KEY = ['/api/folders'] as const;
export const VIDEO_JOBS_QUERY_KEY = ['/api/video-jobs'] as const;
export const SUBMISSIONS_QUERY_KEY = ['/api/submissions'] as const;
export const NOTIFICATIONS_QUERY_KEY = ['/api/notifications'] as const;
export const REFERRALS_QUERY_KEY = ['/api/referrals'] as const;
export const BILLING_QUERY_KEY = ['/api/billing'] as const;
/**
 * Publishing to YouTube, TikTok and Instagram. Everything under /api/publications: the member's
 * latest publication per video and platform (the library's badges) and one video's history (the
 * Publish dialog), so one invalidation refreshes both. TikTok's creator info sits under
 * /api/connections: a connection change refreshes it too.
 */
export const PUBLICATIONS_QUERY_KEY = ['/api/publications'] as const;
export const publicationKeys = {
  /** GET /api/publications: the latest per (video, platform). */
  latest: PUBLICATIONS_QUERY_KEY,
  /** GET /api/videos/{id}/publications: one video's, newest first. */
  video: (videoId: number | string) =>
    [...PUBLICATIONS_QUERY_KEY, 'video', String(videoId)] as const,
  /** GET /api/connections/tiktok/creator-info. */
  tiktokCreatorInfo: ['/api/connections', 'tiktok', 'creator-info'] as const,
} as const;
