// DELETE /api/connections/{platform} disconnects one platform. Connecting is a page visit
// (/api/connections/{platform}/start), not a call: the platform's consent page follows.
import type { Platform } from '@shared/schemas/publishing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { connectionKeys } from '@/entities/connections/api/connection-keys';
import { apiRequest } from '@/lib/api-client';

/** Where the browser goes to connect a platform (the server answers with its consent page). */
export function connectUrl(platform: Platform): string {
  return `/api/connections/${platform}/start`;
}

export function disconnect(platform: Platform): Promise<{ disconnected: true }> {
  return apiRequest<{ disconnected: true }>('DELETE', `/api/connections/${platform}`);
}

export function useDisconnect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnect,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectionKeys.all }),
  });
}
