// The videos' cache keys. Everything under /api/videos shares its prefix, so invalidating `all`
// refreshes the plain list, the Library screen's pages and the summary at once.
export const videoKeys = {
  all: ['/api/videos'] as const,
  /** GET /api/videos: the whole list (the dashboard, Create, the realtime tracker). */
  list: () => videoKeys.all,
  /** GET /api/videos?limit&cursor&q&folder: the Library screen's pages, every view. */
  libraryPages: () => [...videoKeys.all, 'library'] as const,
  /** The pages of one view: a folder choice and a search. */
  libraryPage: (view: { folder: string | null; q: string }) =>
    [...videoKeys.libraryPages(), view] as const,
  /** GET /api/videos/summary: the library in numbers. */
  summary: () => [...videoKeys.all, 'summary'] as const,
  /** GET /api/videos/{id}/versions: a video's versions, newest first (a remix adds one). */
  versions: (id: number | string) => [...videoKeys.all, String(id), 'versions'] as const,
  /** GET /api/video-creation-requests: the requests still on their way. */
  creationRequests: () => ['/api/video-creation-requests'] as const,
};
