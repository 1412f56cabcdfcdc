// The folder list's cache key: manual and job folders with their counts, which the library shows
// and the Creator Engine changes (a new job is a new folder).
export const folderKeys = {
  /** GET /api/folders. */
  list: () => ['/api/folders'] as const,
};
