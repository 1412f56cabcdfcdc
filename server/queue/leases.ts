// Leases on work a worker holds (a render, a publication): heartbeats every third of the lease
// keep the claim, a heartbeat that finds it gone aborts the work, and every worker sweeps every half
// lease for claims whose worker died (their lease ran out without a heartbeat) and queues them again.
// Renders (generation/render-lifecycle.ts) and publications (features/publishing/publication-worker.ts)
// share this one shape; each brings its own SQL.
import type { Logger } from '../logger';

/** A claim this worker holds, kept alive by heartbeats until `stop`. */
export type HeldLease = { signal: AbortSignal; stop: () => void };

/**
 * Heartbeats every third of the lease. `heartbeat` answers whether the claim is still this
 * worker's; when it is not, the signal aborts with `lost()` (a failed heartbeat is only logged: the
 * next one may pass, and the lease still has two thirds to run).
 */
export function holdLease(options: {
  leaseSeconds: number;
  heartbeat: () => Promise<boolean>;
  lost: () => Error;
  /** Names the work in the log line of a failed heartbeat ("render", "publication"). */
  what: string;
  log: Logger;
}): HeldLease {
  const { leaseSeconds, heartbeat, lost, what, log } = options;
  const abort = new AbortController();
  const timer = setInterval(
    () => {
      heartbeat().then(
        (held) => {
          if (!held) abort.abort(lost());
        },
        (error) => log.warn({ err: error }, `${what} heartbeat failed`),
      );
    },
    Math.max(250, (leaseSeconds * 1000) / 3),
  );
  return { signal: abort.signal, stop: () => clearInterval(timer) };
}

/**
 * Runs `sweep` now and then every half lease until the answer is called, which waits for a sweep
 * under way. Every worker sweeps; each claim is taken back once, by whichever sweeps first.
 */
export function startLeaseSweeper(options: {
  sweep: () => Promise<unknown>;
  leaseSeconds: number;
  /** The log line of a failed sweep ("orphaned render sweep failed"). */
  failure: string;
  log: Logger;
}): () => Promise<void> {
  const { sweep, leaseSeconds, failure, log } = options;
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = sweep().catch((error) => log.warn({ err: error }, failure));
  };
  run();
  const timer = setInterval(run, Math.max(1000, (leaseSeconds * 1000) / 2));
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
