// Every cached copy of the member's publications, edited as one: the latest per video and platform
// (the library's badges) and each video's own history (the Publish dialog). A push or a publish of
// ours shows at once wherever the publication is shown; the refetch that may follow only confirms.
import type { Publication } from '@shared/schemas/publishing';
import type { QueryClient } from '@tanstack/react-query';
import { publicationKeys } from './api/publication-keys';

/**
 * Whether `candidate` should replace `current`: a later publication (a higher id) wins, and for the
 * same one a later state does, so a push that arrives late never undoes a newer one. The same state
 * again changes nothing.
 */
function supersedes(candidate: Publication, current: Publication): boolean {
  if (candidate.id !== current.id) return candidate.id > current.id;
  const later = Date.parse(candidate.updatedAt) - Date.parse(current.updatedAt);
  if (later !== 0) return later > 0;
  return JSON.stringify(candidate) !== JSON.stringify(current);
}

/** The latest-per-(video, platform) list with `updates` applied; the same array when nothing changed. */
export function mergeLatestPublications(
  list: readonly Publication[],
  updates: readonly Publication[],
): Publication[] {
  let next = list as Publication[];
  for (const update of updates) {
    const index = next.findIndex(
      (entry) => entry.videoId === update.videoId && entry.platform === update.platform,
    );
    const current = index === -1 ? undefined : next[index];
    if (current && !supersedes(update, current)) continue;
    next = current
      ? next.map((entry, position) => (position === index ? update : entry))
      : [update, ...next];
  }
  return next;
}

/** One video's publications (newest first) with `updates` for that video applied. */
export function mergeVideoPublications(
  list: readonly Publication[],
  updates: readonly Publication[],
): Publication[] {
  let next = list as Publication[];
  for (const update of updates) {
    const current = next.find((entry) => entry.id === update.id);
    if (current && !supersedes(update, current)) continue;
    next = current
      ? next.map((entry) => (entry.id === update.id ? update : entry))
      : [update, ...next].sort((a, b) => b.id - a.id);
  }
  return next;
}

/** The cached copy of a publication, wherever it is cached; undefined when none is. */
export function cachedPublication(
  queryClient: QueryClient,
  publication: Pick<Publication, 'id' | 'videoId'>,
): Publication | undefined {
  const lists = [
    queryClient.getQueryData<Publication[]>(publicationKeys.video(publication.videoId)),
    queryClient.getQueryData<Publication[]>(publicationKeys.latest()),
  ];
  for (const list of lists) {
    const found = list?.find((entry) => entry.id === publication.id);
    if (found) return found;
  }
  return undefined;
}

/** Writes a list back only when it changed: writing marks it fresh, which would undo a refetch due. */
function edit(
  queryClient: QueryClient,
  queryKey: readonly unknown[],
  change: (list: readonly Publication[]) => Publication[],
): void {
  const list = queryClient.getQueryData<Publication[]>(queryKey);
  if (!list) return;
  const next = change(list);
  if (next !== list) queryClient.setQueryData(queryKey, next);
}

/** Applies publications (a publish's answer, a push) to every list already in the cache. */
export function cachePublications(
  queryClient: QueryClient,
  publications: readonly Publication[],
): void {
  edit(queryClient, publicationKeys.latest(), (list) =>
    mergeLatestPublications(list, publications),
  );
  for (const videoId of new Set(publications.map((publication) => publication.videoId))) {
    const forVideo = publications.filter((publication) => publication.videoId === videoId);
    edit(queryClient, publicationKeys.video(videoId), (list) =>
      mergeVideoPublications(list, forVideo),
    );
  }
}
