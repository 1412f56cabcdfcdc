// POST /api/account/email (202): emails a link to the new address; the address changes only once
// that link is clicked, so nothing cached changes yet.
import type { AccountMessage, ChangeEmailInput } from '@shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function changeEmail(input: ChangeEmailInput): Promise<AccountMessage> {
  return apiRequest<AccountMessage>('POST', '/api/account/email', input);
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
