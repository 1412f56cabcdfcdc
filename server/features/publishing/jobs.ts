// The queue jobs the publishing feature handles: one step of a publication (an upload, or a look
// at the platform's processing), under the publication's lease; and held videos whose review
// window ended, published or skipped as their job says.
import type { JobHandlers } from '../../queue/job-map';
import type { PublicationWorker } from './publication-worker';
import type { PublicationsService } from './service';

export function publishingJobHandlers(
  publications: Pick<PublicationWorker, 'advance'>,
  holds: Pick<PublicationsService, 'releaseExpiredHolds'>,
): Pick<JobHandlers, 'publish-video' | 'release-held-publications'> {
  return {
    'publish-video': async (payload) => {
      await publications.advance(payload.publicationId);
    },
    'release-held-publications': async () => {
      await holds.releaseExpiredHolds();
    },
  };
}
