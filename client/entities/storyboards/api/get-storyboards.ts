// GET /api/storyboards: the member's drafts (never rendered), newest change first. The library
// shows them in a row of their own; they are never counted among the videos.
import type { StoryboardSummary } from '@shared/schemas/storyboards';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { storyboardKeys } from './storyboard-keys';

export function getStoryboards(): Promise<StoryboardSummary[]> {
  return apiRequest<StoryboardSummary[]>('GET', '/api/storyboards');
}

export const storyboardsQueryOptions = queryOptions({
  queryKey: storyboardKeys.list(),
  queryFn: getStoryboards,
});

export function useStoryboards() {
  return useQuery(storyboardsQueryOptions);
}
