// GET /api/voices: the voices this server offers and its default. They change only with a
// deployment, so one fetch per page load serves every picker, the library player and the card.
import type { VoicesResponse } from '@shared/schemas/voices';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { voiceKeys } from './voice-keys';

export function getVoices(): Promise<VoicesResponse> {
  return apiRequest<VoicesResponse>('GET', '/api/voices');
}

export const voicesQueryOptions = queryOptions({
  queryKey: voiceKeys.voices(),
  queryFn: getVoices,
  staleTime: Number.POSITIVE_INFINITY,
});

/** `enabled: false` leaves the list unfetched (a screen that needs it only for some videos). */
export function useVoices(options: { enabled?: boolean } = {}) {
  return useQuery({ ...voicesQueryOptions, enabled: options.enabled ?? true });
}
