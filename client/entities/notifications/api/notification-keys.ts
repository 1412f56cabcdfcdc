// The notifications' cache key: the latest messages and the unread count, which pushes refresh.
export const notificationKeys = {
  /** GET /api/notifications. */
  list: () => ['/api/notifications'] as const,
};
