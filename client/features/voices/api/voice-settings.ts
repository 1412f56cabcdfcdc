// GET and PATCH /api/voice-settings: the member's default voice, speed and caption style, which
// Create and new Creator Engine jobs start from and which the Profile edits.
import type { VoiceSettings, VoiceSettingsPatch } from '@shared/schemas/voices';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const VOICE_SETTINGS_QUERY_KEY = ['/api/voice-settings'] as const;

export const voiceSettingsQueryOptions = queryOptions<VoiceSettings>({
  queryKey: VOICE_SETTINGS_QUERY_KEY,
  // Changed only from the Profile, which writes the answer into the cache.
  staleTime: Number.POSITIVE_INFINITY,
});

export function useVoiceSettings() {
  return useQuery(voiceSettingsQueryOptions);
}

export function saveVoiceSettings(patch: VoiceSettingsPatch): Promise<VoiceSettings> {
  return apiRequest<VoiceSettings>('PATCH', '/api/voice-settings', patch);
}

export function useSaveVoiceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveVoiceSettings,
    // The answer is the whole new state: Create's picker shows it without a refetch.
    onSuccess: (saved) => queryClient.setQueryData(VOICE_SETTINGS_QUERY_KEY, saved),
  });
}
