// DELETE /api/api-keys/{id}: revokes a key; calls made with it answer 401 from then on. A key
// already gone (404: revoked from another tab) counts as revoked, and leaves the list either way.
import { API_KEYS_URL, type ApiKey } from '@shared/schemas/api-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { automationKeys } from '@/entities/automation/api/automation-keys';
import { ApiError, apiRequest } from '@/lib/api-client';

export async function revokeApiKey(id: string): Promise<void> {
  try {
    await apiRequest<null>('DELETE', `${API_KEYS_URL}/${encodeURIComponent(id)}`);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<ApiKey[]>(automationKeys.apiKeys(), (keys) =>
        keys?.filter((key) => key.id !== id),
      ),
  });
}
