// Voice fixtures for tests: a small list in two languages and a member's saved defaults.
import type { VoiceSettings, VoicesResponse } from '@shared/schemas/voices';
import type { QueryClient } from '@tanstack/react-query';
import { VOICES_QUERY_KEY } from './api/get-voices';
import { VOICE_SETTINGS_QUERY_KEY } from './api/voice-settings';

export const testVoices: VoicesResponse = {
  voices: [
    {
      id: 'en-us-ava',
      name: 'Ava',
      language: 'en-US',
      languageName: 'US English',
      provider: 'offline',
      sampleUrl: '/api/voices/en-us-ava/sample',
    },
    {
      id: 'en-us-leo',
      name: 'Leo',
      language: 'en-US',
      languageName: 'US English',
      provider: 'offline',
      sampleUrl: '/api/voices/en-us-leo/sample',
    },
    {
      id: 'fr-fr-lea',
      name: 'Léa',
      language: 'fr-FR',
      languageName: 'French',
      provider: 'offline',
      sampleUrl: '/api/voices/fr-fr-lea/sample',
    },
  ],
  defaultVoiceId: 'en-us-ava',
};

export const testVoiceSettings: VoiceSettings = {
  voiceId: 'en-us-ava',
  voiceSpeed: 1,
  captionStyle: 'karaoke',
};

/** Puts the voice list and the member's defaults in the cache, so nothing is fetched for them. */
export function seedVoiceQueries(
  queryClient: QueryClient,
  settings: VoiceSettings = testVoiceSettings,
) {
  queryClient.setQueryData(VOICES_QUERY_KEY, testVoices);
  queryClient.setQueryData(VOICE_SETTINGS_QUERY_KEY, settings);
}
