// The queue jobs the Creator Engine handles: every job that is due runs (each due run once,
// however many schedulers queue the tick).
import type { JobHandlers } from '../../queue/job-map';
import type { EngineRunner } from './runner';

export function engineJobHandlers(
  runner: Pick<EngineRunner, 'runDue'>,
): Pick<JobHandlers, 'run-video-jobs'> {
  return {
    'run-video-jobs': async () => {
      await runner.runDue();
    },
  };
}
