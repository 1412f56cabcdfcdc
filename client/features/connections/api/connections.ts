// GET /api/connections: the member's accounts on the platforms they publish to, and which
// platforms this server offers; DELETE /api/connections/{platform} disconnects one. Connecting is a
// page visit (/api/connections/{platform}/start), not a call: the platform's consent page follows.
import type { Connection, Platform } from '@shared/schemas/publishing';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const CONNECTIONS_QUERY_KEY = ['/api/connections'] as const;

export function getConnections(): Promise<Connection[]> {
  return apiRequest<Connection[]>('GET', '/api/connections');
}

export const connectionsQueryOptions = queryOptions({
  queryKey: CONNECTIONS_QUERY_KEY,
  queryFn: getConnections,
});

export function useConnections() {
  return useQuery(connectionsQueryOptions);
}

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CONNECTIONS_QUERY_KEY }),
  });
}
