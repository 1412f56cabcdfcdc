// The queue jobs the storyboards feature handles: drafts untouched for 30 days are deleted.
import type { JobHandlers } from '../../queue/job-map';
import type { StoryboardsService } from './service';

export function storyboardJobHandlers(
  storyboards: Pick<StoryboardsService, 'purgeUntouched'>,
): Pick<JobHandlers, 'purge-stale-storyboards'> {
  return {
    'purge-stale-storyboards': async () => {
      await storyboards.purgeUntouched();
    },
  };
}
