// Queue priorities that are not a member's plan order (see features/videos renderPriority).

/** A render whose worker died, or whose provider has finished its scenes, has waited already. */
export const ORPHAN_PRIORITY = 10_000;
/** Background work (the landing page's demo clips) runs below every member's render. */
export const BACKGROUND_PRIORITY = -1;
