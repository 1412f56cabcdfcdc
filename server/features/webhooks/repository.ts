// The SQL of outbound webhooks: a member's endpoints (at most so many, the secret sealed), the
// deliveries an event writes, each attempt claimed and its outcome recorded, the delivery log,
// and what a Creator Engine run has come to (for `job.run.finished`).
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users, webhookDeliveries, webhookEndpoints } from '../../db/schema';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type NewWebhookDelivery = typeof webhookDeliveries.$inferInsert;

/** A delivery claimed for one attempt, with what sending it needs from its endpoint. */
export type ClaimedDelivery = {
  id: string;
  endpointId: string;
  userId: string;
  event: string;
  payload: string;
  /** This attempt's number, counted before it is made (a worker that dies mid-send counted it). */
  attempts: number;
  url: string;
  secretSealed: string;
  previousSecretSealed: string | null;
  previousSecretExpiresAt: Date | null;
  /** The endpoint's first failure since its last success; null while it succeeds. */
  failingSince: Date | null;
};

/** What a Creator Engine run has come to, for `job.run.finished`. */
export type RunOutcomeRow = {
  runId: number;
  jobId: number;
  jobName: string;
  userId: string;
  runStatus: string;
  trigger: string;
  dueAt: Date;
  reason: string | null;
  publishResult: string | null;
  requestId: number | null;
  videoStatus: string | null;
  contentId: number | null;
  videoError: string | null;
  /** Its publications not published or failed yet (held ones included). */
  publicationsUnderWay: number;
};

/** One Creator Engine run: by its id, by the video it requested, or by its job's due time. */
export type RunReference =
  | { runId: number }
  | { requestId: number }
  | { jobId: number; dueAt: Date };

/** How far the database's clock and ours may differ before a due attempt looks early. */
const CLOCK_SLACK_MS = 30_000;

export class WebhooksRepository {
  constructor(private readonly db: Database) {}

  async listEndpoints(userId: string): Promise<WebhookEndpointRow[]> {
    return this.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.userId, userId))
      .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id);
  }

  async findEndpoint(userId: string, id: string): Promise<WebhookEndpointRow | undefined> {
    const [row] = await this.db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)));
    return row;
  }

  /**
   * Adds an endpoint unless the member has `max` already. The member's row is locked first, so two
   * additions at once are counted one after the other and never make eleven.
   */
  async insertEndpointWithin(
    max: number,
    values: Pick<WebhookEndpointRow, 'userId' | 'url' | 'events' | 'description' | 'secretSealed'>,
  ): Promise<WebhookEndpointRow | null> {
    return this.db.transaction(async (tx) => {
      await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, values.userId))
        .for('update');
      const [existing] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.userId, values.userId));
      if ((existing?.count ?? 0) >= max) return null;
      const [row] = await tx.insert(webhookEndpoints).values(values).returning();
      return row ?? null;
    });
  }

  async updateEndpoint(
    userId: string,
    id: string,
    changes: Partial<
      Pick<
        WebhookEndpointRow,
        | 'url'
        | 'events'
        | 'description'
        | 'disabledAt'
        | 'disabledReason'
        | 'failingSince'
        | 'secretSealed'
        | 'previousSecretSealed'
        | 'previousSecretExpiresAt'
      >
    >,
  ): Promise<WebhookEndpointRow | undefined> {
    const [row] = await this.db
      .update(webhookEndpoints)
      .set(changes)
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
      .returning();
    return row;
  }

  async deleteEndpoint(userId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
      .returning({ id: webhookEndpoints.id });
    return rows.length > 0;
  }

  /**
   * The member's enabled endpoints that take `event`: the one query an event costs a member who
   * has none (it runs inside hot transactions), answered from the member's index.
   */
  async subscribedEndpoints(db: Database, userId: string, event: string): Promise<string[]> {
    const rows = await db
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(
        and(
          eq(webhookEndpoints.userId, userId),
          isNull(webhookEndpoints.disabledAt),
          sql`${event} = any(${webhookEndpoints.events})`,
        ),
      );
    return rows.map((row) => row.id);
  }

  async insertDeliveries(db: Database, rows: NewWebhookDelivery[]): Promise<void> {
    if (rows.length > 0) await db.insert(webhookDeliveries).values(rows);
  }

  /** The endpoint's latest deliveries, newest first. */
  async latestDeliveries(endpointId: string, limit: number): Promise<WebhookDeliveryRow[]> {
    return this.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpointId))
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(limit);
  }

  /** A failed delivery of the member's endpoint made pending again; undefined when it is not. */
  async reopenFailed(
    db: Database,
    userId: string,
    endpointId: string,
    id: string,
  ): Promise<WebhookDeliveryRow | undefined> {
    const [row] = await db
      .update(webhookDeliveries)
      .set({ status: 'pending', nextAttemptAt: null, lastError: null })
      .where(
        and(
          eq(webhookDeliveries.id, id),
          eq(webhookDeliveries.endpointId, endpointId),
          eq(webhookDeliveries.userId, userId),
          eq(webhookDeliveries.status, 'failed'),
        ),
      )
      .returning();
    return row;
  }

  async findDelivery(
    userId: string,
    endpointId: string,
    id: string,
  ): Promise<WebhookDeliveryRow | undefined> {
    const [row] = await this.db
      .select()
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.id, id),
          eq(webhookDeliveries.endpointId, endpointId),
          eq(webhookDeliveries.userId, userId),
        ),
      );
    return row;
  }

  /**
   * Takes a pending delivery whose attempt is due (or whose attempt died with its worker: no next
   * attempt set) for one more attempt, counting it now, if its endpoint is still on. One
   * statement: the common path of a delivery is this and its outcome. A job arriving well before
   * the next attempt is a stale copy (the next attempt has its own job): it claims nothing. The
   * queue starts a job by the database's clock, so a little slack keeps a skewed clock here from
   * refusing the real one.
   */
  async claimAttempt(id: string, now: Date): Promise<ClaimedDelivery | null> {
    const dueBy = new Date(now.getTime() + CLOCK_SLACK_MS);
    const result = await this.db.execute<ClaimedDelivery>(sql`
      update webhook_deliveries d
         set attempts = d.attempts + 1, last_attempt_at = ${now}, next_attempt_at = null
        from webhook_endpoints e
       where d.id = ${id} and d.status = 'pending'
         and (d.next_attempt_at is null or d.next_attempt_at <= ${dueBy})
         and e.id = d.endpoint_id and e.disabled_at is null
      returning d.id, d.endpoint_id as "endpointId", d.user_id as "userId", d.event, d.payload,
                d.attempts, e.url, e.secret_sealed as "secretSealed",
                e.previous_secret_sealed as "previousSecretSealed",
                e.previous_secret_expires_at as "previousSecretExpiresAt",
                e.failing_since as "failingSince"`);
    const [row] = result.rows;
    if (!row) return null;
    const date = (value: Date | string | null) => (value === null ? null : new Date(value));
    return {
      ...row,
      previousSecretExpiresAt: date(row.previousSecretExpiresAt),
      failingSince: date(row.failingSince),
    };
  }

  /** A pending delivery whose endpoint was turned off: failed, as nothing will send it. */
  async failIfEndpointOff(id: string): Promise<boolean> {
    const result = await this.db.execute(sql`
      update webhook_deliveries d
         set status = 'failed', last_error = 'The endpoint is disabled', next_attempt_at = null
        from webhook_endpoints e
       where d.id = ${id} and d.status = 'pending' and e.id = d.endpoint_id
         and e.disabled_at is not null
      returning d.id`);
    return result.rows.length > 0;
  }

  /** Delivered: the endpoint is not failing any more. */
  async recordDelivered(id: string, statusCode: number, now: Date): Promise<void> {
    await this.db.execute(sql`
      with delivered as (
        update webhook_deliveries
           set status = 'delivered', status_code = ${statusCode}, delivered_at = ${now},
               last_error = null, next_attempt_at = null
         where id = ${id}
        returning endpoint_id
      )
      update webhook_endpoints set failing_since = null
       where id in (select endpoint_id from delivered) and failing_since is not null`);
  }

  /**
   * A failed attempt: another at `nextAttemptAt`, or (null) failed for good. The endpoint keeps
   * its first failure since its last success (after 3 days of nothing but failures it is off).
   */
  async recordFailure(
    db: Database,
    id: string,
    outcome: { statusCode: number | null; error: string; nextAttemptAt: Date | null; now: Date },
  ): Promise<void> {
    await db.execute(sql`
      with failed as (
        update webhook_deliveries
           set status = ${outcome.nextAttemptAt ? 'pending' : 'failed'},
               status_code = ${outcome.statusCode}, last_error = ${outcome.error.slice(0, 500)},
               next_attempt_at = ${outcome.nextAttemptAt}
         where id = ${id}
        returning endpoint_id
      )
      update webhook_endpoints set failing_since = coalesce(failing_since, ${outcome.now})
       where id in (select endpoint_id from failed)`);
  }

  /** Turns an endpoint off, once: the row (with its member) only when this call did it. */
  async disableEndpoint(
    db: Database,
    id: string,
    reason: 'gone' | 'failing',
    now: Date,
  ): Promise<WebhookEndpointRow | undefined> {
    const [row] = await db
      .update(webhookEndpoints)
      .set({ disabledAt: now, disabledReason: reason })
      .where(and(eq(webhookEndpoints.id, id), isNull(webhookEndpoints.disabledAt)))
      .returning();
    return row;
  }

  /** Forgets deliveries made before `before` (the log keeps 30 days). */
  async pruneDeliveries(before: Date): Promise<number> {
    const rows = await this.db
      .delete(webhookDeliveries)
      .where(lt(webhookDeliveries.createdAt, before))
      .returning({ id: webhookDeliveries.id });
    return rows.length;
  }

  /**
   * Pending deliveries whose last attempt started before `before` and never ended: their job was
   * lost with its worker more times than the queue retries. Failed, so the log says so and the
   * member may send them again.
   */
  async failAbandoned(before: Date): Promise<number> {
    const result = await this.db.execute(sql`
      update webhook_deliveries
         set status = 'failed', last_error = 'The attempt never finished'
       where status = 'pending' and next_attempt_at is null and last_attempt_at < ${before}
      returning id`);
    return result.rows.length;
  }

  /** A run and what became of its video and publications (by run, its video, or its due time). */
  async runOutcome(db: Database, of: RunReference): Promise<RunOutcomeRow | null> {
    const where =
      'runId' in of
        ? sql`r.id = ${of.runId}`
        : 'requestId' in of
          ? sql`r.video_request_id = ${of.requestId}`
          : sql`r.job_id = ${of.jobId} and r.due_at = ${of.dueAt}`;
    const result = await db.execute<RunOutcomeRow>(sql`
      select r.id as "runId", r.job_id as "jobId", j.job_name as "jobName", j.user_id as "userId",
             r.status as "runStatus", r.trigger, r.due_at as "dueAt", r.reason,
             r.publish_result as "publishResult", r.video_request_id as "requestId",
             q.status as "videoStatus", q.generated_content_id as "contentId",
             q.error_message as "videoError",
             (select count(*)::int from publications p
               where p.job_run_id = r.id and p.status not in ('published', 'failed'))
               as "publicationsUnderWay"
        from video_job_runs r
        join video_jobs j on j.id = r.job_id
        left join video_creation_requests q on q.id = r.video_request_id
       where ${where}
       order by r.id desc
       limit 1`);
    const [row] = result.rows;
    return row ? { ...row, dueAt: new Date(row.dueAt) } : null;
  }
}
