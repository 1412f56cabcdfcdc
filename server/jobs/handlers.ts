// What each job does, wired to the services that hold the rules.

import type { Clock } from '../clock';
import type { RateLimitRepository } from '../features/auth/repository';
import type { JobRunner } from '../features/jobs/runner';
import type { UploadsService } from '../features/uploads/service';
import type { UsersService } from '../features/users/service';
import type { RenderPipeline } from '../generation/pipeline';
import type { JobHandlers } from './job-map';

const DAY_MS = 24 * 60 * 60_000;

export function createJobHandlers(deps: {
  users: UsersService;
  rateLimits: RateLimitRepository;
  clock: Clock;
  pipeline: RenderPipeline;
  jobRunner: JobRunner;
  uploads: UploadsService;
}): JobHandlers {
  return {
    'expire-plans': async () => {
      await deps.users.expirePlans();
    },
    'clear-unused-uploads': async () => {
      await deps.uploads.clearUnused();
    },
    'prune-rate-limits': async () => {
      await deps.rateLimits.prune(new Date(deps.clock.now().getTime() - DAY_MS));
    },
    'run-video-jobs': async () => {
      await deps.jobRunner.runDue();
    },
    'render-video': async (payload) => {
      await deps.pipeline.run(payload);
    },
  };
}
