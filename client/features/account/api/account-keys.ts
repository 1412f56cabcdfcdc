// The account feature's cache key: how the member confirms deleting their account.
export const accountKeys = {
  /** GET /api/account/deletion. */
  deletion: () => ['/api/account/deletion'] as const,
};
