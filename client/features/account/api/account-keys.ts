// The account feature's cache keys: how the member confirms deleting their account, and their own
// watermark.
export const accountKeys = {
  /** GET /api/account/deletion. */
  deletion: () => ['/api/account/deletion'] as const,
  /** GET /api/account/watermark. */
  watermark: () => ['/api/account/watermark'] as const,
};
