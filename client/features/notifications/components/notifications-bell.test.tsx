import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { notificationKeys } from '@/entities/notifications/api/notification-keys';
import { createQueryClient } from '@/lib/query-client';
import { NotificationsBell } from './notifications-bell';

afterEach(cleanup);

function renderBell(unreadCount: number) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(notificationKeys.list(), { items: [], unreadCount });
  render(
    <QueryClientProvider client={queryClient}>
      <NotificationsBell />
    </QueryClientProvider>,
  );
}

describe('NotificationsBell', () => {
  it('is named by what its badge shows', () => {
    renderBell(3);
    expect(screen.getByRole('button', { name: 'Notifications (3 unread)' })).toBeTruthy();
    expect(screen.getByTestId('unread-count').textContent).toBe('3');
  });

  it('says 9+ past nine, in the badge and the name alike', () => {
    renderBell(12);
    expect(screen.getByRole('button', { name: 'Notifications (9+ unread)' })).toBeTruthy();
    expect(screen.getByTestId('unread-count').textContent).toBe('9+');
  });

  it('has no badge when everything is read', () => {
    renderBell(0);
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy();
    expect(screen.queryByTestId('unread-count')).toBeNull();
  });
});
