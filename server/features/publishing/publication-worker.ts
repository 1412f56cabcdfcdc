// The worker's side of publishing: a `publish-video` job takes the publication's lease, keeps it
// alive with heartbeats, and lets the platform's publisher move it on from its last checkpoint
// (upload, then the platform's processing, looked at again by a later job, never by a sleeping
// worker). Passing failures (429, 5xx, network) are tried again after the platform's Retry-After;
// a refused grant marks the connection "reconnect needed"; anything else fails the publication in
// words. A worker that dies mid-upload leaves a lease that runs out: the sweep hands the
// publication to another, which resumes from the checkpoint and never posts twice.

import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type pg from 'pg';
import type { AspectRatio } from '../../../shared/catalogue';
import {
  PLATFORM_LABELS,
  type Platform,
  type Privacy,
  type TikTokPrivacyLevel,
} from '../../../shared/schemas/publishing';
import type { Clock } from '../../clock';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../errors';
import type { Logger } from '../../logger';
import { holdLease, startLeaseSweeper } from '../../queue/leases';
import type { JobQueue } from '../../queue/queue';
import type { RealtimeBus } from '../../realtime/bus';
import type { Storage } from '../../storage/storage';
import type { NotificationsService } from '../notifications';
import type { WebhookEvents } from '../webhooks';
import { type ConnectionsService, ReconnectNeeded } from './connections';
import { MEDIA_LINK_SECONDS, type MediaLinks } from './media-links';
import { PlatformError } from './platforms/platform';
import type {
  PublishCheckpoint,
  PublishedFile,
  Publisher,
  PublishStep,
} from './platforms/publisher';
import { presentPublication } from './presenter';
import type { PublicationRow, PublicationsRepository } from './repository';
import { PlatformUnavailable, type PublicationsService } from './service';
import type { TokenCipher } from './token-cipher';

/** Passing failures tried again before the publication fails. */
export const MAX_PUBLISH_RETRIES = 6;
/** The first wait after a passing failure with no Retry-After; it doubles each time. */
const FIRST_RETRY_SECONDS = 30;
/** The longest wait between two tries, whatever a platform's Retry-After says. */
const LONGEST_RETRY_SECONDS = 60 * 60;
/** A publication not done a day after it was asked for is given up (and the member told). */
const DEADLINE_MS = 24 * 60 * 60 * 1000;
/** A queued step this long overdue was lost with its job (not merely waiting in a busy queue). */
const LOST_STEP_GRACE_SECONDS = 10 * 60;
/** Upload progress is told to the member's tabs every this many points. */
const PROGRESS_STEP = 10;

export const PUBLISH_WORKER_MESSAGES = {
  deadline: (label: string) =>
    `${label} did not finish taking the video within a day. Please publish it again.`,
  missingFile: "The video's file could not be found, so it was not published.",
  gaveUp: (message: string) =>
    `${message.replace(/\s*$/u, '')} We tried ${MAX_PUBLISH_RETRIES + 1} times; please publish again later.`,
  unexpected: (label: string) => `Something went wrong while publishing to ${label}.`,
} as const;

/** The lease was lost (taken over, or the video deleted): this worker stops, saying nothing. */
class LeaseLost extends Error {}
/** This worker is stopping: the publication goes back to the queue for another. */
class WorkerStopping extends Error {}

export type PublicationWorkerDeps = {
  pool: pg.Pool;
  repository: PublicationsRepository;
  connections: ConnectionsService;
  publishers: Partial<Record<Platform, Publisher>>;
  publications: Pick<PublicationsService, 'recordRun'>;
  storage: Storage;
  mediaLinks: MediaLinks;
  cipher: TokenCipher;
  queue: JobQueue;
  bus: RealtimeBus;
  notifications: Pick<NotificationsService, 'notify'>;
  clock: Clock;
  log: Logger;
  leaseSeconds: number;
  /** A member's webhooks hear when a publication is published or fails. */
  webhookEvents?: Pick<WebhookEvents, 'publicationSettled'>;
};

export class PublicationWorker {
  readonly workerId = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}:publish`;
  private readonly running = new Set<AbortController>();

  constructor(private readonly deps: PublicationWorkerDeps) {}

  /** One `publish-video` job: moves the publication on, if it is still under way and free. */
  async advance(publicationId: number): Promise<void> {
    const { repository, leaseSeconds, log } = this.deps;
    const row = await repository.claim(publicationId, this.workerId, leaseSeconds);
    if (!row) return;
    // Stopping the worker aborts the upload too (WorkerStopping), whoever holds the lease.
    const stopping = new AbortController();
    this.running.add(stopping);
    const lease = holdLease({
      leaseSeconds,
      heartbeat: () => repository.heartbeat(row.id, this.workerId, leaseSeconds),
      lost: () => new LeaseLost(),
      what: 'publication',
      log,
    });
    const signal = AbortSignal.any([lease.signal, stopping.signal]);
    try {
      await this.move(row, signal);
    } catch (error) {
      await this.handleFailure(row, signal.reason ?? error);
    } finally {
      lease.stop();
      this.running.delete(stopping);
    }
  }

  /**
   * Publications lost with their worker (a lease run out without a heartbeat) or with their
   * queued step (due long ago): each is queued again, once, whichever worker sweeps first.
   */
  async restartLost(): Promise<number> {
    const { queue, repository, log } = this.deps;
    const taken = await inTransaction(this.deps.pool, async (tx) => {
      const rows = await repository.takeBackLost(tx.db, LOST_STEP_GRACE_SECONDS);
      for (const row of rows) {
        await queue.sendInTransaction(tx, 'publish-video', { publicationId: row.id });
      }
      return rows;
    });
    if (taken.length > 0) {
      log.warn(`restarted ${taken.length} publications lost with their worker`);
      queue.wake('publish-video');
    }
    return taken.length;
  }

  /** Stops every upload at once; each goes back to the queue for another worker. */
  stop(): void {
    for (const abort of this.running) abort.abort(new WorkerStopping());
  }

  private async move(row: PublicationRow, signal: AbortSignal): Promise<void> {
    const { repository, connections, publishers, cipher } = this.deps;
    const platform = row.platform as Platform;
    const label = PLATFORM_LABELS[platform];
    if (this.deps.clock.now().getTime() - row.createdAt.getTime() > DEADLINE_MS) {
      await this.fail(row, PUBLISH_WORKER_MESSAGES.deadline(label));
      return;
    }
    const publisher = publishers[platform];
    if (!publisher) {
      await this.fail(row, new PlatformUnavailable(platform).message);
      return;
    }
    const video = await repository.findVideo(row.videoId, row.videoVersion);
    // Deleted meanwhile: its publications went with it, and nothing is posted.
    if (!video) return;
    const stored = await this.deps.storage.stat(video.videoKey);
    if (!stored) {
      await this.fail(row, PUBLISH_WORKER_MESSAGES.missingFile);
      return;
    }

    let current = row;
    if (current.status === 'queued') {
      current = await this.saved(
        await repository.saveProgress(row.id, this.workerId, { status: 'uploading' }),
      );
      await this.announce(current);
    }
    let checkpoint: PublishCheckpoint | null = current.checkpointSealed
      ? (JSON.parse(cipher.decrypt(current.checkpointSealed)) as PublishCheckpoint)
      : null;
    let announcedProgress = current.progress;
    const file = this.fileOf(row, video, stored.bytes);
    const stepWith = async (account: {
      accessToken: string;
      accountId: string;
      accountName: string;
    }) =>
      publisher.step({
        ...account,
        file,
        post: {
          title: row.title,
          description: row.description,
          hashtags: row.hashtags,
          privacy: row.privacy as Privacy,
          tiktokPrivacyLevel: row.tiktokPrivacyLevel as TikTokPrivacyLevel | null,
          tiktokAllow: row.tiktokAllow,
        },
        checkpoint,
        save: async (next, uploadedBytes) => {
          if (signal.aborted) throw signal.reason;
          const progress =
            uploadedBytes === undefined
              ? current.progress
              : Math.min(99, Math.floor((uploadedBytes * 100) / Math.max(1, stored.bytes)));
          current = await this.saved(
            await repository.saveProgress(row.id, this.workerId, {
              status: current.status,
              checkpointSealed: cipher.encrypt(JSON.stringify(next)),
              progress,
            }),
          );
          checkpoint = next;
          if (progress >= announcedProgress + PROGRESS_STEP) {
            announcedProgress = progress;
            await this.announce(current);
          }
        },
        signal,
      });

    let step: PublishStep;
    try {
      step = await stepWith(await connections.account(row.userId, platform));
    } catch (error) {
      // A token the platform refused though we thought it good: refresh once and go on from the
      // last checkpoint; a refused refresh marks the connection "reconnect needed".
      if (!(error instanceof PlatformError && error.details.revoked) || signal.aborted) throw error;
      step = await stepWith(
        await connections.account(row.userId, platform, { forceRefresh: true }),
      );
    }
    if (step.state === 'processing') {
      await this.handBack(current, {
        status: 'processing',
        checkpoint: step.checkpoint,
        retries: 0,
        dueInSeconds: Math.max(1, Math.round(step.pollAfterMs / 1000)),
      });
      return;
    }
    await this.published(current, step);
  }

  /** What went wrong, as the member's publication should show it. */
  private async handleFailure(row: PublicationRow, error: unknown): Promise<void> {
    const { log } = this.deps;
    const label = PLATFORM_LABELS[row.platform as Platform];
    if (error instanceof LeaseLost) {
      log.info(`publication ${row.id}: taken over or its video deleted; stopped`);
      return;
    }
    // The latest row: its checkpoint and status as last saved.
    const current = (await this.deps.repository.find(row.id)) ?? row;
    if (error instanceof WorkerStopping) {
      await this.handBack(current, { dueInSeconds: 0 });
      return;
    }
    if (error instanceof PlatformError && error.details.revoked) {
      // Refused even with a fresh token: the grant is gone.
      const platform = row.platform as Platform;
      await this.deps.connections.markReconnectNeededFor(row.userId, platform);
      await this.fail(current, new ReconnectNeeded(platform).message);
      return;
    }
    if (error instanceof AppError) {
      // Not connected, reconnect needed, not offered: the member's to fix.
      await this.fail(current, error.message);
      return;
    }
    if (error instanceof PlatformError && !error.details.transient) {
      log.warn({ err: error }, `publication ${row.id} to ${row.platform} refused`);
      await this.fail(current, error.message);
      return;
    }
    const passing = error instanceof PlatformError;
    if (!passing) log.error({ err: error }, `publication ${row.id} to ${row.platform} failed`);
    const message = passing ? error.message : PUBLISH_WORKER_MESSAGES.unexpected(label);
    const retries = current.retries + 1;
    if (retries > MAX_PUBLISH_RETRIES) {
      await this.fail(current, PUBLISH_WORKER_MESSAGES.gaveUp(message));
      return;
    }
    const asked = passing ? error.details.retryAfterMs : undefined;
    const wait =
      asked !== undefined ? Math.ceil(asked / 1000) : FIRST_RETRY_SECONDS * 2 ** (retries - 1);
    log.warn(`publication ${row.id} to ${row.platform}: ${message} (try ${retries}, in ${wait} s)`);
    await this.handBack(current, {
      retries,
      dueInSeconds: Math.min(LONGEST_RETRY_SECONDS, Math.max(1, wait)),
    });
  }

  /**
   * Lets go of the publication until its next step is due, with the job that takes it up, in one
   * transaction; tells the member's tabs when its status changed.
   */
  private async handBack(
    row: PublicationRow,
    changes: {
      status?: 'processing';
      checkpoint?: PublishCheckpoint;
      retries?: number;
      dueInSeconds: number;
    },
  ): Promise<void> {
    const { repository, queue, bus, cipher } = this.deps;
    const released = await inTransaction(this.deps.pool, async (tx) => {
      const updated = await repository.handBack(tx.db, row.id, this.workerId, {
        status: changes.status ?? row.status,
        checkpointSealed: changes.checkpoint
          ? cipher.encrypt(JSON.stringify(changes.checkpoint))
          : row.checkpointSealed,
        retries: changes.retries ?? row.retries,
        progress: changes.status === 'processing' ? 100 : row.progress,
        dueInSeconds: changes.dueInSeconds,
      });
      if (!updated) return null;
      await queue.sendInTransaction(
        tx,
        'publish-video',
        { publicationId: row.id },
        { startAfter: changes.dueInSeconds },
      );
      if (updated.status !== row.status) {
        await bus.publishInTransaction(
          tx,
          row.userId,
          'publicationUpdate',
          presentPublication(updated),
        );
      }
      return updated;
    });
    if (released && changes.dueInSeconds === 0) queue.wake('publish-video');
  }

  private async published(row: PublicationRow, step: Extract<PublishStep, { state: 'published' }>) {
    const done = await inTransaction(this.deps.pool, async (tx) => {
      const finished = await this.deps.repository.finish(tx.db, row.id, this.workerId, {
        status: 'published',
        postId: step.postId,
        postUrl: step.postUrl,
        error: null,
        note: step.note ?? null,
      });
      if (!finished) return null;
      await this.deps.bus.publishInTransaction(
        tx,
        row.userId,
        'publicationUpdate',
        presentPublication(finished),
      );
      if (finished.jobRunId !== null && finished.jobId !== null) {
        await this.deps.publications.recordRun(tx, finished.jobRunId, finished.jobId);
      }
      await this.deps.webhookEvents?.publicationSettled(
        tx.db,
        finished,
        'publication.published',
        () => presentPublication(finished),
      );
      return finished;
    });
    if (done) {
      this.deps.log.info(`publication ${row.id}: published to ${row.platform} (${step.postId})`);
    }
  }

  /** Fails the publication in words the member can act on; a job's is also noted on its run. */
  private async fail(row: PublicationRow, message: string): Promise<void> {
    await inTransaction(this.deps.pool, async (tx) => {
      const failed = await this.deps.repository.finish(tx.db, row.id, this.workerId, {
        status: 'failed',
        error: message,
        postId: null,
        postUrl: null,
        note: null,
      });
      if (!failed) return;
      await this.deps.bus.publishInTransaction(
        tx,
        row.userId,
        'publicationUpdate',
        presentPublication(failed),
      );
      if (failed.jobRunId !== null && failed.jobId !== null) {
        await this.deps.publications.recordRun(tx, failed.jobRunId, failed.jobId);
        const label = PLATFORM_LABELS[row.platform as Platform];
        await this.deps.notifications.notify(tx, row.userId, {
          kind: 'publish_failed',
          title: `Not Published to ${label}`,
          message: `"${row.title}" was not published to ${label}: ${message}`,
        });
      }
      await this.deps.webhookEvents?.publicationSettled(tx.db, failed, 'publication.failed', () =>
        presentPublication(failed),
      );
    });
  }

  private async announce(row: PublicationRow): Promise<void> {
    await this.deps.bus.publish(row.userId, 'publicationUpdate', presentPublication(row));
  }

  /** The saved row, or LeaseLost when it was not saved (taken over, or the video deleted). */
  private async saved(row: PublicationRow | null): Promise<PublicationRow> {
    if (!row) throw new LeaseLost();
    return row;
  }

  /** The stored video as a publisher reads it. */
  private fileOf(
    row: PublicationRow,
    video: { videoKey: string; duration: number | null; aspectRatio: string },
    bytes: number,
  ): PublishedFile {
    const { storage, mediaLinks, clock } = this.deps;
    return {
      bytes,
      durationSeconds: video.duration,
      aspectRatio: video.aspectRatio as AspectRatio,
      contentType: 'video/mp4',
      read: (range) => storage.read(video.videoKey, range),
      publicUrl: async () =>
        (await storage.presignedUrl(video.videoKey, { expiresInSeconds: MEDIA_LINK_SECONDS })) ??
        mediaLinks.link(row.id, clock.now()),
    };
  }
}

/** Sweeps now and then every half lease until stopped (every worker sweeps; each row goes once). */
export function startPublicationSweeper(
  worker: Pick<PublicationWorker, 'restartLost'>,
  options: { leaseSeconds: number; log: Logger },
): () => Promise<void> {
  return startLeaseSweeper({
    sweep: () => worker.restartLost(),
    leaseSeconds: options.leaseSeconds,
    failure: 'lost publication sweep failed',
    log: options.log,
  });
}
