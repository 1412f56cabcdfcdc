// GET /api/account/email: the member's address, and a change of it waiting for the new address to
// confirm (Profile's Security card shows it, with Cancel).
import type { AccountEmail } from '@shared/schemas/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { accountAccessKeys } from './account-access-keys';

export function getAccountEmail(): Promise<AccountEmail> {
  return apiRequest<AccountEmail>('GET', '/api/account/email');
}

export const accountEmailQueryOptions = queryOptions({
  queryKey: accountAccessKeys.email(),
  queryFn: getAccountEmail,
  // A link clicked in another tab, or a reset elsewhere, ends a pending change: fresh each time.
  staleTime: 0,
});

export function useAccountEmail() {
  return useQuery(accountEmailQueryOptions);
}
