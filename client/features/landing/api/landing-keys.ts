// The landing page's cache keys: the demo clips rendered so far and the member count.
export const landingKeys = {
  /** GET /api/demo-clips. */
  demoClips: () => ['/api/demo-clips'] as const,
  /** GET /api/stats/user-count. */
  userCount: () => ['/api/stats/user-count'] as const,
};
