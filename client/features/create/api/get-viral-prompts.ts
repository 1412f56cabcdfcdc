// GET /api/viral-prompts: ready-made descriptions; one picked at random fills the Create form. The
// list is fetched the first time a member asks for one and then served from the cache.
import type { ViralPromptsResponse } from '@shared/schemas/videos';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { apiRequest } from '@/lib/api-client';
import { createKeys } from './create-keys';

export function getViralPrompts(): Promise<ViralPromptsResponse> {
  return apiRequest<ViralPromptsResponse>('GET', '/api/viral-prompts');
}

export const viralPromptsQueryOptions = queryOptions({
  queryKey: createKeys.viralPrompts(),
  queryFn: getViralPrompts,
  staleTime: Number.POSITIVE_INFINITY,
});

/**
 * A random prompt from the list, avoiding `current` when there is another to offer so that
 * pressing the button always visibly changes the description. Null when the list is empty.
 */
export function pickRandomPrompt(
  prompts: readonly string[],
  current = '',
  random: () => number = Math.random,
): string | null {
  const choices = prompts.length > 1 ? prompts.filter((prompt) => prompt !== current) : prompts;
  if (choices.length === 0) return null;
  return choices[Math.floor(random() * choices.length)] ?? null;
}

/** Fetches the list on first use (then from the cache) and returns a random prompt. */
export function useRandomViralPrompt() {
  const queryClient = useQueryClient();
  const [isLoading, setIsLoading] = useState(false);
  const nextPrompt = useCallback(
    async (current: string): Promise<string | null> => {
      setIsLoading(true);
      try {
        const { prompts } = await queryClient.fetchQuery(viralPromptsQueryOptions);
        return pickRandomPrompt(prompts, current);
      } finally {
        setIsLoading(false);
      }
    },
    [queryClient],
  );
  return { nextPrompt, isLoading };
}
