// For this feature's tests: renders a page at an address (wouter in memory, recording where it
// navigates) with a fresh query cache.
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createQueryClient } from '@/lib/query-client';

export function renderAt(path: string, ui: React.ReactNode) {
  const location = memoryLocation({ path, record: true });
  const queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {ui}
      </Router>
    </QueryClientProvider>,
  );
  return { history: location.history, queryClient };
}
