// POST /api/auth/password-reset/request: emails a reset link. The answer is the same whether or
// not the address has an account, so the page can never tell which.
import type { AccountMessage, PasswordResetRequestInput } from '@shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function requestPasswordReset(input: PasswordResetRequestInput): Promise<AccountMessage> {
  return apiRequest<AccountMessage>('POST', '/api/auth/password-reset/request', input);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
