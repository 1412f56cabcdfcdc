// POST /api/auth/verify-email: uses the link's token (it verifies an address, or confirms a change
// of address). A query rather than a mutation: a token works once, and a query keyed by it is sent
// once however often the page mounts (StrictMode mounts it twice), and never retried.
import type { AccountMessage } from '@shared/schemas/auth';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { sessionKeys } from '@/entities/session/api/session-keys';
import { apiRequest } from '@/lib/api-client';
import { accountAccessKeys } from './account-access-keys';

export function verifyEmail(token: string): Promise<AccountMessage> {
  return apiRequest<AccountMessage>('POST', '/api/auth/verify-email', { token });
}

export function verifyEmailQueryOptions(token: string) {
  return queryOptions({
    queryKey: accountAccessKeys.verifyEmail(token),
    queryFn: () => verifyEmail(token),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useVerifyEmail(token: string) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...verifyEmailQueryOptions(token), enabled: token.length > 0 });
  // A signed-in member's banner and email come from the session user: fetch it again.
  useEffect(() => {
    if (query.isSuccess) void queryClient.invalidateQueries({ queryKey: sessionKeys.user() });
  }, [query.isSuccess, queryClient]);
  return query;
}
