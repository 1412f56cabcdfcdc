// The header's bell: how many messages are unread (a reviewed submission, a grant, a referral
// reward, a skipped job run) and the latest of them. Messages that arrived while the member was
// away wait here; opening the list marks them read. Live ones also toast (lib/realtime).
import type { MemberNotification } from '@shared/schemas/notifications';
import { Bell } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { useNotifications } from '@/entities/notifications/api/get-notifications';
import { cn } from '@/lib/cn';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';

const WHEN = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

export function NotificationsBell() {
  const { data, isError } = useNotifications();
  const markRead = useMarkNotificationsRead();
  const unread = data?.unreadCount ?? 0;
  // The name holds what the badge shows ("9+" past nine), so it matches what a member sees.
  const shown = unread > 9 ? '9+' : String(unread);
  const label = unread > 0 ? `Notifications (${shown} unread)` : 'Notifications';

  return (
    <Popover
      onOpenChange={(open) => {
        // Seen once the list closes, so the unread ones stay marked while they are read.
        if (!open && unread > 0) markRead.mutate();
      }}
    >
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={label} className="relative">
          <Bell aria-hidden="true" />
          {unread > 0 && (
            <span
              aria-hidden="true"
              className="absolute top-1 right-1 flex min-w-4 items-center justify-center rounded-full bg-red-700 px-1 font-semibold text-[10px] text-white leading-4"
              data-testid="unread-count"
            >
              {shown}
            </span>
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent aria-label="Notifications">
        <div className="border-b px-4 py-3">
          <h2 className="font-semibold text-sm">Notifications</h2>
        </div>
        {isError ? (
          <p className="px-4 py-6 text-center text-muted-foreground text-sm">
            Unable to load notifications.
          </p>
        ) : !data || data.items.length === 0 ? (
          <p className="px-4 py-6 text-center text-muted-foreground text-sm">
            Nothing new. Reviews of your proofs and other news appear here.
          </p>
        ) : (
          <ul className="max-h-96 divide-y overflow-y-auto">
            {data.items.map((item) => (
              <NotificationItem key={item.id} item={item} />
            ))}
          </ul>
        )}
      </PopoverContent>
    </Popover>
  );
}

function NotificationItem({ item }: { item: MemberNotification }) {
  const unread = item.readAt === null;
  return (
    <li
      className={cn('grid gap-0.5 px-4 py-3', unread && 'bg-primary/5')}
      data-testid="notification"
    >
      <p className="flex items-center gap-2 font-medium text-sm">
        {unread && (
          <>
            <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-primary" />
            <span className="sr-only">Unread:</span>
          </>
        )}
        {item.title}
      </p>
      <p className="text-muted-foreground text-sm">{item.message}</p>
      <time dateTime={item.createdAt} className="text-muted-foreground text-xs">
        {WHEN.format(new Date(item.createdAt))}
      </time>
    </li>
  );
}
