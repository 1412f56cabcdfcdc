// Who narrates a new video or job, how fast, and in which caption style: what the member sent,
// else their Profile defaults. The voice must be one this server offers (unknown ids are refused).
import {
  type CaptionStyle,
  captionStyleOf,
  UNKNOWN_VOICE_MESSAGE,
  VOICE_SPEED,
} from '../../../shared/schemas/voices';

export { captionStyleOf };

import { ValidationFailed } from '../../errors';

/** The part of the voice catalogue the rules need (server/voice). */
export interface VoiceCatalog {
  has(voiceId: string): boolean;
  readonly defaultVoiceId: string;
}

export type NarrationChoice = {
  voiceId: string | null;
  voiceSpeed: number;
  captionStyle: CaptionStyle;
};

/** What a member's row holds as defaults (users.voice_id, voice_speed, caption_style). */
export type NarrationDefaults = {
  voiceId: string | null;
  voiceSpeed: number;
  captionStyle: string;
};

export type NarrationInput = {
  voiceId?: string | null;
  voiceSpeed?: number;
  captionStyle?: CaptionStyle;
};

export function chooseNarration(
  catalog: VoiceCatalog,
  defaults: NarrationDefaults,
  input: NarrationInput,
): NarrationChoice {
  if (typeof input.voiceId === 'string' && !catalog.has(input.voiceId)) {
    throw new ValidationFailed(UNKNOWN_VOICE_MESSAGE, 'voiceId');
  }
  return {
    voiceId: input.voiceId === undefined ? memberDefaultVoice(catalog, defaults) : input.voiceId,
    voiceSpeed: clampSpeed(input.voiceSpeed ?? defaults.voiceSpeed),
    captionStyle: input.captionStyle ?? captionStyleOf(defaults.captionStyle),
  };
}

/**
 * The member's default voice, or the server's when theirs is no longer offered (a cloud voice
 * whose key the operator removed): their videos keep a voice rather than failing.
 */
export function memberDefaultVoice(
  catalog: VoiceCatalog,
  defaults: Pick<NarrationDefaults, 'voiceId'>,
): string | null {
  if (defaults.voiceId === null) return null;
  return catalog.has(defaults.voiceId) ? defaults.voiceId : catalog.defaultVoiceId;
}

function clampSpeed(speed: number): number {
  if (!Number.isFinite(speed)) return VOICE_SPEED.default;
  return Math.min(VOICE_SPEED.max, Math.max(VOICE_SPEED.min, speed));
}
