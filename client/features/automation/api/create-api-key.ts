// POST /api/api-keys: makes a key and answers it whole, this once (only its hash is stored). The
// list gains it without a refetch; the whole key stays with the caller, never in the cache.
import {
  API_KEYS_URL,
  type ApiKey,
  type CreateApiKey,
  type CreatedApiKey,
} from '@shared/schemas/api-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { automationKeys } from '@/entities/automation/api/automation-keys';
import { apiRequest } from '@/lib/api-client';

export function createApiKey(input: CreateApiKey): Promise<CreatedApiKey> {
  return apiRequest<CreatedApiKey>('POST', API_KEYS_URL, input);
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    // Never sent twice: a retry after a lost answer would make a second key nobody saw.
    retry: false,
    onSuccess: ({ key: _shownOnce, ...listed }) => {
      queryClient.setQueryData<ApiKey[]>(automationKeys.apiKeys(), (keys) => [
        listed,
        ...(keys ?? []).filter((known) => known.id !== listed.id),
      ]);
    },
  });
}
