// Takes over renders whose worker died: a claim that has gone a whole lease without a heartbeat
// goes back to the queue (RenderLifecycle.requeueOrphans), and a provider scene whose poll was
// lost gets a new one. Every worker sweeps, now and then every half lease (queue/leases.ts).
import type { Logger } from '../logger';
import { startLeaseSweeper } from '../queue/leases';
import type { ProviderRenders } from './provider-renders';
import type { RenderLifecycle } from './render-lifecycle';

/** Sweeps now and then every half lease until stopped. */
export function startOrphanSweeper(deps: {
  lifecycle: RenderLifecycle;
  providerRenders?: ProviderRenders | null;
  leaseSeconds: number;
  log: Logger;
}): () => Promise<void> {
  return startLeaseSweeper({
    sweep: () =>
      Promise.all([deps.lifecycle.requeueOrphans(), deps.providerRenders?.restartLostPolls()]),
    leaseSeconds: deps.leaseSeconds,
    failure: 'orphaned render sweep failed',
    log: deps.log,
  });
}
