// DELETE /api/account/sessions/{id}: ends one session. Ending this browser's own session signs it
// out, as /api/logout does; the caller then leaves the app.
import type { AccountMessage } from '@shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { accountAccessKeys } from './account-access-keys';

export function signOutSession(id: string): Promise<AccountMessage> {
  return apiRequest<AccountMessage>('DELETE', `/api/account/sessions/${encodeURIComponent(id)}`);
}

export function useSignOutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutSession,
    // Also on failure: a 404 means the list is behind the server.
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountAccessKeys.sessions() }),
  });
}
