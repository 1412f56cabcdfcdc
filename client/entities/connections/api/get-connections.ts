// GET /api/connections: the member's accounts on the platforms they publish to, and which
// platforms this server offers (the Profile's card, the Publish dialog, the job form).
import type { Connection } from '@shared/schemas/publishing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { connectionKeys } from './connection-keys';

export function getConnections(): Promise<Connection[]> {
  return apiRequest<Connection[]>('GET', '/api/connections');
}

export const connectionsQueryOptions = queryOptions({
  queryKey: connectionKeys.list(),
  queryFn: getConnections,
});

export function useConnections() {
  return useQuery(connectionsQueryOptions);
}
