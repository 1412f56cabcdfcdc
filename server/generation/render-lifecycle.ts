// One render's life as the member sees it: claimed, progressing, completed or failed (refunded),
// or taken back from a worker that died. Every change of state is saved and published over the
// socket here, so no other module writes a render's status or forgets to tell the member.

import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type pg from 'pg';
import { requestVideoId } from '../../shared/schemas/videos';
import type { Database } from '../db/client';
import { inTransaction, type Transaction } from '../db/transaction';
import type { Logger } from '../logger';
import { type HeldLease, holdLease } from '../queue/leases';
import type { JobQueue } from '../queue/queue';
import type { RealtimeBus } from '../realtime/bus';
import { ORPHAN_PRIORITY } from './priorities';
import type {
  CompletedVideo,
  RenderRepository,
  RenderRequest,
  StoredVideo,
} from './render-repository';

/** The claim was lost: another worker took the render over after missed heartbeats. */
export class ClaimLost extends Error {}

/** This worker is stopping: its renders go back to the queue for another (or for it, restarted). */
export class ShuttingDown extends Error {}

/**
 * Lost renders (worker crashed, killed or hung; a step past its limit) after which a video is
 * failed and refunded instead of queued again.
 */
export const MAX_LOST_RENDERS = 2;
export const QUARANTINED_MESSAGE =
  "We couldn't render this video: it stopped the renderer twice, so we won't try again. Your credit has been refunded; please try again with a shorter title or description.";

export type RenderLifecycleDeps = {
  pool: pg.Pool;
  repository: RenderRepository;
  queue: JobQueue;
  bus: RealtimeBus;
  log: Logger;
  leaseSeconds: number;
  /** Gives the attempt's credit back, inside the transaction that marks it failed. */
  refund: (db: Database, request: RenderRequest) => Promise<void>;
  /**
   * Inside the transaction that marks a video completed: work that must happen exactly when it
   * does (a Creator Engine job's video queued for publishing), never lost to a crash in between.
   */
  completing?: (tx: Transaction, request: RenderRequest, video: StoredVideo) => Promise<void>;
  /**
   * Inside the transaction that marks a video failed for good (refunded): work that must happen
   * exactly when it does (a webhook's `video.failed`). `request` holds the failed state.
   */
  failing?: (tx: Transaction, request: RenderRequest) => Promise<void>;
  /**
   * After a video is stored and marked completed (a referral pays on the first). Best effort: it
   * runs after the commit, so its failure never undoes a finished video.
   */
  onCompleted?: (request: RenderRequest) => Promise<unknown>;
};

export class RenderLifecycle {
  /** This process's name on the leases it holds. */
  readonly workerId = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

  constructor(private readonly deps: RenderLifecycleDeps) {}

  get repository(): RenderRepository {
    return this.deps.repository;
  }

  /** Claims the attempt for this worker and tells the member it is being made; null if taken. */
  async claim(job: { requestId: number; attempt: number }): Promise<RenderRequest | null> {
    const request = await this.deps.repository.claim(
      job.requestId,
      job.attempt,
      this.workerId,
      this.deps.leaseSeconds,
    );
    if (request) await this.publishStatus(request, 'processing', request.progress, null);
    return request;
  }

  /** Heartbeats every third of the lease; the signal aborts with ClaimLost when it is lost. */
  holdLease(request: RenderRequest): HeldLease {
    const { repository, leaseSeconds, log } = this.deps;
    return holdLease({
      leaseSeconds,
      heartbeat: () => repository.heartbeat(request.id, this.workerId, leaseSeconds),
      lost: () => new ClaimLost(),
      what: 'render',
      log,
    });
  }

  async savePlan(request: RenderRequest, generatedPrompt: string): Promise<void> {
    await this.deps.repository.saveGeneratedPrompt(request.id, this.workerId, generatedPrompt);
  }

  /**
   * Saves and publishes progress at most every few points, so a render is not a write storm.
   * `heldBy`: this worker (the default), or null while nobody holds the video (a provider is
   * generating its scenes).
   */
  progressReporter(
    request: RenderRequest,
    options: { heldBy?: string | null; from?: number } = {},
  ) {
    const heldBy = options.heldBy === undefined ? this.workerId : options.heldBy;
    let last = options.from ?? 0;
    return async (value: number, scenes?: readonly number[]) => {
      const progress = Math.min(99, Math.floor(value));
      if (progress < last + 3) return;
      last = progress;
      await this.deps.repository.saveProgress(request.id, heldBy, progress);
      await this.deps.bus.publish(request.userId, 'videoProgress', {
        videoId: requestVideoId(request.id),
        requestId: request.id,
        progress,
        ...(scenes ? { scenes: scenes.map((fraction) => Math.round(fraction * 100)) } : {}),
      });
    };
  }

  /**
   * Files the finished video if this worker still holds the claim, then tells the member.
   * Throws ClaimLost when another worker has taken the render over (nothing is written).
   */
  async complete(request: RenderRequest, video: CompletedVideo): Promise<StoredVideo> {
    const content = await inTransaction(this.deps.pool, async (tx) => {
      const stored = await this.deps.repository.complete(tx.db, request, this.workerId, video);
      if (stored) await this.deps.completing?.(tx, request, stored);
      return stored;
    });
    if (!content) throw new ClaimLost();
    // The operator's line: who made the footage, how much of it, at what cost.
    this.deps.log.info(
      {
        requestId: request.id,
        videoId: content.id,
        provider: video.generation?.provider ?? 'combine',
        model: video.generation?.model ?? null,
        secondsGenerated: video.generation?.secondsGenerated ?? 0,
        costUsd: video.generation?.costUsd ?? 0,
      },
      `video ${request.id} completed`,
    );
    await this.deps.bus.publish(request.userId, 'videoStatusUpdate', {
      videoId: content.id,
      requestId: request.id,
      status: 'completed',
      title: request.title,
      progress: 100,
      errorMessage: null,
    });
    await this.deps
      .onCompleted?.(request)
      .catch((error) =>
        this.deps.log.warn({ err: error }, `after-completion work for video ${request.id} failed`),
      );
    return content;
  }

  /**
   * Marks the attempt failed with a message the member may read, refunds it, and tells the
   * member; only if this worker still holds it (`heldBy` null: if no worker does). False when the
   * render had been taken over or had ended already.
   */
  async fail(
    request: RenderRequest,
    message: string,
    options: { heldBy?: string | null; lost?: boolean } = {},
  ): Promise<boolean> {
    const heldBy = options.heldBy === undefined ? this.workerId : options.heldBy;
    const failed = await inTransaction(this.deps.pool, async (tx) => {
      const held = await this.deps.repository.fail(tx.db, request.id, heldBy, message, {
        lost: options.lost,
      });
      if (held) {
        await this.deps.refund(tx.db as Database, request);
        await this.deps.failing?.(tx, {
          ...request,
          status: 'failed',
          progress: 0,
          errorMessage: message,
        });
      }
      return held;
    });
    if (failed) await this.publishStatus(request, 'failed', 0, message);
    return failed;
  }

  /**
   * Takes back renders whose worker died or hung: each goes back to the queue, first in line, or,
   * at its MAX_LOST_RENDERS-th loss, is failed and refunded for good (and logged for the operator).
   * Every worker sweeps; the conditional update gives each orphan to exactly one of them.
   */
  async requeueOrphans(): Promise<number> {
    const { queue, repository, log } = this.deps;
    const taken = await inTransaction(this.deps.pool, async (tx) => {
      const rows = await repository.takeBackExpiredLeases(
        tx.db,
        MAX_LOST_RENDERS,
        QUARANTINED_MESSAGE,
      );
      for (const row of rows) {
        if (row.status === 'failed') {
          await this.deps.refund(tx.db as Database, row);
          await this.deps.failing?.(tx, row);
          continue;
        }
        await this.queueFirstInLine(tx, row);
      }
      return rows;
    });
    if (taken.length === 0) return 0;
    queue.wake('render-video');
    for (const row of taken) {
      if (row.status === 'failed') {
        log.error(
          { requestId: row.id, userId: row.userId, lostRenders: row.lostRenders },
          `video ${row.id} lost its worker ${row.lostRenders} times; failed and refunded, never queued again`,
        );
        await this.publishStatus(row, 'failed', 0, QUARANTINED_MESSAGE);
      } else {
        log.warn(`video ${row.id} lost its worker; queued again`);
        await this.publishStatus(row, 'queued', 0, null);
      }
    }
    return taken.length;
  }

  /**
   * The server is stopping mid-render: the video goes back to the queue as it was (no loss is
   * counted), for another worker or this one after its restart. False when the claim was gone.
   */
  async requeueForShutdown(request: RenderRequest): Promise<boolean> {
    const { repository } = this.deps;
    const released = await inTransaction(this.deps.pool, async (tx) => {
      const row = await repository.releaseForShutdown(tx.db, request.id, this.workerId);
      if (!row) return null;
      await this.queueFirstInLine(tx, row);
      return row;
    });
    if (released) await this.publishStatus(released, 'queued', 0, null);
    return released !== null;
  }

  /**
   * Queues the attempt's render first in line, inside the caller's transaction (a takeover, a
   * render handed back, a provider's scenes all stored): it exists only if that commits.
   */
  async queueFirstInLine(
    tx: Parameters<JobQueue['sendInTransaction']>[0],
    request: Pick<RenderRequest, 'id' | 'attempts'>,
  ): Promise<void> {
    await this.deps.queue.sendInTransaction(
      tx,
      'render-video',
      { requestId: request.id, attempt: request.attempts, priority: ORPHAN_PRIORITY },
      { priority: ORPHAN_PRIORITY },
    );
  }

  private async publishStatus(
    request: RenderRequest,
    status: 'queued' | 'processing' | 'failed',
    progress: number,
    errorMessage: string | null,
  ) {
    await this.deps.bus.publish(request.userId, 'videoStatusUpdate', {
      videoId: requestVideoId(request.id),
      requestId: request.id,
      status,
      title: request.title,
      progress,
      errorMessage,
    });
  }
}
