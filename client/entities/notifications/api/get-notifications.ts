// GET /api/notifications: the latest messages and the unread count. Pushes refresh the list
// (notificationArrived), so it is never stale on its own.
import type { NotificationList } from '@shared/schemas/notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { notificationKeys } from './notification-keys';

export function getNotifications(): Promise<NotificationList> {
  return apiRequest<NotificationList>('GET', '/api/notifications');
}

export const notificationsQueryOptions = queryOptions({
  queryKey: notificationKeys.list(),
  queryFn: getNotifications,
});

export function useNotifications() {
  return useQuery(notificationsQueryOptions);
}
