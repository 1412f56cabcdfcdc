// GET /api/admin/alerts: what the operator must act on (a retired model, say), open until an admin
// dismisses it. Refreshed every minute.
import type { OperatorAlertView } from '@shared/schemas/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

export function getOperatorAlerts(): Promise<OperatorAlertView[]> {
  return apiRequest<OperatorAlertView[]>('GET', '/api/admin/alerts');
}

export const operatorAlertsQueryOptions = queryOptions({
  queryKey: adminKeys.alerts(),
  queryFn: getOperatorAlerts,
  refetchInterval: 60_000,
});

export function useOperatorAlerts() {
  return useQuery(operatorAlertsQueryOptions);
}
