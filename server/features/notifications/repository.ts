// Messages kept for a member: a skipped job run today; rejected submissions later.
import type { Database } from '../../db/client';
import { notifications } from '../../db/schema';

export type NewNotification = typeof notifications.$inferInsert;

export class NotificationsRepository {
  async insert(db: Database, notification: NewNotification): Promise<void> {
    await db.insert(notifications).values(notification);
  }
}
