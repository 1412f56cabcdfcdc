// GET /api/submissions: the member's own proof submissions with their status (spec/api.md §7.6).
import type { Submission } from '@shared/schemas/submissions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { earningKeys } from './earning-keys';

export function getSubmissions(): Promise<Submission[]> {
  return apiRequest<Submission[]>('GET', '/api/submissions');
}

export const submissionsQueryOptions = queryOptions({
  queryKey: earningKeys.submissions(),
  queryFn: getSubmissions,
});

export function useMySubmissions() {
  return useQuery(submissionsQueryOptions);
}
