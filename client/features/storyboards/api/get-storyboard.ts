// GET /api/storyboards/{id}: one storyboard as the editor shows it (a draft, or rendered and read
// only). Create caches the planned storyboard under the same key, so the editor opens at once.
import type { StoryboardView } from '@shared/schemas/storyboards';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { storyboardKeys } from '@/entities/storyboards/api/storyboard-keys';
import { apiRequest } from '@/lib/api-client';

export function getStoryboard(id: number): Promise<StoryboardView> {
  return apiRequest<StoryboardView>('GET', `/api/storyboards/${id}`);
}

export function storyboardQueryOptions(id: number) {
  return queryOptions({
    queryKey: storyboardKeys.detail(id),
    queryFn: () => getStoryboard(id),
  });
}

export function useStoryboard(id: number) {
  return useQuery(storyboardQueryOptions(id));
}
