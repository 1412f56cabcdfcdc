// GET /api/storyboard-visuals?q=&storyboardId=: pictures for the picker's search, in the
// storyboard's language. Kept per search, so going back to an earlier word answers at once.
import { type VisualCandidate, visualSearchQuerySchema } from '@shared/schemas/storyboards';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { storyboardKeys } from '@/entities/storyboards/api/storyboard-keys';
import { apiRequest } from '@/lib/api-client';

export function searchVisuals(storyboardId: number, q: string): Promise<VisualCandidate[]> {
  const params = new URLSearchParams({ q, storyboardId: String(storyboardId) });
  return apiRequest<{ candidates: VisualCandidate[] }>(
    'GET',
    `/api/storyboard-visuals?${params.toString()}`,
  ).then((answer) => answer.candidates);
}

export function visualSearchQueryOptions(storyboardId: number, q: string) {
  return queryOptions({
    queryKey: storyboardKeys.visualSearch(storyboardId, q),
    queryFn: () => searchVisuals(storyboardId, q),
  });
}

/** The search for `q` once it is one the route takes (not blank, at most 100 characters). */
export function useVisualSearch(storyboardId: number, q: string) {
  const query = q.trim();
  return useQuery({
    ...visualSearchQueryOptions(storyboardId, query),
    enabled: visualSearchQuerySchema.safeParse({ q: query }).success,
    placeholderData: keepPreviousData,
  });
}
