// Operator alerts (a retired model, say): raised by the service where it notices, listed and
// dismissed in Admin Tools. An open alert is raised once; repeats count on it.
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { operatorAlerts } from '../../db/schema';

export type OperatorAlert = typeof operatorAlerts.$inferSelect;

export class OperatorAlerts {
  constructor(private readonly db: Database) {}

  async raise(alert: { key: string; title: string; message: string }): Promise<void> {
    await this.db
      .insert(operatorAlerts)
      .values(alert)
      .onConflictDoUpdate({
        target: operatorAlerts.key,
        targetWhere: isNull(operatorAlerts.dismissedAt),
        set: {
          title: alert.title,
          message: alert.message,
          occurrences: sql`${operatorAlerts.occurrences} + 1`,
          lastSeenAt: sql`now()`,
        },
      });
  }

  /** Open alerts, the latest first (a handful at most: one per key). */
  async open(limit = 50): Promise<OperatorAlert[]> {
    return this.db
      .select()
      .from(operatorAlerts)
      .where(isNull(operatorAlerts.dismissedAt))
      .orderBy(desc(operatorAlerts.lastSeenAt))
      .limit(limit);
  }

  /** Dismisses an open alert; false when there is none with that id. */
  async dismiss(id: number): Promise<boolean> {
    const rows = await this.db
      .update(operatorAlerts)
      .set({ dismissedAt: sql`now()` })
      .where(and(eq(operatorAlerts.id, id), isNull(operatorAlerts.dismissedAt)))
      .returning({ id: operatorAlerts.id });
    return rows.length > 0;
  }
}
