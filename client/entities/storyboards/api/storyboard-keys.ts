// The storyboards' cache keys. A storyboard is a video planned but not yet rendered: Create plans
// one, the editor changes it, the library lists the drafts. Everything shares the prefix, so
// invalidating `all` refreshes the drafts and every open storyboard.
export const storyboardKeys = {
  all: ['/api/storyboards'] as const,
  /** GET /api/storyboards: the member's drafts, newest change first. */
  list: () => storyboardKeys.all,
  /** GET /api/storyboards/{id}: one storyboard as the editor shows it. */
  detail: (id: number) => [...storyboardKeys.all, id] as const,
  /** GET /api/storyboard-visuals?q=&storyboardId=: the picture picker's search. */
  visualSearch: (storyboardId: number, q: string) =>
    ['/api/storyboard-visuals', { storyboardId, q }] as const,
};
