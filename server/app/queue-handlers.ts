// What each job does, wired to the services that hold the rules.

import type { Clock } from '../clock';
import type { EngineRunner } from '../features/engine/runner';
import type { MembersService } from '../features/members/service';
import type { PublicationWorker } from '../features/publishing/publication-worker';
import type { UploadsService } from '../features/uploads/service';
import type { RenderPipeline } from '../generation/pipeline';
import type { ProviderRenders } from '../generation/provider-renders';
import type { RateLimitRepository } from '../http/rate-limit-repository';
import type { Logger } from '../logger';
import type { JobHandlers } from '../queue/job-map';

const DAY_MS = 24 * 60 * 60_000;

export function createJobHandlers(deps: {
  members: MembersService;
  rateLimits: RateLimitRepository;
  clock: Clock;
  pipeline: RenderPipeline;
  /** Null when the local renderer makes every scene. */
  providerRenders: ProviderRenders | null;
  engineRunner: EngineRunner;
  log: Logger;
  uploads: UploadsService;
  publications: Pick<PublicationWorker, 'advance'>;
  sendEmail: (payload: { sealed: string }) => Promise<void>;
  sendPasswordReset: (payload: { sealed: string }) => Promise<void>;
  /** Deletes one-time links and sign-in states nobody can use any more. */
  pruneExpiredLinks: () => Promise<unknown>;
  /** Deletes stock footage search answers older than a day (they are never read again). */
  pruneStockCache: () => Promise<unknown>;
}): JobHandlers {
  return {
    'expire-plans': async () => {
      await deps.members.expirePlans();
    },
    'clear-unused-uploads': async () => {
      await deps.uploads.clearUnused();
    },
    'prune-rate-limits': async () => {
      await deps.rateLimits.prune(new Date(deps.clock.now().getTime() - DAY_MS));
      await deps.pruneExpiredLinks();
      await deps.pruneStockCache();
    },
    'run-video-jobs': async () => {
      await deps.engineRunner.runDue();
    },
    'render-video': async (payload) => {
      await deps.pipeline.run(payload);
    },
    'poll-video-scene': async (payload) => {
      if (!deps.providerRenders) {
        // Polls left from a paid provider after switching to VIDEO_PROVIDER=local: they wait.
        deps.log.warn(`scene poll ${payload.jobId} skipped: no video provider is configured`);
        return;
      }
      await deps.providerRenders.poll(payload);
    },
    'publish-video': async (payload) => {
      await deps.publications.advance(payload.publicationId);
    },
    'send-email': (payload) => deps.sendEmail(payload),
    'send-password-reset': (payload) => deps.sendPasswordReset(payload),
  };
}
