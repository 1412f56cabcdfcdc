// GET /api/account/deletion: how the member confirms deleting their account (their password, or a
// recent sign-in when they have none). Asked afresh each time the dialog opens: a sign-in ages.
import type { AccountDeletionCheck } from '@shared/schemas/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { accountKeys } from './account-keys';

export function getAccountDeletion(): Promise<AccountDeletionCheck> {
  return apiRequest<AccountDeletionCheck>('GET', '/api/account/deletion');
}

export const accountDeletionQueryOptions = queryOptions({
  queryKey: accountKeys.deletion(),
  queryFn: getAccountDeletion,
  staleTime: 0,
  gcTime: 0,
});

export function useAccountDeletion(options: { enabled: boolean }) {
  return useQuery({ ...accountDeletionQueryOptions, enabled: options.enabled });
}
