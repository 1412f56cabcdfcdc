// POST /api/admin/grant-credits: bonus credits for a member, sent with an Idempotency-Key so a
// retried request (a network error, the mutation's automatic retry) never grants twice. The spec
// refreshes credits and the ledger afterwards (spec/api.md §7.6).
import type { GrantCredits, GrantResult } from '@shared/schemas/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { creditsChanged } from '@/entities/credits/credit-events';
import { apiRequest } from '@/lib/api-client';

export function grantCredits({
  grant,
  idempotencyKey,
}: {
  grant: GrantCredits;
  idempotencyKey: string;
}) {
  return apiRequest<GrantResult>('POST', '/api/admin/grant-credits', grant, {
    'Idempotency-Key': idempotencyKey,
  });
}

export function useGrantCredits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: grantCredits,
    onSuccess: () => creditsChanged(queryClient),
  });
}
