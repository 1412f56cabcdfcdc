// Voices and captions: the voices a server offers (GET /api/voices), a member's defaults (GET/PATCH
// /api/voice-settings) and the fields Create and the job form send. The forms and the routes
// validate with these, so a member reads the same words whichever side objects.
import { z } from 'zod';

/** Who speaks: an engine shipped with the server, or a cloud service the operator configured. */
export const VOICE_PROVIDERS = ['offline', 'openai', 'kokoro', 'elevenlabs'] as const;
export type VoiceProvider = (typeof VOICE_PROVIDERS)[number];

export const voiceSchema = z.object({
  id: z.string().describe('What voiceId takes.'),
  name: z.string(),
  /** BCP 47 tag of the language the voice speaks (narration is written in it), e.g. en-US. */
  language: z.string(),
  /** The language's name in English, for the picker. */
  languageName: z.string(),
  provider: z.enum(VOICE_PROVIDERS),
  sampleUrl: z.string().describe('A few seconds of the voice (audio/wav or audio/mpeg).'),
});
export type Voice = z.infer<typeof voiceSchema>;

export const voicesResponseSchema = z.object({
  voices: z.array(voiceSchema),
  /** A new member's default: an offline English voice. */
  defaultVoiceId: z.string(),
});
export type VoicesResponse = z.infer<typeof voicesResponseSchema>;

/** How captions follow the voice (burned in, word by word). */
export const CAPTION_STYLES = ['karaoke', 'pop', 'minimal'] as const;
export type CaptionStyle = (typeof CAPTION_STYLES)[number];
export const DEFAULT_CAPTION_STYLE: CaptionStyle = 'karaoke';
/** A stored style as one we know (rows hold text; anything else reads as the default). */
export function captionStyleOf(value: string): CaptionStyle {
  return (CAPTION_STYLES as readonly string[]).includes(value)
    ? (value as CaptionStyle)
    : DEFAULT_CAPTION_STYLE;
}

export const CAPTION_STYLE_LABELS: Record<CaptionStyle, string> = {
  karaoke: 'Karaoke highlight',
  pop: 'Bold pop-in words',
  minimal: 'Minimal lower line',
};

/** Speaking speed, as a multiple of the voice's natural pace. */
export const VOICE_SPEED = { min: 0.75, max: 1.5, step: 0.05, default: 1 } as const;

export const UNKNOWN_VOICE_MESSAGE =
  'That voice is not available. Choose one of the voices listed, or No voice.';
export const CAPTION_STYLE_MESSAGE = 'Caption style must be karaoke, pop or minimal.';
export const VOICE_SPEED_MESSAGE = `Voice speed must be a number from ${VOICE_SPEED.min} to ${VOICE_SPEED.max}.`;

/**
 * A voice id, or null for no voice. The schema only checks its shape; the server checks it is one
 * it offers (UNKNOWN_VOICE_MESSAGE). Omitted: the member's default voice.
 */
export const voiceIdField = z
  .string({ error: UNKNOWN_VOICE_MESSAGE })
  .trim()
  .min(1, UNKNOWN_VOICE_MESSAGE)
  .max(120, UNKNOWN_VOICE_MESSAGE)
  .nullable();
export const captionStyleField = z.enum(CAPTION_STYLES, { error: CAPTION_STYLE_MESSAGE });
export const voiceSpeedField = z
  .number({ error: VOICE_SPEED_MESSAGE })
  .min(VOICE_SPEED.min, VOICE_SPEED_MESSAGE)
  .max(VOICE_SPEED.max, VOICE_SPEED_MESSAGE);

/** GET /api/voice-settings: the member's defaults, used when Create or a job leaves them out. */
export const voiceSettingsSchema = z.object({
  voiceId: z.string().nullable(),
  voiceSpeed: z.number(),
  captionStyle: z.enum(CAPTION_STYLES),
});
export type VoiceSettings = z.infer<typeof voiceSettingsSchema>;

/** PATCH /api/voice-settings: any of the three. */
export const voiceSettingsPatchSchema = z
  .object({
    voiceId: voiceIdField.optional(),
    voiceSpeed: voiceSpeedField.optional(),
    captionStyle: captionStyleField.optional(),
  })
  .strict();
export type VoiceSettingsPatch = z.infer<typeof voiceSettingsPatchSchema>;

/** What Create and the job form add to their bodies (each optional: the member's default). */
export const narrationFields = {
  voiceId: voiceIdField.optional(),
  voiceSpeed: voiceSpeedField.optional(),
  captionStyle: captionStyleField.optional(),
};

/** One word as the voice spoke it, in seconds from the start of its audio. */
export type SpokenWord = { text: string; start: number; end: number };
