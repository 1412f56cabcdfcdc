// Narration choices as pure rules: the voice, speed and caption style a form starts from, how the
// picker names and groups voices, how a speed reads, and the fields a form adds to its body.
import {
  CAPTION_STYLES,
  type CaptionStyle,
  DEFAULT_CAPTION_STYLE,
  VOICE_SPEED,
  type Voice,
  type VoiceSettings,
} from '@shared/schemas/voices';

/** What the picker edits: the same three fields GET /api/voice-settings answers. */
export type Narration = VoiceSettings;

/** The Select's value for "No voice" (Radix Select cannot hold an empty or null value). */
export const NO_VOICE_VALUE = '__no-voice__';
export const NO_VOICE_LABEL = 'No voice';

/**
 * What to show before (or without) the member's saved defaults: the server's default voice when
 * the voice list has arrived, normal speed and the default caption style.
 */
export function fallbackNarration(defaultVoiceId: string | null | undefined): Narration {
  return {
    voiceId: defaultVoiceId ?? null,
    voiceSpeed: VOICE_SPEED.default,
    captionStyle: DEFAULT_CAPTION_STYLE,
  };
}

/** "Ava — US English": the language in the name, since several languages share one list. */
export function voiceLabel(voice: Pick<Voice, 'name' | 'languageName'>): string {
  return `${voice.name} — ${voice.languageName}`;
}

export type VoiceGroup = { languageName: string; voices: Voice[] };

/** Voices by language, in the order the server first lists each language (it puts the default's first). */
export function groupVoicesByLanguage(voices: readonly Voice[]): VoiceGroup[] {
  const groups = new Map<string, Voice[]>();
  for (const voice of voices) {
    const group = groups.get(voice.languageName);
    if (group) group.push(voice);
    else groups.set(voice.languageName, [voice]);
  }
  return Array.from(groups, ([languageName, members]) => ({ languageName, voices: members }));
}

/** "1.0×", "1.5×", "0.75×", "1.05×": one decimal unless the step needs two. */
export function formatSpeed(speed: number): string {
  const tenths = Math.round(speed * 100) % 10 === 0;
  return `${speed.toFixed(tenths ? 1 : 2)}×`;
}

/**
 * A range input's value as a speed on the VOICE_SPEED grid: the browser reports text, and 0.05
 * steps add up to 1.1500000000000001 in floating point.
 */
export function speedFromInput(text: string): number {
  const value = Number(text);
  if (!Number.isFinite(value)) return VOICE_SPEED.default;
  const steps = Math.round((value - VOICE_SPEED.min) / VOICE_SPEED.step);
  const snapped = VOICE_SPEED.min + steps * VOICE_SPEED.step;
  const clamped = Math.min(VOICE_SPEED.max, Math.max(VOICE_SPEED.min, snapped));
  return Math.round(clamped * 100) / 100;
}

export function isCaptionStyle(value: string): value is CaptionStyle {
  return (CAPTION_STYLES as readonly string[]).includes(value);
}

/**
 * The fields Create and the job form add to their bodies: all three once the member has chosen
 * (null voiceId meaning No voice), nothing while they have not, so the server applies the member's
 * defaults as it holds them at that moment.
 */
export function narrationBody(narration: Narration | null): Partial<Narration> {
  if (!narration) return {};
  return {
    voiceId: narration.voiceId,
    voiceSpeed: narration.voiceSpeed,
    captionStyle: narration.captionStyle,
  };
}
