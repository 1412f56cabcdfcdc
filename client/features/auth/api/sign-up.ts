// POST /api/auth/signup: creates the account and signs it in.

import type { SessionUser, SignUpInput } from '@shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionKeys } from '@/entities/session/api/session-keys';
import { apiRequest } from '@/lib/api-client';

export function signUp(input: SignUpInput): Promise<SessionUser> {
  return apiRequest<SessionUser>('POST', '/api/auth/signup', input);
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: (user) => queryClient.setQueryData(sessionKeys.user(), user),
  });
}
