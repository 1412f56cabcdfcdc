// The queue jobs the uploads feature handles: images nothing uses are deleted a day after upload.
import type { JobHandlers } from '../../queue/job-map';
import type { UploadsService } from './service';

export function uploadJobHandlers(
  uploads: Pick<UploadsService, 'clearUnused'>,
): Pick<JobHandlers, 'clear-unused-uploads'> {
  return {
    'clear-unused-uploads': async () => {
      await uploads.clearUnused();
    },
  };
}
