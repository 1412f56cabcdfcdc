// POST /api/admin/alerts/{id}/dismiss: closes one alert. It leaves the list at once; the list is
// then fetched again, since the same trouble may have raised it anew.
import type { OperatorAlertView } from '@shared/schemas/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

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
      queryClient.setQueryData<OperatorAlertView[]>(adminKeys.alerts(), (alerts) =>
        alerts?.filter((alert) => alert.id !== id),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.alerts() }),
  });
}
