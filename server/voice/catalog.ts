// The voices this server offers and speaking with them. Offline voices (eSpeak NG, shipped with the
// server) are always there; each speaks in a preparation thread, never on the event loop.
import type { SpokenWord, Voice } from '../../shared/schemas/voices';
import { runPreparation } from '../cpu/cpu-pool';

type OfflineVoice = {
  id: string;
  name: string;
  language: string;
  languageName: string;
  espeakVoice: string;
  /** Its natural pace in words a minute at speed 1. */
  wordsPerMinute: number;
  /** What the sample says, in the voice's language. */
  sample: string;
};

const OFFLINE_VOICES: readonly OfflineVoice[] = [
  offline(
    'en-us',
    'Ava',
    'en-US',
    'US English',
    'en-us+f3',
    165,
    "Hi, I'm Ava. I'll narrate your videos.",
  ),
  offline(
    'en-us-m',
    'Sam',
    'en-US',
    'US English',
    'en-us',
    165,
    "Hi, I'm Sam. I'll narrate your videos.",
  ),
  offline(
    'en-gb',
    'Oliver',
    'en-GB',
    'British English',
    'en-gb-x-rp',
    160,
    "Hello, I'm Oliver. I'll narrate your videos.",
  ),
  offline('es', 'Lucía', 'es-ES', 'Spanish', 'es+f3', 165, 'Hola, soy Lucía. Narraré tus vídeos.'),
  offline(
    'fr',
    'Camille',
    'fr-FR',
    'French',
    'fr+f3',
    160,
    'Bonjour, je suis Camille. Je raconte vos vidéos.',
  ),
  offline(
    'de',
    'Jonas',
    'de-DE',
    'German',
    'de',
    155,
    'Hallo, ich bin Jonas. Ich spreche deine Videos.',
  ),
  offline(
    'it',
    'Giulia',
    'it-IT',
    'Italian',
    'it+f3',
    160,
    'Ciao, sono Giulia. Racconto i tuoi video.',
  ),
  offline(
    'pt-br',
    'Rafael',
    'pt-BR',
    'Brazilian Portuguese',
    'pt-br',
    160,
    'Olá, eu sou Rafael. Eu narro os seus vídeos.',
  ),
  offline('ru', 'Anya', 'ru-RU', 'Russian', 'ru+f3', 150, 'Привет, я Аня. Я озвучу ваши видео.'),
  offline('hi', 'Arjun', 'hi-IN', 'Hindi', 'hi', 150, 'नमस्ते, मैं अर्जुन हूँ। मैं आपके वीडियो सुनाऊँगा।'),
  offline('ja', 'Yui', 'ja-JP', 'Japanese', 'ja+f3', 150, 'こんにちは、ゆいです。'),
  offline(
    'zh',
    'Wei',
    'zh-CN',
    'Mandarin Chinese',
    'cmn',
    150,
    '你好，我是伟。我来为你的视频配音。',
  ),
];

function offline(
  code: string,
  name: string,
  language: string,
  languageName: string,
  espeakVoice: string,
  wordsPerMinute: number,
  sample: string,
): OfflineVoice {
  return {
    id: `offline-${code}`,
    name,
    language,
    languageName,
    espeakVoice,
    wordsPerMinute,
    sample,
  };
}

/** A new member's voice: offline US English. */
export const DEFAULT_VOICE_ID = 'offline-en-us';

/** Never faster than this, even to fit a scene: past it speech gets hard to follow. */
export const MAX_FIT_SPEEDUP = 1.6;

export type SpokenAudio = { file: string | null; durationSeconds: number; words: SpokenWord[] };

export class VoiceCatalog {
  readonly defaultVoiceId = DEFAULT_VOICE_ID;
  private readonly byId = new Map(OFFLINE_VOICES.map((voice) => [voice.id, voice]));

  list(): Voice[] {
    return OFFLINE_VOICES.map((voice) => ({
      id: voice.id,
      name: voice.name,
      language: voice.language,
      languageName: voice.languageName,
      provider: 'offline' as const,
      sampleUrl: `/api/voices/${voice.id}/sample`,
    }));
  }

  has(voiceId: string): boolean {
    return this.byId.has(voiceId);
  }

  language(voiceId: string): string | null {
    return this.byId.get(voiceId)?.language ?? null;
  }

  sampleText(voiceId: string): string | null {
    return this.byId.get(voiceId)?.sample ?? null;
  }

  /**
   * Speaks `text` into `outputFile`. With `maxSeconds`, speech too long for it is spoken again
   * faster (up to MAX_FIT_SPEEDUP); still too long, its words past the end are left out of the
   * timings (the scene cuts the audio there too).
   */
  async speak(request: {
    voiceId: string;
    text: string;
    speed: number;
    outputFile: string;
    maxSeconds?: number;
    signal?: AbortSignal;
  }): Promise<SpokenAudio> {
    const voice = this.byId.get(request.voiceId);
    if (!voice) throw new Error(`Voice ${request.voiceId} is not offered`);
    const text = request.text.trim();
    if (!text) return { file: null, durationSeconds: 0, words: [] };
    const say = (speedup: number) =>
      runPreparation(
        'synthesizeSpeech',
        {
          text,
          espeakVoice: voice.espeakVoice,
          wordsPerMinute: voice.wordsPerMinute * request.speed * speedup,
          outputFile: request.outputFile,
        },
        { step: 'voice', signal: request.signal },
      );
    let spoken = await say(1);
    const limit = request.maxSeconds;
    if (limit && spoken.durationSeconds > limit) {
      const speedup = Math.min(MAX_FIT_SPEEDUP, (spoken.durationSeconds / limit) * 1.03);
      spoken = await say(speedup);
    }
    const words =
      limit && spoken.durationSeconds > limit
        ? spoken.words.filter((word) => word.end <= limit)
        : spoken.words;
    return {
      file: request.outputFile,
      durationSeconds: Math.min(spoken.durationSeconds, limit ?? Infinity),
      words,
    };
  }
}
