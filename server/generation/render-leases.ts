// Takes over renders whose worker died: a claim that has gone a whole lease without a heartbeat
// goes back to the queue (RenderLifecycle.requeueOrphans), and a provider scene whose poll was
// lost gets a new one. Every worker sweeps, now and then every half lease.
import type { Logger } from '../logger';
import type { ProviderRenders } from './provider-renders';
import type { RenderLifecycle } from './render-lifecycle';

/** Sweeps now and then every half lease until stopped. */
export function startOrphanSweeper(deps: {
  lifecycle: RenderLifecycle;
  providerRenders?: ProviderRenders | null;
  leaseSeconds: number;
  log: Logger;
}): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = Promise.all([
      deps.lifecycle.requeueOrphans(),
      deps.providerRenders?.restartLostPolls(),
    ]).catch((error) => deps.log.warn({ err: error }, 'orphaned render sweep failed'));
  };
  sweep();
  const timer = setInterval(sweep, Math.max(1000, (deps.leaseSeconds * 1000) / 2));
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
