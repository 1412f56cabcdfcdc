// Every queue job's handler, gathered from the features and the render pipeline that own them
// (each exports its own); the housekeeping that spans several layers is wired here.
import type { Clock } from '../clock';
import { engineJobHandlers } from '../features/engine';
import { memberJobHandlers } from '../features/members';
import { publishingJobHandlers } from '../features/publishing';
import { storyboardJobHandlers } from '../features/storyboards';
import { uploadJobHandlers } from '../features/uploads';
import { webhookJobHandlers } from '../features/webhooks';
import { renderJobHandlers } from '../generation/jobs';
import type { RateLimitRepository } from '../http/rate-limit-repository';
import type { Logger } from '../logger';
import type { JobHandlers } from '../queue/job-map';

const DAY_MS = 24 * 60 * 60_000;

export function createJobHandlers(
  deps: {
    members: Parameters<typeof memberJobHandlers>[0];
    uploads: Parameters<typeof uploadJobHandlers>[0];
    storyboards: Parameters<typeof storyboardJobHandlers>[0];
    engineRunner: Parameters<typeof engineJobHandlers>[0];
    publications: Parameters<typeof publishingJobHandlers>[0];
    heldPublications: Parameters<typeof publishingJobHandlers>[1];
    rateLimits: RateLimitRepository;
    clock: Clock;
    log: Logger;
    sendEmail: (payload: { sealed: string }) => Promise<void>;
    sendPasswordReset: (payload: { sealed: string }) => Promise<void>;
    /** Deletes one-time links and sign-in states nobody can use any more. */
    pruneExpiredLinks: () => Promise<unknown>;
    /** Deletes stock footage search answers older than a day (they are never read again). */
    pruneStockCache: () => Promise<unknown>;
    /** Sends one webhook delivery's attempt. */
    webhooks: Parameters<typeof webhookJobHandlers>[0];
    /** Deletes webhook deliveries past the 30 days the log keeps. */
    pruneWebhookDeliveries: () => Promise<unknown>;
  } & Omit<Parameters<typeof renderJobHandlers>[0], 'log'>,
): JobHandlers {
  return {
    ...memberJobHandlers(deps.members),
    ...uploadJobHandlers(deps.uploads),
    ...storyboardJobHandlers(deps.storyboards),
    ...engineJobHandlers(deps.engineRunner),
    ...publishingJobHandlers(deps.publications, deps.heldPublications),
    ...renderJobHandlers(deps),
    ...webhookJobHandlers(deps.webhooks),
    'prune-rate-limits': async () => {
      await deps.rateLimits.prune(new Date(deps.clock.now().getTime() - DAY_MS));
      await deps.pruneExpiredLinks();
      await deps.pruneStockCache();
      await deps.pruneWebhookDeliveries();
    },
    'send-email': (payload) => deps.sendEmail(payload),
    'send-password-reset': (payload) => deps.sendPasswordReset(payload),
  };
}
