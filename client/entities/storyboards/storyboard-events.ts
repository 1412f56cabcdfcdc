// What a change to a storyboard moves in the cache, said once: planned, edited, rendered or deleted,
// the drafts list is fetched again (its title, thumbnail, order or membership changed).
import type { StoryboardView } from '@shared/schemas/storyboards';
import type { QueryClient } from '@tanstack/react-query';
import { storyboardKeys } from './api/storyboard-keys';

export function storyboardsChanged(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: storyboardKeys.list(), exact: true });
}

/** The server's answer about one storyboard (planned or edited): cached as the editor reads it. */
export function storyboardSaved(queryClient: QueryClient, storyboard: StoryboardView): void {
  queryClient.setQueryData(storyboardKeys.detail(storyboard.id), storyboard);
  storyboardsChanged(queryClient);
}

/** A storyboard deleted: its own entry goes, and the drafts list follows. */
export function storyboardDeleted(queryClient: QueryClient, id: number): void {
  queryClient.removeQueries({ queryKey: storyboardKeys.detail(id), exact: true });
  storyboardsChanged(queryClient);
}
