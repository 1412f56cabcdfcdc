// GET /api/users?search=&limit=: the member picker's results, searched on the server by each word
// of name or email, newest members first. Stale after 5 minutes (spec/api.md §7.1).
import { TIMINGS } from '@shared/limits';
import { type PickerUser, USERS_PAGE_DEFAULT } from '@shared/schemas/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

export function usersUrl(search: string, limit: number): string {
  return `/api/users?${new URLSearchParams({ search, limit: String(limit) }).toString()}`;
}

export function searchUsers(search: string, limit: number): Promise<PickerUser[]> {
  return apiRequest<PickerUser[]>('GET', usersUrl(search, limit));
}

export function usersQueryOptions(search: string, limit = USERS_PAGE_DEFAULT) {
  const term = search.trim();
  return queryOptions({
    queryKey: adminKeys.userSearch(term, limit),
    queryFn: () => searchUsers(term, limit),
    staleTime: TIMINGS.usersStaleMs,
    // The last results stay on screen while the next search runs, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}

export function useUsers(search: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...usersQueryOptions(search), enabled });
}
