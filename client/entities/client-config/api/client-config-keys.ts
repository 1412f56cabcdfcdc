// The client config's cache key: run-time settings fetched once per page load.
export const clientConfigKeys = {
  /** GET /api/client-config. */
  config: () => ['/api/client-config'] as const,
};
