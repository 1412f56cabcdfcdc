// POST /api/auth/verify-email/resend: emails the signed-in member a new verification link. A 409
// ALREADY_VERIFIED means the session user here is out of date (verified in another tab).
import type { AccountMessage } from '@shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionKeys } from '@/entities/session/api/session-keys';
import { ApiError, apiRequest } from '@/lib/api-client';

export function resendVerification(): Promise<AccountMessage> {
  return apiRequest<AccountMessage>('POST', '/api/auth/verify-email/resend');
}

export function useResendVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendVerification,
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'ALREADY_VERIFIED') {
        void queryClient.invalidateQueries({ queryKey: sessionKeys.user() });
      }
    },
  });
}
