// What a pushed publication changes in the cache: every list that shows it, at once. A change of
// status is also fetched again (the latest per platform may now be another publication); an
// upload's progress alone is not, so a busy upload costs no requests.
import type { Publication } from '@shared/schemas/publishing';
import type { QueryClient } from '@tanstack/react-query';
import { jobsChanged } from '@/entities/jobs/job-events';
import { publicationKeys } from './api/publication-keys';
import { cachedPublication, cachePublications } from './publication-cache';

/** Published or failed: nothing more will happen to it. */
export function isSettled(publication: Pick<Publication, 'status'>): boolean {
  return publication.status === 'published' || publication.status === 'failed';
}

export function publicationChanged(queryClient: QueryClient, publication: Publication): void {
  const known = cachedPublication(queryClient, publication);
  cachePublications(queryClient, [publication]);
  if (known?.status !== publication.status) {
    void queryClient.invalidateQueries({ queryKey: publicationKeys.all });
  }
  // A Creator Engine job's publish that settled changes what its card says it last did.
  if (isSettled(publication) && publication.jobId !== null) void jobsChanged(queryClient);
}
