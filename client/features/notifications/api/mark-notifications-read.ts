// POST /api/notifications/read: marks everything unread as read; the list shows them read at once,
// and is fetched again if the call fails.
import type { MarkedRead, NotificationList } from '@shared/schemas/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationKeys } from '@/entities/notifications/api/notification-keys';
import { apiRequest } from '@/lib/api-client';

export function markNotificationsRead(): Promise<MarkedRead> {
  return apiRequest<MarkedRead>('POST', '/api/notifications/read', {});
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onMutate: () => {
      const readAt = new Date().toISOString();
      queryClient.setQueryData<NotificationList>(
        notificationKeys.list(),
        (list) =>
          list && {
            unreadCount: 0,
            items: list.items.map((item) => ({ ...item, readAt: item.readAt ?? readAt })),
          },
      );
    },
    onError: () => queryClient.invalidateQueries({ queryKey: notificationKeys.list() }),
  });
}
