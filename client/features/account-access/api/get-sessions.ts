// GET /api/account/sessions: where the member is signed in, this browser's session first.
import type { AccountSession } from '@shared/schemas/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { accountAccessKeys } from './account-access-keys';

export function getSessions(): Promise<AccountSession[]> {
  return apiRequest<AccountSession[]>('GET', '/api/account/sessions');
}

export const sessionsQueryOptions = queryOptions({
  queryKey: accountAccessKeys.sessions(),
  queryFn: getSessions,
  // Others sign in and out elsewhere: fresh each time the card is shown.
  staleTime: 0,
});

export function useSessions() {
  return useQuery(sessionsQueryOptions);
}
