// GET /api/client-config: run-time settings for the web client (payment links, scene sources,
// sign-in providers). They change only with a deployment, so one fetch per page load is enough.
import type { ClientConfig } from '@shared/schemas/client-config';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { clientConfigKeys } from './client-config-keys';

export function getClientConfig(): Promise<ClientConfig> {
  return apiRequest<ClientConfig>('GET', '/api/client-config');
}

export const clientConfigQueryOptions = queryOptions({
  queryKey: clientConfigKeys.config(),
  queryFn: getClientConfig,
  staleTime: Number.POSITIVE_INFINITY,
});

export function useClientConfig() {
  return useQuery(clientConfigQueryOptions);
}
