// TanStack Query defaults from spec/api.md §4 and §8.1: queries are never stale unless a call says
// otherwise; no retry on authentication errors, up to 2 on network errors; mutations retry once
// on network errors. A generic query joins its key into the path.
import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { ApiError, apiRequest, isAuthError, isNetworkError } from './api-client';

export function getQueryFn<T>(options: { on401: 'returnNull' | 'throw' }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    try {
      return await apiRequest<T>('GET', queryKey.join('/'));
    } catch (error) {
      if (options.on401 === 'returnNull' && error instanceof ApiError && error.status === 401) {
        return null;
      }
      throw error;
    }
  };
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
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
