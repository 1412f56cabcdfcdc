// PATCH /api/voice-settings: saves the member's default voice, speed and caption style. The answer
// is the whole new state: Create's picker shows it without a refetch.
import type { VoiceSettings, VoiceSettingsPatch } from '@shared/schemas/voices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { voiceKeys } from '@/entities/voices/api/voice-keys';
import { apiRequest } from '@/lib/api-client';

export function saveVoiceSettings(patch: VoiceSettingsPatch): Promise<VoiceSettings> {
  return apiRequest<VoiceSettings>('PATCH', '/api/voice-settings', patch);
}

export function useSaveVoiceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveVoiceSettings,
    onSuccess: (saved) => queryClient.setQueryData(voiceKeys.settings(), saved),
  });
}
