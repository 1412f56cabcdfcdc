// GET /api/voice-settings: the member's default voice, speed and caption style, which Create and
// new Creator Engine jobs start from and which the Profile edits.
import type { VoiceSettings } from '@shared/schemas/voices';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { voiceKeys } from './voice-keys';

export function getVoiceSettings(): Promise<VoiceSettings> {
  return apiRequest<VoiceSettings>('GET', '/api/voice-settings');
}

export const voiceSettingsQueryOptions = queryOptions({
  queryKey: voiceKeys.settings(),
  queryFn: getVoiceSettings,
  // Changed only from the Profile, which writes the answer into the cache.
  staleTime: Number.POSITIVE_INFINITY,
});

export function useVoiceSettings() {
  return useQuery(voiceSettingsQueryOptions);
}
