// POST /api/account/password: this session stays signed in and every other one ends, with any
// pending change of email, so the sessions list and the pending change are fetched again.
import type { AccountMessage, ChangePasswordInput } from '@shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { accountAccessKeys } from './account-access-keys';

export function changePassword(input: ChangePasswordInput): Promise<AccountMessage> {
  return apiRequest<AccountMessage>('POST', '/api/account/password', input);
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountAccessKeys.sessions() }),
        queryClient.invalidateQueries({ queryKey: accountAccessKeys.email() }),
      ]),
  });
}
