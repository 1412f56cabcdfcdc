// The narration a form starts from: the member's saved defaults once they arrive, else the
// server's default voice at normal speed. `ready` says whether the saved defaults are known (or
// known to be unavailable), so a picker can wait instead of flashing the fallback.

import { useVoiceSettings } from '../api/get-voice-settings';
import { useVoices } from '../api/get-voices';
import { fallbackNarration, type Narration } from '../narration';

export function useNarrationDefaults(): { value: Narration; ready: boolean } {
  const settings = useVoiceSettings();
  const voices = useVoices();
  if (settings.data) return { value: settings.data, ready: true };
  return {
    value: fallbackNarration(voices.data?.defaultVoiceId),
    ready: settings.isError,
  };
}
