// SQL for storyboards: a member's drafts, read and written only by their owner; a change holds only
// while the draft is still as its writer read it and not yet rendered.
import { and, count, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { storyboards } from '../../db/schema';
import type { BoardSettings, StoredBoard } from './board';

export type StoryboardRow = Omit<typeof storyboards.$inferSelect, 'settings' | 'board'> & {
  settings: BoardSettings;
  board: StoredBoard;
};

export class StoryboardsRepository {
  constructor(private readonly db: Database) {}

  async insert(
    db: Database,
    row: { userId: string; settings: BoardSettings; board: StoredBoard; contentId: number | null },
  ): Promise<StoryboardRow> {
    const [inserted] = await db.insert(storyboards).values(row).returning();
    return inserted as StoryboardRow;
  }

  /**
   * The member's drafts not yet rendered; with `lock`, under a lock on the member's row (held to
   * the end of `db`'s transaction), so two counting at once see each other's drafts.
   */
  async countOpen(db: Database, userId: string, { lock = false } = {}): Promise<number> {
    if (lock) await db.execute(sql`select 1 from users where id = ${userId} for update`);
    const [row] = await db
      .select({ open: count() })
      .from(storyboards)
      .where(and(eq(storyboards.userId, userId), isNull(storyboards.renderedAt)));
    return row?.open ?? 0;
  }

  async findOwned(
    userId: string,
    id: number,
    db: Database = this.db,
    { lock = false } = {},
  ): Promise<StoryboardRow | undefined> {
    const query = db
      .select()
      .from(storyboards)
      .where(and(eq(storyboards.id, id), eq(storyboards.userId, userId)));
    const [row] = lock ? await query.for('update') : await query;
    return row as StoryboardRow | undefined;
  }

  /** The open (not yet rendered) remix of a video, if the member has one. */
  async findOpenRemix(userId: string, contentId: number): Promise<StoryboardRow | undefined> {
    const [row] = await this.db
      .select()
      .from(storyboards)
      .where(
        and(
          eq(storyboards.userId, userId),
          eq(storyboards.contentId, contentId),
          isNull(storyboards.renderedAt),
        ),
      );
    return row as StoryboardRow | undefined;
  }

  /** The member's drafts, newest change first. */
  async listOpen(userId: string): Promise<StoryboardRow[]> {
    const rows = await this.db
      .select()
      .from(storyboards)
      .where(and(eq(storyboards.userId, userId), isNull(storyboards.renderedAt)))
      .orderBy(desc(storyboards.updatedAt), desc(storyboards.id));
    return rows as StoryboardRow[];
  }

  /**
   * Writes a draft when it is still as its writer read it (`updatedAt`, to the microsecond) and not
   * rendered; undefined otherwise.
   */
  async update(
    userId: string,
    id: number,
    readAt: string,
    change: { settings: BoardSettings; board: StoredBoard },
  ): Promise<StoryboardRow | undefined> {
    const [row] = await this.db
      .update(storyboards)
      .set({
        ...change,
        // Whole milliseconds (what JSON carries), and never the instant it was read at.
        updatedAt: sql`greatest(date_trunc('milliseconds', now()), date_trunc('milliseconds', ${storyboards.updatedAt}) + interval '1 millisecond')`,
      })
      .where(
        and(
          eq(storyboards.id, id),
          eq(storyboards.userId, userId),
          isNull(storyboards.renderedAt),
          sql`date_trunc('milliseconds', ${storyboards.updatedAt}) = ${readAt}::timestamptz`,
        ),
      )
      .returning();
    return row as StoryboardRow | undefined;
  }

  async markRendered(db: Database, id: number, requestId: number): Promise<void> {
    await db
      .update(storyboards)
      .set({ requestId, renderedAt: sql`now()` })
      .where(eq(storyboards.id, id));
  }

  async deleteOwned(userId: string, id: number): Promise<boolean> {
    const rows = await this.db
      .delete(storyboards)
      .where(and(eq(storyboards.id, id), eq(storyboards.userId, userId)))
      .returning({ id: storyboards.id });
    return rows.length > 0;
  }

  /** Deletes drafts never rendered and untouched since `before`; how many went. */
  async purgeUntouched(before: Date): Promise<number> {
    const rows = await this.db
      .delete(storyboards)
      .where(and(isNull(storyboards.renderedAt), lt(storyboards.updatedAt, before)))
      .returning({ id: storyboards.id });
    return rows.length;
  }
}
