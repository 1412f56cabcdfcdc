// Webhook endpoint rules (Profile → Webhooks): at most 10 per member; an address the SSRF guard
// lets through, checked when it is saved; a Standard Webhooks secret answered once and kept
// sealed, rotated with the old one still signing for a day; turned off and on by the member;
// "Send test event"; the delivery log, a failed delivery sent again by hand, and 30 days of it.
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { isUuid } from '../../../shared/schemas/ids';
import {
  type CreatedWebhookEndpoint,
  type CreateWebhookEndpoint,
  createWebhookEndpointSchema,
  type UpdateWebhookEndpoint,
  updateWebhookEndpointSchema,
  WEBHOOK_DELIVERIES_PAGE,
  WEBHOOK_DELIVERY_LOG_DAYS,
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  WEBHOOK_PREVIOUS_SECRET_HOURS,
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '../../../shared/schemas/webhooks';
import type { Clock } from '../../clock';
import { inTransaction } from '../../db/transaction';
import { Conflict, NotFound, ValidationFailed } from '../../errors';
import { assertPublicUrl, type HostLookup, RefusedUrl } from '../../outbound/safe-fetch';
import type { SecretSealer } from './delivery';
import type { WebhookEvents } from './events';
import { presentDelivery, presentEndpoint } from './presenter';
import type { WebhookEndpointRow, WebhooksRepository } from './repository';

const DELIVERY_ID = /^msg_[A-Za-z0-9_-]{1,64}$/u;
const HOUR_MS = 60 * 60 * 1000;
/** An attempt started this long ago and never finished was lost with its job for good. */
const ABANDONED_ATTEMPT_MS = HOUR_MS;

/** `whsec_` and 32 random bytes in base64: the spec asks for 24 to 64. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export class WebhooksService {
  constructor(
    private readonly deps: {
      pool: pg.Pool;
      repository: WebhooksRepository;
      events: Pick<WebhookEvents, 'sendTo' | 'resend'>;
      cipher: SecretSealer;
      clock: Clock;
      /** WEBHOOKS_ALLOW_PRIVATE. */
      allowPrivate: boolean;
      /** Resolves host names when an address is saved; the system's resolver by default. */
      lookup?: HostLookup;
    },
  ) {}

  async list(userId: string): Promise<WebhookEndpoint[]> {
    const now = this.deps.clock.now();
    return (await this.deps.repository.listEndpoints(userId)).map((row) =>
      presentEndpoint(row, now),
    );
  }

  async create(userId: string, input: CreateWebhookEndpoint): Promise<CreatedWebhookEndpoint> {
    const fields = createWebhookEndpointSchema.parse(input);
    await this.assertAllowedUrl(fields.url);
    const secret = newSigningSecret();
    const row = await this.deps.repository.insertEndpointWithin(WEBHOOK_LIMITS.perMember, {
      userId,
      url: fields.url,
      events: fields.events,
      description: fields.description,
      secretSealed: this.deps.cipher.encrypt(secret),
    });
    if (!row) throw new ValidationFailed(WEBHOOK_MESSAGES.tooMany);
    return { ...presentEndpoint(row, this.deps.clock.now()), secret };
  }

  /**
   * Changes what was sent. `enabled: false` turns it off (its pending deliveries then fail);
   * `enabled: true` turns it on with a clean slate: its days of failures are forgotten.
   */
  async update(userId: string, id: string, input: UpdateWebhookEndpoint): Promise<WebhookEndpoint> {
    const fields = updateWebhookEndpointSchema.parse(input);
    const endpoint = await this.owned(userId, id);
    if (fields.url !== undefined && fields.url !== endpoint.url) {
      await this.assertAllowedUrl(fields.url);
    }
    const now = this.deps.clock.now();
    const switched =
      fields.enabled === undefined || fields.enabled === (endpoint.disabledAt === null)
        ? {}
        : fields.enabled
          ? { disabledAt: null, disabledReason: null, failingSince: null }
          : { disabledAt: now, disabledReason: 'member' };
    const row = await this.deps.repository.updateEndpoint(userId, endpoint.id, {
      // A new address is a new receiver: the old one's failures do not count against it.
      ...(fields.url !== undefined && fields.url !== endpoint.url && { failingSince: null }),
      ...(fields.url !== undefined && { url: fields.url }),
      ...(fields.events !== undefined && { events: fields.events }),
      ...(fields.description !== undefined && { description: fields.description }),
      ...switched,
    });
    if (!row) throw new NotFound(WEBHOOK_MESSAGES.notFound);
    return presentEndpoint(row, now);
  }

  /** Deletes it with its delivery log; deliveries still pending are dropped with it. */
  async remove(userId: string, id: string): Promise<void> {
    const known = isUuid(id) && (await this.deps.repository.deleteEndpoint(userId, id));
    if (!known) throw new NotFound(WEBHOOK_MESSAGES.notFound);
  }

  /** "Send test event": a `webhook.test` delivery to this endpoint, logged like any other. */
  async sendTest(userId: string, id: string): Promise<WebhookDelivery> {
    const endpoint = await this.enabled(userId, id);
    const [deliveryId] = await inTransaction(this.deps.pool, (tx) =>
      this.deps.events.sendTo(tx.db, userId, [endpoint.id], WEBHOOK_TEST_EVENT, {
        endpointId: endpoint.id,
        message: 'A test event from Reelforge: your endpoint receives and verifies our webhooks.',
      }),
    );
    return this.delivery(userId, endpoint.id, deliveryId ?? '');
  }

  /**
   * A new secret, answered this once. The one it replaces keeps signing for
   * WEBHOOK_PREVIOUS_SECRET_HOURS (both signatures in webhook-signature), so a receiver can switch.
   */
  async rotateSecret(userId: string, id: string): Promise<{ secret: string }> {
    const endpoint = await this.owned(userId, id);
    const secret = newSigningSecret();
    const previousSecretExpiresAt = new Date(
      this.deps.clock.now().getTime() + WEBHOOK_PREVIOUS_SECRET_HOURS * HOUR_MS,
    );
    const row = await this.deps.repository.updateEndpoint(userId, endpoint.id, {
      secretSealed: this.deps.cipher.encrypt(secret),
      previousSecretSealed: endpoint.secretSealed,
      previousSecretExpiresAt,
    });
    if (!row) throw new NotFound(WEBHOOK_MESSAGES.notFound);
    return { secret };
  }

  /** The endpoint's latest deliveries, newest first. */
  async deliveries(userId: string, id: string): Promise<WebhookDelivery[]> {
    const endpoint = await this.owned(userId, id);
    const rows = await this.deps.repository.latestDeliveries(endpoint.id, WEBHOOK_DELIVERIES_PAGE);
    return rows.map(presentDelivery);
  }

  /**
   * A failed delivery sent again, under its own webhook-id, by a new job. It goes on with the
   * retry schedule from where it stopped: one whose schedule was used up gets one attempt.
   */
  async retry(userId: string, id: string, deliveryId: string): Promise<WebhookDelivery> {
    const endpoint = await this.owned(userId, id);
    const existing = DELIVERY_ID.test(deliveryId)
      ? await this.deps.repository.findDelivery(userId, endpoint.id, deliveryId)
      : undefined;
    if (!existing) throw new NotFound(WEBHOOK_MESSAGES.deliveryNotFound);
    if (endpoint.disabledAt !== null) {
      throw new Conflict('WEBHOOK_ENDPOINT_DISABLED', WEBHOOK_MESSAGES.disabled);
    }
    const reopened = await inTransaction(this.deps.pool, async (tx) => {
      const row = await this.deps.repository.reopenFailed(tx.db, userId, endpoint.id, deliveryId);
      if (row) {
        await this.deps.events.resend(tx, row.id);
      }
      return row;
    });
    if (!reopened) throw new Conflict('WEBHOOK_DELIVERY_NOT_FAILED', WEBHOOK_MESSAGES.notRetryable);
    return presentDelivery(reopened);
  }

  /**
   * The hourly cleanup: deliveries older than the log keeps, and attempts lost for good (their
   * job expired more often than the queue retries) marked failed.
   */
  async pruneDeliveries(): Promise<{ deleted: number; abandoned: number }> {
    const now = this.deps.clock.now().getTime();
    const deleted = await this.deps.repository.pruneDeliveries(
      new Date(now - WEBHOOK_DELIVERY_LOG_DAYS * 24 * HOUR_MS),
    );
    const abandoned = await this.deps.repository.failAbandoned(
      new Date(now - ABANDONED_ATTEMPT_MS),
    );
    return { deleted, abandoned };
  }

  private async delivery(userId: string, endpointId: string, id: string) {
    const row = await this.deps.repository.findDelivery(userId, endpointId, id);
    if (!row) throw new NotFound(WEBHOOK_MESSAGES.deliveryNotFound);
    return presentDelivery(row);
  }

  /** The member's endpoint; text that is no uuid names none and answers 404 before any query. */
  private async owned(userId: string, id: string): Promise<WebhookEndpointRow> {
    const row = isUuid(id) ? await this.deps.repository.findEndpoint(userId, id) : undefined;
    if (!row) throw new NotFound(WEBHOOK_MESSAGES.notFound);
    return row;
  }

  private async enabled(userId: string, id: string): Promise<WebhookEndpointRow> {
    const row = await this.owned(userId, id);
    if (row.disabledAt !== null) {
      throw new Conflict('WEBHOOK_ENDPOINT_DISABLED', WEBHOOK_MESSAGES.disabled);
    }
    return row;
  }

  /** The SSRF guard at save time, in the member's words (400 naming the `url` field). */
  private async assertAllowedUrl(url: string): Promise<void> {
    try {
      await assertPublicUrl(url, {
        allowPrivate: this.deps.allowPrivate,
        ...(this.deps.lookup && { lookup: this.deps.lookup }),
      });
    } catch (error) {
      if (!(error instanceof RefusedUrl)) throw error;
      const message =
        error.reason === 'unresolvable'
          ? WEBHOOK_MESSAGES.urlUnresolvable
          : error.reason === 'notAllowed'
            ? WEBHOOK_MESSAGES.urlNotAllowed
            : WEBHOOK_MESSAGES.url;
      throw new ValidationFailed(message, 'url');
    }
  }
}
