// POST /api/submissions: sends one proof (an X post, a view milestone, a follow) for review; the
// member's list of submissions is fetched again.
import type { NewSubmission, Submission } from '@shared/schemas/submissions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { earningKeys } from '@/entities/earning/api/earning-keys';
import { apiRequest } from '@/lib/api-client';

export function submitProof(submission: NewSubmission): Promise<Submission> {
  return apiRequest<Submission>('POST', '/api/submissions', submission);
}

export function useSubmitProof() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitProof,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: earningKeys.submissions() }),
  });
}
