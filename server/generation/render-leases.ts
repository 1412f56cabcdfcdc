// Takes over renders whose worker died: a claim that has gone a whole lease without a heartbeat
// goes back to the queue (RenderLifecycle.requeueOrphans). Every worker sweeps, now and then
// every half lease.
import type { Logger } from '../logger';
import type { RenderLifecycle } from './render-lifecycle';

/** Sweeps now and then every half lease until stopped. */
export function startOrphanSweeper(deps: {
  lifecycle: RenderLifecycle;
  leaseSeconds: number;
  log: Logger;
}): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = deps.lifecycle
      .requeueOrphans()
      .catch((error) => deps.log.warn({ err: error }, 'orphaned render sweep failed'));
  };
  sweep();
  const timer = setInterval(sweep, Math.max(1000, (deps.leaseSeconds * 1000) / 2));
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
