// GET /api/auth/user: the signed-in member, or null when signed out (a 401). Cached 30 minutes and
// not refetched on focus or mount (spec/api.md §7.1).
import { TIMINGS } from '@shared/limits';
import type { SessionUser } from '@shared/schemas/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';
import { sessionKeys } from './session-keys';

export async function getUser(): Promise<SessionUser | null> {
  try {
    return await apiRequest<SessionUser>('GET', '/api/auth/user');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const userQueryOptions = queryOptions({
  queryKey: sessionKeys.user(),
  queryFn: getUser,
  staleTime: TIMINGS.userCacheMs,
  refetchOnWindowFocus: false,
  refetchOnMount: false,
});

export function useUser() {
  return useQuery(userQueryOptions);
}
