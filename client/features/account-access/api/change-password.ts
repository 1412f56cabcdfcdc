// POST /api/account/password: this session stays signed in and every other one ends, so the
// sessions list is fetched again.
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountAccessKeys.sessions() }),
  });
}
