// DELETE /api/account/email: calls off the pending change of email; its link stops working, the
// address it was for is sent nothing, and the member is told at their current address.
import type { AccountMessage } from '@shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { accountAccessKeys } from './account-access-keys';

export function cancelEmailChange(): Promise<AccountMessage> {
  return apiRequest<AccountMessage>('DELETE', '/api/account/email');
}

export function useCancelEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelEmailChange,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountAccessKeys.email() }),
  });
}
