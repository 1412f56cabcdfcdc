// The library's own cache key: the member's manual folders with their icons. (The library's pages
// and summary are the videos entity's keys, the folder counts the folders entity's.)
export const libraryKeys = {
  /** GET /api/user-folders. */
  userFolders: () => ['/api/user-folders'] as const,
};
