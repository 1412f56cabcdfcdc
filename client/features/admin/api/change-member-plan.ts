// PATCH /api/admin/users/{id}/plan: puts a member on Free, Pro or Elite (optionally cancelling the
// Stripe subscription whose renewal would undo it). The member's open tab learns of it from the
// notification the server sends; here the picker's search is fetched again, since it shows plans.
import type { ChangePlanInput, MemberPlan } from '@shared/schemas/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

export function changeMemberPlan({ userId, change }: { userId: string; change: ChangePlanInput }) {
  return apiRequest<MemberPlan>(
    'PATCH',
    `/api/admin/users/${encodeURIComponent(userId)}/plan`,
    change,
  );
}

export function useChangeMemberPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeMemberPlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
  });
}
