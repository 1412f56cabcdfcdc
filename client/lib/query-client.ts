// TanStack Query defaults from spec/api.md §4 and §8.1: queries are never stale unless a call says
// otherwise; no retry on authentication errors, up to 2 on network errors; mutations retry once
// on network errors. There is no default fetcher: every query names its own (an `api/` file's
// typed function), so reading the query tells you the URL and the answer's type.
import { QueryClient } from '@tanstack/react-query';
import { isAuthError, isNetworkError } from './api-client';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) =>
          !isAuthError(error) && isNetworkError(error) && failureCount < 2,
      },
      mutations: {
        retry: (failureCount, error) => isNetworkError(error) && failureCount < 1,
      },
    },
  });
}
