// What changes the webhook endpoints from outside the Webhooks card: the server turned one off (it
// answered 410, or every delivery failed for 3 days). The list, and their deliveries, are read again.
import type { QueryClient } from '@tanstack/react-query';
import { automationKeys } from './api/automation-keys';

export function webhooksChanged(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: automationKeys.webhookEndpoints() });
}
