// DELETE /api/account: deletes the member's account, confirmed with their password (or, for a
// member without one, by a sign-in within the last ten minutes). The answer signs the browser out.
import type { AccountDeleted, DeleteAccountInput } from '@shared/schemas/account';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function deleteAccount(input: DeleteAccountInput): Promise<AccountDeleted> {
  return apiRequest<AccountDeleted>('DELETE', '/api/account', input);
}

export function useDeleteAccount() {
  // Never sent twice: a retry after a lost answer would only be told the session is gone.
  return useMutation({ mutationFn: deleteAccount, retry: false });
}
