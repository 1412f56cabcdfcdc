// Sends one webhook delivery: the `deliver-webhook` job. The attempt is counted before it is made
// (a worker that dies mid-send still counted it; the queue hands its expired job to another, which
// sends the same body under the same webhook-id), signed to the Standard Webhooks spec with the
// endpoint's secret (and the previous one for a day after a rotation), and POSTed through the SSRF
// guard. Any 2xx delivers it; 410 turns the endpoint off; anything else waits for the next retry
// of the schedule, or fails the delivery when it is used up. An endpoint that has failed for three
// days is turned off. Its member is told when an endpoint is turned off.
import type pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_FAILING_DAYS } from '../../../shared/schemas/webhooks';
import type { Clock } from '../../clock';
import { inTransaction } from '../../db/transaction';
import type { Logger } from '../../logger';
import { retryAfterMs } from '../../outbound/http';
import { describeFetchFailure, type SafeFetch } from '../../outbound/safe-fetch';
import type { JobQueue } from '../../queue/queue';
import type { NotificationsService } from '../notifications';
import type { ClaimedDelivery, WebhookEndpointRow, WebhooksRepository } from './repository';

export const WEBHOOK_USER_AGENT = 'Reelforge-Webhooks/1';
const DAY_MS = 24 * 60 * 60 * 1000;
/** A receiver's Retry-After is honoured up to this, never beyond (a day is already generous). */
const LONGEST_RETRY_AFTER_MS = DAY_MS;

/** Seals and opens the signing secrets at rest (the platform token cipher). */
export type SecretSealer = { encrypt(plain: string): string; decrypt(sealed: string): string };

export type WebhookDelivererDeps = {
  pool: pg.Pool;
  repository: WebhooksRepository;
  queue: Pick<JobQueue, 'sendInTransaction'>;
  cipher: SecretSealer;
  notifications: Pick<NotificationsService, 'notify'>;
  fetcher: SafeFetch;
  clock: Clock;
  log: Logger;
  /** The waits before each retry, in seconds (WEBHOOK_RETRY_SCHEDULE). */
  retryScheduleSeconds: readonly number[];
  /** Each delivery job's expiry (deliveryJobExpirySeconds). */
  jobExpirySeconds: number;
};

/** What an attempt came to: an HTTP status, or no answer at all (and why). */
type AttemptResult = { statusCode: number | null; error: string | null; retryAfter?: number };

export class WebhookDeliverer {
  constructor(private readonly deps: WebhookDelivererDeps) {}

  async deliver(deliveryId: string): Promise<void> {
    const { repository, clock } = this.deps;
    const now = clock.now();
    const delivery = await repository.claimAttempt(deliveryId, now);
    if (!delivery) {
      // Delivered, failed, not due yet (a stale copy of its job), or its endpoint was turned
      // off or deleted; only the last leaves anything to write.
      await repository.failIfEndpointOff(deliveryId);
      return;
    }
    const result = await this.attempt(delivery, now);
    const { statusCode } = result;
    if (statusCode !== null && statusCode >= 200 && statusCode < 300) {
      await repository.recordDelivered(delivery.id, statusCode, clock.now());
      return;
    }
    await this.recordFailure(delivery, result, now);
  }

  /** The signed POST; never throws (a refusal, a timeout or a broken connection is an answer). */
  private async attempt(delivery: ClaimedDelivery, now: Date): Promise<AttemptResult> {
    let signature: string;
    try {
      signature = this.signatures(delivery, now);
    } catch (error) {
      // The secrets were sealed with another key (TOKEN_ENCRYPTION_KEY changed).
      this.deps.log.error(
        { err: error },
        `webhook ${delivery.id}: the signing secret is unreadable`,
      );
      return { statusCode: null, error: 'Could not sign: the signing secret is unreadable' };
    }
    try {
      const response = await this.deps.fetcher.fetch(delivery.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': WEBHOOK_USER_AGENT,
          'webhook-id': delivery.id,
          'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
          'webhook-signature': signature,
        },
        body: delivery.payload,
      });
      // Only the status matters: the body is let go unread, freeing the connection.
      await response.body?.cancel().catch(() => undefined);
      const ok = response.status >= 200 && response.status < 300;
      return {
        statusCode: response.status,
        error: ok ? null : `HTTP ${response.status}`,
        retryAfter: retryAfterMs(response.headers.get('retry-after'), now.getTime()),
      };
    } catch (error) {
      return { statusCode: null, error: describeFetchFailure(error) };
    }
  }

  /** `v1,…` with the current secret, then with the previous one while it is still honoured. */
  private signatures(delivery: ClaimedDelivery, now: Date): string {
    const { cipher } = this.deps;
    // The library signs whole seconds: the same second the webhook-timestamp header names.
    const at = new Date(Math.floor(now.getTime() / 1000) * 1000);
    const sign = (sealed: string) =>
      new Webhook(cipher.decrypt(sealed)).sign(delivery.id, at, delivery.payload);
    const signatures = [sign(delivery.secretSealed)];
    const previousUntil = delivery.previousSecretExpiresAt;
    if (delivery.previousSecretSealed && previousUntil && previousUntil > now) {
      signatures.push(sign(delivery.previousSecretSealed));
    }
    return signatures.join(' ');
  }

  /**
   * The next attempt, per the schedule (or later, when the receiver's Retry-After asks), queued in
   * the transaction that records this one; or the delivery failed for good, and the endpoint
   * turned off when it answered 410 or has failed for WEBHOOK_FAILING_DAYS.
   */
  private async recordFailure(delivery: ClaimedDelivery, result: AttemptResult, now: Date) {
    const { repository, queue, retryScheduleSeconds, jobExpirySeconds } = this.deps;
    const gone = result.statusCode === 410;
    const failingSince = delivery.failingSince ?? now;
    const failingTooLong = now.getTime() - failingSince.getTime() >= WEBHOOK_FAILING_DAYS * DAY_MS;
    const waitSeconds = retryScheduleSeconds[delivery.attempts - 1];
    const waitMs =
      waitSeconds === undefined || gone || failingTooLong
        ? null
        : Math.max(waitSeconds * 1000, Math.min(result.retryAfter ?? 0, LONGEST_RETRY_AFTER_MS));
    const nextAttemptAt = waitMs === null ? null : new Date(now.getTime() + waitMs);
    const disabled = await inTransaction(this.deps.pool, async (tx) => {
      await repository.recordFailure(tx.db, delivery.id, {
        statusCode: result.statusCode,
        error: result.error ?? 'Failed',
        nextAttemptAt,
        now,
      });
      if (nextAttemptAt) {
        await queue.sendInTransaction(
          tx,
          'deliver-webhook',
          { deliveryId: delivery.id },
          { startAfter: nextAttemptAt, expireInSeconds: jobExpirySeconds },
        );
      }
      if (!gone && !failingTooLong) return null;
      const endpoint = await repository.disableEndpoint(
        tx.db,
        delivery.endpointId,
        gone ? 'gone' : 'failing',
        now,
      );
      if (endpoint) {
        await this.deps.notifications.notify(tx, endpoint.userId, disabledNotice(endpoint, gone));
      }
      return endpoint ?? null;
    });
    if (disabled) {
      this.deps.log.info(
        `webhook endpoint ${disabled.id} turned off: ${gone ? 'it answered 410' : `failing since ${failingSince.toISOString()}`}`,
      );
    }
  }
}

function disabledNotice(endpoint: WebhookEndpointRow, gone: boolean) {
  return {
    kind: 'webhook_disabled' as const,
    title: 'Webhook endpoint turned off',
    message: gone
      ? `${endpoint.url} answered 410 Gone, so we stopped sending events to it. Turn it on again in Profile → Webhooks when it is ready.`
      : `Every delivery to ${endpoint.url} has failed for ${WEBHOOK_FAILING_DAYS} days, so we stopped sending events to it. Check its delivery log in Profile → Webhooks, fix the receiver, then turn it on again.`,
  };
}
