// GET /api/voices: the voices this server offers and its default. They change only with a
// deployment, so one fetch per page load serves every picker, the library player and the card.
import type { VoicesResponse } from '@shared/schemas/voices';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const VOICES_QUERY_KEY = ['/api/voices'] as const;

export const voicesQueryOptions = queryOptions<VoicesResponse>({
  queryKey: VOICES_QUERY_KEY,
  staleTime: Number.POSITIVE_INFINITY,
});

/** `enabled: false` leaves the list unfetched (a screen that needs it only for some videos). */
export function useVoices(options: { enabled?: boolean } = {}) {
  return useQuery({ ...voicesQueryOptions, enabled: options.enabled ?? true });
}
