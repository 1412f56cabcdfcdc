// How an endpoint the server answered goes into the cached list: in place when known, first when
// new; the signing secret some answers carry never enters the cache.
import type { WebhookEndpoint } from '@shared/schemas/webhooks';
import type { QueryClient } from '@tanstack/react-query';
import { automationKeys } from '@/entities/automation/api/automation-keys';

export function putEndpoint(
  queryClient: QueryClient,
  { secret: _shownOnce, ...endpoint }: WebhookEndpoint & { secret?: string },
) {
  queryClient.setQueryData<WebhookEndpoint[]>(automationKeys.webhookEndpoints(), (endpoints) => {
    if (!endpoints) return [endpoint];
    return endpoints.some((known) => known.id === endpoint.id)
      ? endpoints.map((known) => (known.id === endpoint.id ? endpoint : known))
      : [endpoint, ...endpoints];
  });
}

export function dropEndpoint(queryClient: QueryClient, id: string) {
  queryClient.setQueryData<WebhookEndpoint[]>(automationKeys.webhookEndpoints(), (endpoints) =>
    endpoints?.filter((endpoint) => endpoint.id !== id),
  );
  queryClient.removeQueries({ queryKey: automationKeys.deliveries(id) });
}
