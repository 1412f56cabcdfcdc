// GET /api/auth/user: the signed-in member, or null when signed out. Cached 30 minutes and not
// refetched on focus or mount (spec/api.md §7.1).

import { TIMINGS } from '@shared/plans';
import type { SessionUser } from '@shared/schemas/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getQueryFn } from '@/lib/query-client';
import { USER_QUERY_KEY } from '@/lib/query-keys';

export { USER_QUERY_KEY };

export const userQueryOptions = queryOptions({
  queryKey: USER_QUERY_KEY,
  queryFn: getQueryFn<SessionUser>({ on401: 'returnNull' }),
  staleTime: TIMINGS.userCacheMs,
  refetchOnWindowFocus: false,
  refetchOnMount: false,
});

export function useUser() {
  return useQuery(userQueryOptions);
}
