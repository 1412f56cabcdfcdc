// The queue jobs the publishing feature handles: one step of a publication (an upload, or a look
// at the platform's processing), under the publication's lease.
import type { JobHandlers } from '../../queue/job-map';
import type { PublicationWorker } from './publication-worker';

export function publishingJobHandlers(
  publications: Pick<PublicationWorker, 'advance'>,
): Pick<JobHandlers, 'publish-video'> {
  return {
    'publish-video': async (payload) => {
      await publications.advance(payload.publicationId);
    },
  };
}
