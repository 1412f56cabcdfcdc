// The billing summary's cache key, refreshed when a payment notification arrives.
export const billingKeys = {
  /** GET /api/billing. */
  summary: () => ['/api/billing'] as const,
};
