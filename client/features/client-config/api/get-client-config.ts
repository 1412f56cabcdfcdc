// GET /api/client-config: run-time settings for the web client (payment links). They change only
// with a deployment, so one fetch per page load is enough.
import type { ClientConfig } from '@shared/schemas/client-config';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const CLIENT_CONFIG_QUERY_KEY = ['/api/client-config'] as const;

export const clientConfigQueryOptions = queryOptions<ClientConfig>({
  queryKey: CLIENT_CONFIG_QUERY_KEY,
  staleTime: Number.POSITIVE_INFINITY,
});

export function useClientConfig() {
  return useQuery(clientConfigQueryOptions);
}
