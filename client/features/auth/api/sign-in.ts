// POST /api/auth/signin, then the session user is known without another request.

import type { SessionUser, SignInInput } from '@shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionKeys } from '@/entities/session/api/session-keys';
import { apiRequest } from '@/lib/api-client';

export function signIn(input: SignInInput): Promise<SessionUser> {
  return apiRequest<SessionUser>('POST', '/api/auth/signin', input);
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (user) => queryClient.setQueryData(sessionKeys.user(), user),
  });
}
