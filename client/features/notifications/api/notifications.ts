// GET /api/notifications (the latest messages and the unread count) and POST
// /api/notifications/read. Pushes refresh the list (lib/realtime), so it is never stale on its own.
import type { MarkedRead, NotificationList } from '@shared/schemas/notifications';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { NOTIFICATIONS_QUERY_KEY } from '@/lib/query-keys';

export const notificationsQueryOptions = queryOptions<NotificationList>({
  queryKey: NOTIFICATIONS_QUERY_KEY,
});

export function useNotifications() {
  return useQuery(notificationsQueryOptions);
}

/** Marks everything unread as read; the list shows them read at once. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<MarkedRead>('POST', '/api/notifications/read', {}),
    onMutate: () => {
      const readAt = new Date().toISOString();
      queryClient.setQueryData<NotificationList>(
        NOTIFICATIONS_QUERY_KEY,
        (list) =>
          list && {
            unreadCount: 0,
            items: list.items.map((item) => ({ ...item, readAt: item.readAt ?? readAt })),
          },
      );
    },
    onError: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }),
  });
}
