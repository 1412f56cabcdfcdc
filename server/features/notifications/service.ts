// Telling a member something happened (a reviewed submission, a grant, a referral reward, a skipped
// job run): the message is stored in the same transaction as the change it reports, and pushed to
// the member's open tabs when that transaction commits. A member with no tab open finds it waiting
// in the notification list.
import type {
  MemberNotification,
  NotificationKind,
  NotificationList,
} from '../../../shared/schemas/notifications';
import { NOTIFICATIONS_PAGE } from '../../../shared/schemas/notifications';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { Transaction } from '../../db/transaction';
import type { RealtimeBus } from '../../realtime/bus';
import type { NotificationRow, NotificationsRepository } from './repository';

export type NotificationMessage = { kind: NotificationKind; title: string; message: string };

export function presentNotification(row: NotificationRow): MemberNotification {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    title: row.title,
    message: row.message,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export class NotificationsService {
  constructor(
    private readonly db: Database,
    private readonly repository: NotificationsRepository,
    private readonly bus: RealtimeBus,
    private readonly clock: Clock,
  ) {}

  /** Stores the message and pushes it to the member's tabs once `tx` commits (never before). */
  async notify(tx: Transaction, userId: string, message: NotificationMessage): Promise<void> {
    const row = await this.repository.insert(tx.db, { userId, ...message });
    await this.bus.publishInTransaction(tx, userId, 'notification', presentNotification(row));
  }

  async list(userId: string): Promise<NotificationList> {
    const [rows, unreadCount] = await Promise.all([
      this.repository.latest(this.db, userId, NOTIFICATIONS_PAGE),
      this.repository.countUnread(this.db, userId),
    ]);
    return { items: rows.map(presentNotification), unreadCount };
  }

  async markRead(userId: string, ids: number[] | null): Promise<{ marked: number }> {
    return { marked: await this.repository.markRead(this.db, userId, ids, this.clock.now()) };
  }
}
