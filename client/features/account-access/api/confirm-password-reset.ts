// POST /api/auth/password-reset/confirm: sets the new password and signs this browser in as the
// member, so the answer is the session user. Whatever was cached belonged to whoever used this
// browser before, so the cache starts again from this member.
import type { PasswordResetConfirmInput, SessionUser } from '@shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionKeys } from '@/entities/session/api/session-keys';
import { apiRequest } from '@/lib/api-client';

export function confirmPasswordReset(input: PasswordResetConfirmInput): Promise<SessionUser> {
  return apiRequest<SessionUser>('POST', '/api/auth/password-reset/confirm', input);
}

export function useConfirmPasswordReset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPasswordReset,
    onSuccess: (user) => {
      queryClient.removeQueries();
      queryClient.setQueryData(sessionKeys.user(), user);
    },
  });
}
