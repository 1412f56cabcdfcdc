// Which videos are selected and what the selection allows (spec/product.md §4 Library): Select
// All only with nothing selected; Combine only with two or more finished videos.
import type { Video } from '@shared/schemas/videos';

/** Selection keys are string ids, so `req-3` and `41` live in one set. */
export function selectionKey(video: Pick<Video, 'id'>): string {
  return String(video.id);
}

export function toggleSelection(selected: ReadonlySet<string>, key: string): Set<string> {
  const next = new Set(selected);
  if (next.has(key)) next.delete(key);
  else next.add(key);
  return next;
}

export function selectAllVideos(videos: readonly Video[]): Set<string> {
  return new Set(videos.map(selectionKey));
}

/** The selected videos that still exist, in list order (deleted ones drop out by themselves). */
export function selectedVideos(videos: readonly Video[], selected: ReadonlySet<string>): Video[] {
  return videos.filter((video) => selected.has(selectionKey(video)));
}

/** Generated content id as a number; requests (`req-{n}`) have none yet. */
export function contentId(video: Pick<Video, 'id'>): number | null {
  if (typeof video.id === 'number') return video.id;
  return /^\d+$/.test(video.id) ? Number(video.id) : null;
}

export type CombinableVideo = { id: number; scenes: number; title: string };

/** The videos POST /api/combine-videos can take, by their integer ids: finished ones only. */
export function combinableVideos(videos: readonly Video[]): CombinableVideo[] {
  return videos.flatMap((video) => {
    const id = video.status === 'completed' ? contentId(video) : null;
    return id === null ? [] : [{ id, scenes: video.scenes, title: video.title }];
  });
}

export function canCombine(videos: readonly Video[]): boolean {
  return combinableVideos(videos).length >= 2;
}

export type SelectionActions = {
  selectAll: boolean;
  deselectAll: boolean;
  combine: boolean;
  delete: boolean;
};

export function selectionActions(selectedCount: number, visibleCount: number): SelectionActions {
  const some = selectedCount > 0;
  return {
    selectAll: !some && visibleCount > 0,
    deselectAll: some,
    combine: some,
    delete: some,
  };
}
