// SQL for proof submissions: a member's own, the admins' review queue, what has been paid for a
// post or a platform already, and the review itself (on a locked row, so it happens once).
import { and, count, desc, eq, getTableColumns, inArray, lt, ne, sql } from 'drizzle-orm';
import type { SubmissionStatus, SubmissionType } from '../../../shared/earning';
import type { Database } from '../../db/client';
import { type SubmissionRow, submissions, users } from '../../db/schema';

export type NewSubmissionRow = typeof submissions.$inferInsert;
export type SubmissionWithUser = SubmissionRow & {
  user: { email: string; firstName: string | null; lastName: string | null };
};

export class SubmissionsRepository {
  constructor(private readonly db: Database) {}

  async insert(db: Database, submission: NewSubmissionRow): Promise<SubmissionRow> {
    const [row] = await db.insert(submissions).values(submission).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  }

  async listOwn(userId: string, limit: number): Promise<SubmissionRow[]> {
    return this.db
      .select()
      .from(submissions)
      .where(eq(submissions.userId, userId))
      .orderBy(desc(submissions.createdAt), desc(submissions.id))
      .limit(limit);
  }

  /** The review queue, newest first, a page at a time (`before`: the last id of the page shown). */
  async listForReview(options: {
    status?: SubmissionStatus;
    limit: number;
    before?: number;
  }): Promise<SubmissionWithUser[]> {
    return this.db
      .select({
        ...getTableColumns(submissions),
        user: { email: users.email, firstName: users.firstName, lastName: users.lastName },
      })
      .from(submissions)
      .innerJoin(users, eq(users.id, submissions.userId))
      .where(
        and(
          options.status ? eq(submissions.status, options.status) : undefined,
          options.before ? lt(submissions.id, options.before) : undefined,
        ),
      )
      .orderBy(desc(submissions.id))
      .limit(options.limit);
  }

  async countPending(userId: string, db: Database = this.db): Promise<number> {
    const [row] = await db
      .select({ pending: count() })
      .from(submissions)
      .where(and(eq(submissions.userId, userId), eq(submissions.status, 'pending')));
    return row?.pending ?? 0;
  }

  /** The member's pending or approved submissions of one type (a follow). */
  async findOwnOfType(
    db: Database,
    userId: string,
    type: SubmissionType,
  ): Promise<SubmissionRow[]> {
    return db
      .select()
      .from(submissions)
      .where(
        and(
          eq(submissions.userId, userId),
          eq(submissions.submissionType, type),
          inArray(submissions.status, ['pending', 'approved']),
        ),
      );
  }

  /** Everyone's pending or approved submissions of one type about one post. */
  async findForPost(
    type: SubmissionType,
    postKey: string,
    { db = this.db, exceptId }: { db?: Database; exceptId?: number } = {},
  ): Promise<SubmissionRow[]> {
    return db
      .select()
      .from(submissions)
      .where(
        and(
          eq(submissions.submissionType, type),
          eq(submissions.postKey, postKey),
          inArray(submissions.status, ['pending', 'approved']),
          exceptId ? ne(submissions.id, exceptId) : undefined,
        ),
      );
  }

  /** Holds the submission until the transaction ends: concurrent reviews take turns. */
  async lockForReview(db: Database, id: number): Promise<SubmissionRow | undefined> {
    const [row] = await db.select().from(submissions).where(eq(submissions.id, id)).for('update');
    return row;
  }

  /**
   * Holds every review of one post until the transaction ends, so two milestones of the same post
   * approved at once cannot both pay the full amount. The key is hashed into an advisory lock.
   */
  async lockPost(db: Database, postKey: string): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`post:${postKey}`}, 0))`);
  }

  async recordReview(
    db: Database,
    id: number,
    review: {
      status: 'approved' | 'rejected';
      adminNotes: string;
      creditsAwarded: number | null;
      reviewedBy: string;
      reviewedAt: Date;
    },
  ): Promise<SubmissionRow> {
    const [row] = await db
      .update(submissions)
      .set(review)
      .where(and(eq(submissions.id, id), eq(submissions.status, 'pending')))
      .returning();
    if (!row) throw new Error(`submission ${id} was not pending under its lock`);
    return row;
  }
}
