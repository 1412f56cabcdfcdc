// SQL for a member's own watermark (table member_watermarks, one row per member): read, saved in
// place of the one before (whose image the service then deletes), and removed.
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { memberWatermarks, users } from '../../db/schema';

export type WatermarkRow = typeof memberWatermarks.$inferSelect;

/** What a save writes: an image (its key) or a text, its corner and opacity. */
export type WatermarkValues = Pick<
  WatermarkRow,
  'kind' | 'imageKey' | 'text' | 'corner' | 'opacity'
>;

export class WatermarkRepository {
  constructor(private readonly db: Database) {}

  async find(userId: string): Promise<WatermarkRow | null> {
    const [row] = await this.db
      .select()
      .from(memberWatermarks)
      .where(eq(memberWatermarks.userId, userId));
    return row ?? null;
  }

  /**
   * Saves the member's watermark and answers the image key it replaced. The member's row is locked
   * first, so two saves at once are applied one after the other and each learns what it replaced.
   */
  async save(
    userId: string,
    values: WatermarkValues,
  ): Promise<{ saved: WatermarkRow; replacedImageKey: string | null }> {
    return this.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const [before] = await tx
        .select({ imageKey: memberWatermarks.imageKey })
        .from(memberWatermarks)
        .where(eq(memberWatermarks.userId, userId));
      const [saved] = await tx
        .insert(memberWatermarks)
        .values({ userId, ...values })
        .onConflictDoUpdate({
          target: memberWatermarks.userId,
          set: { ...values, updatedAt: sql`now()` },
        })
        .returning();
      if (!saved) throw new Error('the watermark was not saved');
      return { saved, replacedImageKey: before?.imageKey ?? null };
    });
  }

  /** Removes the member's watermark; answers the row removed, or null when there was none. */
  async remove(userId: string): Promise<WatermarkRow | null> {
    const [removed] = await this.db
      .delete(memberWatermarks)
      .where(eq(memberWatermarks.userId, userId))
      .returning();
    return removed ?? null;
  }
}
