// The member's proof submissions (spec/api.md §7.6): GET /api/submissions lists their own with
// their status, POST /api/submissions sends one.
import type { NewSubmission, Submission } from '@shared/schemas/submissions';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { SUBMISSIONS_QUERY_KEY } from '@/lib/query-keys';

export const submissionsQueryOptions = queryOptions<Submission[]>({
  queryKey: SUBMISSIONS_QUERY_KEY,
});

export function useMySubmissions() {
  return useQuery(submissionsQueryOptions);
}

export function useSubmitProof() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (submission: NewSubmission) =>
      apiRequest<Submission>('POST', '/api/submissions', submission),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SUBMISSIONS_QUERY_KEY }),
  });
}
