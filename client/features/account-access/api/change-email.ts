// POST /api/account/email (202): emails a link to the new address if it can be used; the address
// changes only once that link is clicked, so only the pending change is fetched again.
import type { AccountMessage, ChangeEmailInput } from '@shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { accountAccessKeys } from './account-access-keys';

export function changeEmail(input: ChangeEmailInput): Promise<AccountMessage> {
  return apiRequest<AccountMessage>('POST', '/api/account/email', input);
}

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountAccessKeys.email() }),
  });
}
