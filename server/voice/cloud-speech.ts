// The cloud voices' HTTP side: an OpenAI-compatible `POST /audio/speech` (audio back, no timings)
// and ElevenLabs' `POST /v1/text-to-speech/{voice}/with-timestamps` (audio and per-character
// times as JSON). Each answers the audio's bytes, the speed it was actually spoken at (services
// accept a narrower range than members may ask for; the rest is made up with atempo) and, where
// the service gives them, character times.
import { z } from 'zod';
import { trimSlash } from '../generation/providers/http';
import {
  postForBytes,
  VOICE_SERVICE_MESSAGES,
  type VoiceHttpOptions,
  VoiceServiceError,
} from './cloud-http';
import type { TimedCharacter } from './word-timings';

export type CloudSpeechRequest = {
  /** The service's own voice name or id. */
  voice: string;
  text: string;
  speed: number;
  signal?: AbortSignal;
};

export type CloudSpeech = {
  audio: Buffer;
  /** The speed the service was asked for (within what it accepts). */
  appliedSpeed: number;
  /** Per-character times, when the service gives them. */
  characters: TimedCharacter[] | null;
};

export interface CloudSpeechService {
  speak(request: CloudSpeechRequest): Promise<CloudSpeech>;
}

/** OpenAI's `speed` range. */
const OPENAI_SPEED = { min: 0.25, max: 4 } as const;
/** ElevenLabs' `voice_settings.speed` range. */
const ELEVENLABS_SPEED = { min: 0.7, max: 1.2 } as const;

const clamp = (value: number, range: { min: number; max: number }) =>
  Math.min(range.max, Math.max(range.min, value));

export function openAiCompatibleSpeech(
  settings: { baseUrl: string; apiKey: string | null; model: string },
  http: VoiceHttpOptions = {},
): CloudSpeechService {
  const url = `${trimSlash(settings.baseUrl)}/audio/speech`;
  const headers: Record<string, string> = settings.apiKey
    ? { authorization: `Bearer ${settings.apiKey}` }
    : {};
  return {
    async speak({ voice, text, speed, signal }) {
      const appliedSpeed = clamp(speed, OPENAI_SPEED);
      const audio = await postForBytes(
        url,
        {
          headers,
          body: {
            model: settings.model,
            input: text,
            voice,
            response_format: 'wav',
            speed: appliedSpeed,
          },
          secrets: settings.apiKey ? [settings.apiKey] : [],
        },
        { ...http, signal },
      );
      return { audio, appliedSpeed, characters: null };
    },
  };
}

const alignmentSchema = z.object({
  characters: z.array(z.string()),
  character_start_times_seconds: z.array(z.number()),
  character_end_times_seconds: z.array(z.number()),
});
const timestampsAnswerSchema = z.object({
  audio_base64: z.string().min(1),
  alignment: alignmentSchema.nullish(),
});

export function elevenLabsSpeech(
  settings: { baseUrl: string; apiKey: string; model: string },
  http: VoiceHttpOptions = {},
): CloudSpeechService {
  const base = trimSlash(settings.baseUrl);
  return {
    async speak({ voice, text, speed, signal }) {
      const appliedSpeed = clamp(speed, ELEVENLABS_SPEED);
      const url = `${base}/v1/text-to-speech/${encodeURIComponent(voice)}/with-timestamps?output_format=mp3_44100_128`;
      const body = await postForBytes(
        url,
        {
          headers: { 'xi-api-key': settings.apiKey, accept: 'application/json' },
          body: {
            text,
            model_id: settings.model,
            // Left out at speed 1: the voice's own settings then apply unchanged.
            ...(appliedSpeed === 1 ? {} : { voice_settings: { speed: appliedSpeed } }),
          },
          secrets: [settings.apiKey],
        },
        { ...http, signal },
      );
      const answer = timestampsAnswerSchema.safeParse(parseJson(body.toString('utf8')));
      if (!answer.success) {
        throw new VoiceServiceError(
          VOICE_SERVICE_MESSAGES.unreadable,
          { status: 200, transient: false },
          'the answer is not {audio_base64, alignment}',
        );
      }
      const { audio_base64: audio, alignment } = answer.data;
      return {
        audio: Buffer.from(audio, 'base64'),
        appliedSpeed,
        characters: alignment ? timedCharacters(alignment) : null,
      };
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function timedCharacters(alignment: z.infer<typeof alignmentSchema>): TimedCharacter[] {
  return alignment.characters.map((character, index) => ({
    character,
    start: alignment.character_start_times_seconds[index] ?? Number.NaN,
    end: alignment.character_end_times_seconds[index] ?? Number.NaN,
  }));
}
