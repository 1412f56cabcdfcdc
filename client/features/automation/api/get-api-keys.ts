// GET /api/api-keys: the member's API keys, newest first as the server sorts them; each shows only
// its first characters, never the key.
import { API_KEYS_URL, type ApiKey } from '@shared/schemas/api-keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { automationKeys } from '@/entities/automation/api/automation-keys';
import { apiRequest } from '@/lib/api-client';

export function getApiKeys(): Promise<ApiKey[]> {
  return apiRequest<ApiKey[]>('GET', API_KEYS_URL);
}

export const apiKeysQueryOptions = queryOptions({
  queryKey: automationKeys.apiKeys(),
  queryFn: getApiKeys,
  // "Last used" and the month's spend move while software uses the keys: read afresh on each visit.
  staleTime: 0,
});

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions);
}
