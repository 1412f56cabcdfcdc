// Writes an event for a member's webhook endpoints inside the transaction that causes it: one
// delivery row per enabled endpoint taking the event (its body the exact JSON that will be signed
// and sent), and its `deliver-webhook` job, both committed with the change or not at all. A member
// with no endpoint pays one indexed query; the event's data is only built when someone takes it.
import { randomBytes } from 'node:crypto';
import { requestVideoId } from '../../../shared/schemas/videos';
import {
  WEBHOOK_CREDITS_LOW_BALANCE,
  WEBHOOK_LIMITS,
  type WEBHOOK_TEST_EVENT,
  type WebhookEvent,
  type WebhookPayload,
} from '../../../shared/schemas/webhooks';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { type Transaction, transactionOf } from '../../db/transaction';
import { StockRepository } from '../../generation/stock/stock-repository';
import type { JobQueue } from '../../queue/queue';
import { type DownloadLinks, downloadName } from '../stored-media';
import {
  type GeneratedVideoRow,
  presentGeneratedVideo,
  presentRequest,
  type VideoRequestRow,
} from '../videos';
import type { RunOutcomeRow, RunReference, WebhooksRepository } from './repository';

export type EventData = Record<string, unknown>;
/** A video's request as far as its Creator Engine run goes. */
type RunVideoRequest = Pick<VideoRequestRow, 'id' | 'userId' | 'jobId'>;
/** The data, or what builds it (null: nothing to tell after all), run only for a taker. */
export type EventDataSource = EventData | (() => EventData | null | Promise<EventData | null>);
export type SentEvent = WebhookEvent | typeof WEBHOOK_TEST_EVENT;

/** `msg_` and 22 random characters: the webhook-id (no `.`, which the signed content uses). */
export function newDeliveryId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`;
}

/**
 * The body as it is signed and sent, under `maxBytes`: when it is too long, its longest fields
 * are shortened (text cut, lists halved, anything else dropped), largest first, and
 * `data.truncated` is set.
 */
export function payloadText(
  payload: WebhookPayload,
  maxBytes: number = WEBHOOK_LIMITS.payloadMaxBytes,
): string {
  let text = JSON.stringify(payload);
  if (Buffer.byteLength(text) < maxBytes) return text;
  const data: EventData = { ...payload.data, truncated: true };
  const sizeOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value) ?? '');
  for (let round = 0; round < 100; round++) {
    text = JSON.stringify({ ...payload, data });
    const over = Buffer.byteLength(text) - maxBytes + 1;
    if (over <= 0) return text;
    const [key, size] = Object.entries(data)
      .filter(([name]) => name !== 'truncated')
      .map(([name, value]) => [name, sizeOf(value)] as const)
      .sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
    if (!key || size <= 4) break;
    const value = data[key];
    if (typeof value === 'string' && value.length > 64) {
      // Cut by what is over (a character is at least a byte), leaving no half of a pair behind.
      data[key] =
        `${value.slice(0, Math.max(0, value.length - over - 1)).replace(/[\uD800-\uDBFF]$/u, '')}…`;
    } else if (Array.isArray(value) && value.length > 1) {
      data[key] = value.slice(0, Math.floor(value.length / 2));
    } else {
      data[key] = null;
    }
  }
  // Only the event and that it was cut remain: never a body over the limit.
  return JSON.stringify({ ...payload, data: { truncated: true } });
}

/** How long a `deliver-webhook` job may run before the queue hands it to another worker. */
export function deliveryJobExpirySeconds(timeoutSeconds: number): number {
  // A batch of jobs completes with its slowest attempt: the time limit and a little for the SQL.
  return timeoutSeconds + Math.max(2, Math.ceil(timeoutSeconds / 3));
}

export class WebhookEvents {
  constructor(
    private readonly deps: {
      repository: WebhooksRepository;
      queue: Pick<JobQueue, 'sendInTransaction'>;
      downloadLinks: DownloadLinks;
      clock: Clock;
      /** Each delivery job's expiry (deliveryJobExpirySeconds). */
      jobExpirySeconds: number;
    },
  ) {}

  /**
   * The event for every enabled endpoint of the member that takes it, inside the transaction `db`
   * belongs to. Answers the deliveries written (none: one query was all it cost).
   */
  async emit(
    db: Database,
    userId: string,
    event: WebhookEvent,
    data: EventDataSource,
  ): Promise<string[]> {
    const endpointIds = await this.deps.repository.subscribedEndpoints(db, userId, event);
    if (endpointIds.length === 0) return [];
    return this.sendTo(db, userId, endpointIds, event, data);
  }

  /** The event for the given endpoints whatever they take ("Send test event"). */
  async sendTo(
    db: Database,
    userId: string,
    endpointIds: readonly string[],
    event: SentEvent,
    source: EventDataSource,
  ): Promise<string[]> {
    const data = typeof source === 'function' ? await source() : source;
    if (!data) return [];
    const payload = payloadText({
      type: event,
      timestamp: this.deps.clock.now().toISOString(),
      data,
    });
    const rows = endpointIds.map((endpointId) => ({
      id: newDeliveryId(),
      endpointId,
      userId,
      event,
      payload,
    }));
    await this.deps.repository.insertDeliveries(db, rows);
    const tx = transactionOf(db);
    for (const row of rows) await this.resend(tx, row.id);
    return rows.map((row) => row.id);
  }

  /** Queues an attempt of a delivery already written, inside `tx` (also a failed one, again). */
  async resend(tx: Transaction, deliveryId: string): Promise<void> {
    await this.deps.queue.sendInTransaction(
      tx,
      'deliver-webhook',
      { deliveryId },
      { expireInSeconds: this.deps.jobExpirySeconds },
    );
  }

  /**
   * `video.completed`, in the transaction that files the video: the video as GET /api/videos
   * shows it, with a download link that works for a day without a session; then its Creator
   * Engine run's end, if the video was all the run was waiting for.
   */
  async videoCompleted(
    db: Database,
    request: RunVideoRequest,
    video: GeneratedVideoRow,
  ): Promise<void> {
    await this.emit(db, video.userId, 'video.completed', async () => {
      const assets = await new StockRepository(db).videoAssets([video.id]);
      const link = this.deps.downloadLinks.link(
        video.videoKey,
        downloadName(video.title),
        this.deps.clock.now(),
      );
      return {
        ...presentGeneratedVideo(video, assets.get(video.id)),
        downloadUrl: link.url,
        downloadUrlExpiresAt: link.expiresAt.toISOString(),
      };
    });
    await this.videoRunFinished(db, request);
  }

  /**
   * `video.failed`, in the transaction that marks it failed (and refunds it): `request` failed.
   * A Creator Engine run's video failing ends the run too.
   */
  async videoFailed(db: Database, request: VideoRequestRow): Promise<void> {
    await this.emit(db, request.userId, 'video.failed', () => ({
      ...presentRequest(request),
      downloadUrl: null,
      downloadUrlExpiresAt: null,
    }));
    await this.videoRunFinished(db, request);
  }

  /** A job video's run ends when its video does (unless publications are still under way). */
  private async videoRunFinished(db: Database, request: RunVideoRequest): Promise<void> {
    if (request.jobId !== null) {
      await this.jobRunFinished(db, request.userId, { requestId: request.id });
    }
  }

  /**
   * `job.run.finished`, once nothing more will happen for the run: it was skipped, its video
   * failed, or its video is done and every publication it made was published or failed (a held
   * one is still to come). Called wherever one of those may have just happened; a run not
   * finished yet sends nothing.
   */
  async jobRunFinished(db: Database, userId: string, of: RunReference): Promise<void> {
    await this.emit(db, userId, 'job.run.finished', async () => {
      const run = await this.deps.repository.runOutcome(db, of);
      return run && isFinished(run) ? presentRun(run) : null;
    });
  }

  /**
   * A publication's outcome (`publication.published` or `publication.failed`), and its Creator
   * Engine run's end when it was the run's last publication under way. Call it after the run's
   * publishing line is recorded, whose row lock orders two publications of one run settling at
   * once, so the later one sees the earlier.
   */
  async publicationSettled(
    db: Database,
    publication: { userId: string; jobRunId: number | null },
    event: 'publication.published' | 'publication.failed',
    data: EventDataSource,
  ): Promise<void> {
    await this.emit(db, publication.userId, event, data);
    if (publication.jobRunId !== null) {
      await this.jobRunFinished(db, publication.userId, { runId: publication.jobRunId });
    }
  }

  /** `credits.low`, in the transaction of the paid video that took the balance down to it. */
  async creditsLow(db: Database, userId: string, balance: number, plan: string): Promise<void> {
    await this.emit(db, userId, 'credits.low', {
      balance,
      lowBalance: WEBHOOK_CREDITS_LOW_BALANCE,
      plan,
    });
  }
}

function isFinished(run: RunOutcomeRow): boolean {
  if (run.runStatus !== 'created') return true;
  if (run.videoStatus === 'failed') return true;
  return run.videoStatus === 'completed' && run.publicationsUnderWay === 0;
}

function presentRun(run: RunOutcomeRow): EventData {
  return {
    runId: run.runId,
    jobId: run.jobId,
    jobName: run.jobName,
    trigger: run.trigger,
    dueAt: run.dueAt.toISOString(),
    /** completed, failed (its video) or skipped (no video: the reason says why). */
    outcome: run.runStatus === 'created' ? run.videoStatus : run.runStatus,
    reason: run.reason ?? run.videoError,
    videoId:
      run.contentId !== null
        ? String(run.contentId)
        : run.requestId !== null
          ? requestVideoId(run.requestId)
          : null,
    publishResult: run.publishResult,
  };
}
