// POST /api/account/sessions/sign-out-others: ends every session but this browser's, and any
// pending change of email.
import type { AccountMessage } from '@shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { accountAccessKeys } from './account-access-keys';

export function signOutOtherSessions(): Promise<AccountMessage> {
  return apiRequest<AccountMessage>('POST', '/api/account/sessions/sign-out-others');
}

export function useSignOutOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutOtherSessions,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountAccessKeys.sessions() }),
        queryClient.invalidateQueries({ queryKey: accountAccessKeys.email() }),
      ]),
  });
}
