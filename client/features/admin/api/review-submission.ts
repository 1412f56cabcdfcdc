// PATCH /api/admin/submissions/{id}: approve (paying the reward) or reject with a reason. Whatever
// the answer, the queue is refetched: a 409 means another admin or an earlier payment for the same
// post got there first, so the list the admin is looking at is out of date.
import type { ReviewSubmission, Submission } from '@shared/schemas/submissions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

export function reviewSubmission({ id, review }: { id: number; review: ReviewSubmission }) {
  return apiRequest<Submission>('PATCH', `/api/admin/submissions/${id}`, review);
}

export function useReviewSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewSubmission,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.submissions() }),
  });
}
