// The voices a server can offer: the curated offline ones (espeak-ng, always there) and the cloud
// ones offered when the operator configures their service. Ids are stable: members' defaults,
// jobs and videos store them.

/** A new member's default: offline US English. */
export const DEFAULT_VOICE_ID = 'offline-en-us';

export type OfflineVoiceDefinition = {
  id: string;
  /** A first name: the picker shows "Ava — US English". */
  name: string;
  /** BCP 47: the language narration is written in for this voice. */
  language: string;
  languageName: string;
  /** espeak-ng's voice, with a variant ('+f3') for another timbre; checked in the tests. */
  espeakVoice: string;
  /** Its natural pace in words a minute (speed 1). */
  wordsPerMinute: number;
  /** A few seconds introducing the voice, in its language. */
  sample: string;
};

/**
 * One voice or two per language espeak-ng speaks well. Japanese is left out: espeak-ng reads
 * kana only and says "Chinese letter" for every kanji, so ordinary Japanese text comes out as
 * English words (docs/voices.md).
 */
export const OFFLINE_VOICES: readonly OfflineVoiceDefinition[] = [
  {
    id: 'offline-en-us',
    name: 'Ava',
    language: 'en-US',
    languageName: 'US English',
    espeakVoice: 'en-us+f3',
    wordsPerMinute: 165,
    sample: "Hi, I'm Ava. I'll narrate your videos.",
  },
  {
    id: 'offline-en-us-m',
    name: 'Sam',
    language: 'en-US',
    languageName: 'US English',
    espeakVoice: 'en-us',
    wordsPerMinute: 165,
    sample: "Hi, I'm Sam. I'll narrate your videos.",
  },
  {
    id: 'offline-en-gb',
    name: 'Oliver',
    language: 'en-GB',
    languageName: 'British English',
    espeakVoice: 'en-gb-x-rp',
    wordsPerMinute: 160,
    sample: "Hello, I'm Oliver. I'll narrate your videos.",
  },
  {
    id: 'offline-es',
    name: 'Lucía',
    language: 'es-ES',
    languageName: 'Spanish',
    espeakVoice: 'es+f3',
    wordsPerMinute: 165,
    sample: 'Hola, soy Lucía. Voy a narrar tus vídeos.',
  },
  {
    id: 'offline-fr',
    name: 'Camille',
    language: 'fr-FR',
    languageName: 'French',
    espeakVoice: 'fr+f3',
    wordsPerMinute: 160,
    sample: 'Bonjour, je suis Camille. Je vais raconter vos vidéos.',
  },
  {
    id: 'offline-de',
    name: 'Jonas',
    language: 'de-DE',
    languageName: 'German',
    espeakVoice: 'de',
    wordsPerMinute: 155,
    sample: 'Hallo, ich bin Jonas. Ich spreche deine Videos.',
  },
  {
    id: 'offline-it',
    name: 'Giulia',
    language: 'it-IT',
    languageName: 'Italian',
    espeakVoice: 'it+f3',
    wordsPerMinute: 160,
    sample: 'Ciao, sono Giulia. Racconterò i tuoi video.',
  },
  {
    id: 'offline-pt-br',
    name: 'Rafael',
    language: 'pt-BR',
    languageName: 'Brazilian Portuguese',
    espeakVoice: 'pt-br',
    wordsPerMinute: 160,
    sample: 'Olá, eu sou o Rafael. Vou narrar os seus vídeos.',
  },
  {
    id: 'offline-ru',
    name: 'Anya',
    language: 'ru-RU',
    languageName: 'Russian',
    espeakVoice: 'ru+f3',
    wordsPerMinute: 150,
    sample: 'Привет, я Аня. Я озвучу ваши видео.',
  },
  {
    id: 'offline-hi',
    name: 'Arjun',
    language: 'hi-IN',
    languageName: 'Hindi',
    espeakVoice: 'hi',
    wordsPerMinute: 150,
    sample: 'नमस्ते, मैं अर्जुन हूँ। मैं आपके वीडियो सुनाऊँगा।',
  },
  {
    id: 'offline-ar',
    name: 'Omar',
    language: 'ar',
    languageName: 'Arabic',
    espeakVoice: 'ar',
    wordsPerMinute: 150,
    sample: 'مرحبا، أنا عمر. سأروي مقاطع الفيديو الخاصة بك.',
  },
  {
    id: 'offline-zh',
    name: 'Wei',
    language: 'zh-CN',
    languageName: 'Mandarin Chinese',
    espeakVoice: 'cmn',
    wordsPerMinute: 150,
    sample: '你好，我是伟。我来为你的视频配音。',
  },
  {
    id: 'offline-ko',
    name: 'Minji',
    language: 'ko-KR',
    languageName: 'Korean',
    espeakVoice: 'ko+f3',
    wordsPerMinute: 150,
    sample: '안녕하세요, 저는 민지예요. 여러분의 영상을 읽어 드릴게요.',
  },
];

/**
 * OpenAI's voices (tts-1, tts-1-hd and gpt-4o-mini-tts all have these nine). They speak whatever
 * language they are given; narration for them is written in English (their `language`), the
 * language most of their listeners' samples are in.
 */
export const OPENAI_VOICE_NAMES = [
  'alloy',
  'ash',
  'coral',
  'echo',
  'fable',
  'nova',
  'onyx',
  'sage',
  'shimmer',
] as const;

/**
 * ElevenLabs default voices every account has (its current set: the older Rachel, Adam and
 * Antoni are legacy); multilingual with eleven_multilingual_v2.
 */
export const ELEVENLABS_PREMADE_VOICES: ReadonlyArray<{ name: string; voiceId: string }> = [
  { name: 'Sarah', voiceId: 'EXAVITQu4vr4xnSDxMaL' },
  { name: 'George', voiceId: 'JBFqnCBsd6RMkjVDRZzb' },
  { name: 'Aria', voiceId: '9BWtsMINqrJLrRacOk9x' },
  { name: 'Charlie', voiceId: 'IKne3meq5aSn9XLyUdCD' },
];

/** Cloud voices speak any language; the narration written for them is English. */
export const CLOUD_VOICE_LANGUAGE = { language: 'en-US', languageName: 'English' } as const;

/** The sample a cloud voice introduces itself with. */
export function cloudSample(name: string): string {
  return `Hi, I'm ${name}. I'll narrate your videos.`;
}

/** 'nova' → 'Nova'; 'my-voice' → 'My voice' (operators name their own compatible voices). */
export function displayName(voice: string): string {
  const spaced = voice.replace(/[-_]+/g, ' ').trim();
  return spaced.charAt(0).toLocaleUpperCase('en') + spaced.slice(1);
}

/** A cloud voice's id: the provider and the voice's own name, in lower-case kebab. */
export function cloudVoiceId(provider: 'openai' | 'elevenlabs', name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${provider}-${slug || 'voice'}`;
}

/**
 * Kokoro's languages, by the first letter of a voice's name (hexgrad/kokoro's LANG_CODES), with
 * what the voice says to introduce itself (`{name}` is its name).
 */
export const KOKORO_LANGUAGES: Record<
  string,
  { language: string; languageName: string; sample: string }
> = {
  a: {
    language: 'en-US',
    languageName: 'US English',
    sample: "Hi, I'm {name}. I'll narrate your videos.",
  },
  b: {
    language: 'en-GB',
    languageName: 'British English',
    sample: "Hello, I'm {name}. I'll narrate your videos.",
  },
  e: {
    language: 'es-ES',
    languageName: 'Spanish',
    sample: 'Hola, soy {name}. Voy a narrar tus vídeos.',
  },
  f: {
    language: 'fr-FR',
    languageName: 'French',
    sample: 'Bonjour, je suis {name}. Je vais raconter vos vidéos.',
  },
  h: { language: 'hi-IN', languageName: 'Hindi', sample: 'नमस्ते, मैं {name} हूँ। मैं आपके वीडियो सुनाऊँगा।' },
  i: {
    language: 'it-IT',
    languageName: 'Italian',
    sample: 'Ciao, sono {name}. Racconterò i tuoi video.',
  },
  j: {
    language: 'ja-JP',
    languageName: 'Japanese',
    sample: 'こんにちは、{name}です。あなたの動画をナレーションします。',
  },
  p: {
    language: 'pt-BR',
    languageName: 'Brazilian Portuguese',
    sample: 'Olá, eu sou {name}. Vou narrar os seus vídeos.',
  },
  z: {
    language: 'zh-CN',
    languageName: 'Mandarin Chinese',
    sample: '你好，我是{name}。我来为你的视频配音。',
  },
};

/**
 * A Kokoro voice as we offer it (`af_heart` → Heart, US English), or null for a name that is not
 * one: a legacy pack (`af_v0bella`), a mix (`af_bella+af_sky`), an unknown language letter.
 */
export function kokoroVoice(
  serviceVoice: string,
): { name: string; language: string; languageName: string; sample: string } | null {
  const match = /^([a-z])([fm])_([a-z][a-z0-9]*)$/u.exec(serviceVoice.trim());
  if (!match) return null;
  const [, letter = '', , base = ''] = match;
  const language = KOKORO_LANGUAGES[letter];
  if (!language || /^v\d/u.test(base)) return null;
  const name = base.charAt(0).toUpperCase() + base.slice(1);
  return { ...language, name, sample: language.sample.replace('{name}', name) };
}

/** A Kokoro voice's id: `kokoro-af-heart`. */
export function kokoroVoiceId(serviceVoice: string): string {
  return `kokoro-${serviceVoice
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')}`;
}
