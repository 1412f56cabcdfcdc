// The publications' cache keys. Everything sits under /api/publications: the member's latest
// publication per video and platform (the library's badges) and one video's history (the Publish
// dialog), so one invalidation refreshes both.
export const publicationKeys = {
  all: ['/api/publications'] as const,
  /** GET /api/publications: the latest per (video, platform). */
  latest: () => publicationKeys.all,
  /** GET /api/videos/{id}/publications: one video's, newest first. */
  video: (videoId: number | string) => [...publicationKeys.all, 'video', String(videoId)] as const,
};
