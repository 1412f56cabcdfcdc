// SQL for the messages kept for a member: writing one, the latest few, the unread count, and
// marking them read.
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notifications } from '../../db/schema';

export type NewNotification = typeof notifications.$inferInsert;
export type NotificationRow = typeof notifications.$inferSelect;

export class NotificationsRepository {
  async insert(db: Database, notification: NewNotification): Promise<NotificationRow> {
    const [row] = await db.insert(notifications).values(notification).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  }

  async latest(db: Database, userId: string, limit: number): Promise<NotificationRow[]> {
    return db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit);
  }

  async countUnread(db: Database, userId: string): Promise<number> {
    const [row] = await db
      .select({ unread: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return row?.unread ?? 0;
  }

  /** Marks the member's unread notifications read: the ones named, or all of them. */
  async markRead(db: Database, userId: string, ids: number[] | null, at: Date): Promise<number> {
    const rows = await db
      .update(notifications)
      .set({ readAt: at })
      .where(
        and(
          eq(notifications.userId, userId),
          isNull(notifications.readAt),
          ids ? inArray(notifications.id, ids) : undefined,
        ),
      )
      .returning({ id: notifications.id });
    return rows.length;
  }
}
