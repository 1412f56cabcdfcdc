// Voice fixtures for tests: a small list in two languages and a member's saved defaults.
import type { VoiceSettings, VoicesResponse } from '@shared/schemas/voices';
import type { QueryClient } from '@tanstack/react-query';
import { voiceKeys } from './api/voice-keys';

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
  queryClient.setQueryData(voiceKeys.voices(), testVoices);
  queryClient.setQueryData(voiceKeys.settings(), settings);
}
