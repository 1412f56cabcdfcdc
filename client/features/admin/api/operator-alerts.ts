// GET /api/admin/alerts: what the operator must act on (a retired model, say), open until an admin
// dismisses it; POST /api/admin/alerts/{id}/dismiss closes one. A dismissed alert leaves the list at
// once; the list is then fetched again, since the same trouble may have raised it anew.
import type { OperatorAlertView } from '@shared/schemas/admin';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';

export const OPERATOR_ALERTS_QUERY_KEY = ['/api/admin/alerts'] as const;

export function getOperatorAlerts(): Promise<OperatorAlertView[]> {
  return apiRequest<OperatorAlertView[]>('GET', '/api/admin/alerts');
}

export const operatorAlertsQueryOptions = queryOptions({
  queryKey: OPERATOR_ALERTS_QUERY_KEY,
  queryFn: getOperatorAlerts,
  refetchInterval: 60_000,
});

export function useOperatorAlerts() {
  return useQuery(operatorAlertsQueryOptions);
}

export async function dismissOperatorAlert(id: number): Promise<void> {
  try {
    await apiRequest<{ dismissed: true }>('POST', `/api/admin/alerts/${id}/dismiss`);
  } catch (error) {
    // Another admin dismissed it first: what this one asked for is done.
    if (error instanceof ApiError && error.status === 404) return;
    throw error;
  }
}

export function useDismissOperatorAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissOperatorAlert,
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<OperatorAlertView[]>(OPERATOR_ALERTS_QUERY_KEY, (alerts) =>
        alerts?.filter((alert) => alert.id !== id),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: OPERATOR_ALERTS_QUERY_KEY }),
  });
}
