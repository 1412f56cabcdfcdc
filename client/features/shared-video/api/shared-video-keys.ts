// The watch page's cache key: one publicly shared video.
export const sharedVideoKeys = {
  /** GET /api/shared-video/{videoId}. */
  detail: (videoId: string) => ['/api/shared-video', videoId] as const,
};
