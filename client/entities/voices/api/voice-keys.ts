// The voices' cache keys: what this server offers, and the member's saved defaults.
export const voiceKeys = {
  /** GET /api/voices. */
  voices: () => ['/api/voices'] as const,
  /** GET /api/voice-settings. */
  settings: () => ['/api/voice-settings'] as const,
};
