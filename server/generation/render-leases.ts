// Takes over renders whose worker died: a claim that has gone a whole lease without a heartbeat
// goes back to the queue with a fresh job, in one transaction. Every worker sweeps; the
// conditional update gives each orphan to exactly one of them.
import type pg from 'pg';
import { inTransaction } from '../db/transaction';
import { requestVideoId } from '../features/videos/presenter';
import type { VideosRepository } from '../features/videos/repository';
import { ORPHAN_PRIORITY } from '../features/videos/service';
import type { JobQueue } from '../jobs/queue';
import type { Logger } from '../logger';
import type { RealtimeBus } from '../realtime/bus';

export async function requeueOrphanedRenders(deps: {
  pool: pg.Pool;
  repository: VideosRepository;
  queue: JobQueue;
  bus: RealtimeBus;
  log: Logger;
}): Promise<number> {
  const released = await inTransaction(deps.pool, async (tx) => {
    const rows = await deps.repository.releaseExpiredLeases(tx.db);
    for (const row of rows) {
      await deps.queue.sendInTransaction(
        tx,
        'render-video',
        { requestId: row.id, attempt: row.attempts, priority: ORPHAN_PRIORITY },
        { priority: ORPHAN_PRIORITY },
      );
    }
    return rows;
  });
  if (released.length === 0) return 0;
  deps.queue.wake('render-video');
  for (const row of released) {
    deps.log.warn(`video ${row.id} lost its worker; queued again`);
    await deps.bus.publish(row.userId, 'videoStatusUpdate', {
      videoId: requestVideoId(row.id),
      requestId: row.id,
      status: 'queued',
      title: row.title,
      progress: 0,
      errorMessage: null,
    });
  }
  return released.length;
}

/** Sweeps now and then every half lease until stopped. */
export function startOrphanSweeper(
  deps: Parameters<typeof requeueOrphanedRenders>[0] & { leaseSeconds: number },
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = requeueOrphanedRenders(deps).catch((error) =>
      deps.log.warn({ err: error }, 'orphaned render sweep failed'),
    );
  };
  sweep();
  const timer = setInterval(sweep, Math.max(1000, (deps.leaseSeconds * 1000) / 2));
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
