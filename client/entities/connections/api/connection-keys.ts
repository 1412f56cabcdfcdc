// The member's platform connections' cache keys. TikTok's creator info sits under the connections'
// key, so a connection change (a disconnect, a refused publish) refreshes it too.
export const connectionKeys = {
  all: ['/api/connections'] as const,
  /** GET /api/connections. */
  list: () => connectionKeys.all,
  /** GET /api/connections/tiktok/creator-info. */
  tiktokCreatorInfo: () => [...connectionKeys.all, 'tiktok', 'creator-info'] as const,
};
