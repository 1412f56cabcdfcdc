// The cloud voices' HTTP side: an OpenAI-compatible `POST /audio/speech` (audio back, no timings)
// and ElevenLabs' `POST /v1/text-to-speech/{voice}/with-timestamps` (audio and per-character
// times as JSON). Each answers the audio's bytes, the speed it was actually spoken at (services
// accept a narrower range than members may ask for; the rest is made up with atempo) and, where
// the service gives them, character times.
import { z } from 'zod';
import { trimSlash } from '../outbound/http';
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

/** One word as Kokoro-FastAPI's captioned speech times it (float seconds). */
const kokoroTimestampSchema = z.object({
  word: z.string(),
  start_time: z.number(),
  end_time: z.number(),
});
const kokoroCaptionedSchema = z.object({
  audio: z.string().min(1),
  audio_format: z.string().optional(),
  // No timestamps for Japanese and Chinese (null or empty), nor when its word counts disagree.
  timestamps: z.array(kokoroTimestampSchema).nullish(),
});

/** Kokoro-FastAPI's OpenAI-compatible base (`…/v1`) and its server's root, where `/dev/` lives. */
export function kokoroRoot(baseUrl: string): string {
  return trimSlash(baseUrl).replace(/\/v1$/u, '');
}

/**
 * Kokoro-FastAPI (remsky/Kokoro-FastAPI, pinned v0.8.0): `POST /dev/captioned_speech` with
 * `stream: false` answers the whole WAV (base64) and each word's times, which time the captions.
 * The route lives under `/dev/`, which its authors may move: when it is not there (404, 405), the
 * stable `POST /v1/audio/speech` speaks instead and the words are timed from the pauses.
 */
export function kokoroSpeech(
  settings: { baseUrl: string; apiKey: string | null; model: string },
  http: VoiceHttpOptions = {},
): CloudSpeechService & { listVoices(signal?: AbortSignal): Promise<string[]> } {
  const root = kokoroRoot(settings.baseUrl);
  const plain = openAiCompatibleSpeech(settings, http);
  const headers: Record<string, string> = settings.apiKey
    ? { authorization: `Bearer ${settings.apiKey}` }
    : {};
  return {
    async speak(request) {
      const appliedSpeed = clamp(request.speed, OPENAI_SPEED);
      let body: Buffer;
      try {
        body = await postForBytes(
          `${root}/dev/captioned_speech`,
          {
            headers,
            body: {
              model: settings.model,
              input: request.text,
              voice: request.voice,
              response_format: 'wav',
              speed: appliedSpeed,
              stream: false,
              return_timestamps: true,
            },
            secrets: settings.apiKey ? [settings.apiKey] : [],
          },
          { ...http, signal: request.signal },
        );
      } catch (error) {
        const status = error instanceof VoiceServiceError ? error.details.status : null;
        if (status === 404 || status === 405) return plain.speak(request);
        throw error;
      }
      const answer = kokoroCaptionedSchema.safeParse(parseJson(body.toString('utf8')));
      if (!answer.success) {
        throw new VoiceServiceError(
          VOICE_SERVICE_MESSAGES.unreadable,
          { status: 200, transient: false },
          'the answer is not {audio, audio_format, timestamps}',
        );
      }
      const timestamps = answer.data.timestamps ?? [];
      return {
        audio: Buffer.from(answer.data.audio, 'base64'),
        appliedSpeed,
        // Each word's letters carry its times: the text's words are matched to them letter by
        // letter, so a word Kokoro said differently (a number read out) is placed between.
        characters:
          timestamps.length > 0
            ? timestamps.flatMap(({ word, start_time, end_time }) =>
                Array.from(word).map((character) => ({
                  character,
                  start: start_time,
                  end: end_time,
                })),
              )
            : null,
      };
    },
    async listVoices(signal) {
      // Read at start-up: a server that does not answer in a few seconds is tried again later.
      const timeout = AbortSignal.timeout(3_000);
      const response = await (http.fetch ?? globalThis.fetch)(
        `${trimSlash(settings.baseUrl)}/audio/voices`,
        { headers, signal: signal ? AbortSignal.any([signal, timeout]) : timeout },
      );
      if (!response.ok) throw new Error(`GET /v1/audio/voices answered HTTP ${response.status}`);
      const parsed = z
        .object({
          voices: z.array(z.union([z.string(), z.object({ id: z.string() })])),
        })
        .parse(await response.json());
      return parsed.voices.map((voice) => (typeof voice === 'string' ? voice : voice.id));
    },
  };
}
