// The queue jobs the members feature handles: temporary tiers (an admin's grant with an end) that
// have run out go back to Free.
import type { JobHandlers } from '../../queue/job-map';
import type { MembersService } from './service';

export function memberJobHandlers(
  members: Pick<MembersService, 'expirePlans'>,
): Pick<JobHandlers, 'expire-plans'> {
  return {
    'expire-plans': async () => {
      await members.expirePlans();
    },
  };
}
