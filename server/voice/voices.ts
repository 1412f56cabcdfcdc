// The voices this server offers and the one way to speak with any of them: offline espeak-ng voices
// (in the preparation threads) always, OpenAI-compatible, Kokoro and ElevenLabs voices when
// configured (Kokoro's own list is read from its server at start).
// Speaking writes a mono WAV and answers every word's timing; asked to fit a time, it speaks faster
// (never past MAX_FIT_PACE) and, if that is not enough, stops after the last word that fits.
import { rm, writeFile } from 'node:fs/promises';
import {
  type SpokenWord,
  UNKNOWN_VOICE_MESSAGE,
  VOICE_SPEED,
  type Voice,
  type VoiceProvider,
} from '../../shared/schemas/voices';
import type { Config, SpeechSettings } from '../config';
import { ValidationFailed } from '../errors';
import { runPreparation } from '../render-threads/preparation-pool';
import type { VoiceHttpOptions } from './cloud-http';
import {
  type CloudSpeechService,
  elevenLabsSpeech,
  kokoroSpeech,
  openAiCompatibleSpeech,
} from './cloud-speech';
import { decodeSpeech, retimeSpeech } from './speech-audio';
import { wordsOf } from './text-words';
import {
  CLOUD_VOICE_LANGUAGE,
  cloudSample,
  cloudVoiceId,
  DEFAULT_VOICE_ID,
  displayName,
  ELEVENLABS_PREMADE_VOICES,
  kokoroVoice,
  kokoroVoiceId,
  OFFLINE_VOICES,
  type OfflineVoiceDefinition,
  OPENAI_VOICE_NAMES,
} from './voice-list';
import {
  scaleWords,
  speechBetweenSilences,
  timeWordsFromCharacters,
  timeWordsFromPauses,
  wordsWithin,
} from './word-timings';

/** However much a narration must fit, it is never spoken faster than this × the voice's pace. */
export const MAX_FIT_PACE = 1.6;
/** Offline voices try again at most this many times to fit (espeak-ng's pauses scale unevenly). */
const FIT_ATTEMPTS = 3;
/** Aim this much under the limit, so one more try is rarely needed. */
const FIT_MARGIN = 1.03;
/** Sound kept after the last word when speech is cut short. */
const CUT_TAIL_SECONDS = 0.08;

export type SpeakRequest = {
  voiceId: string;
  text: string;
  /** A multiple of the voice's natural pace (VOICE_SPEED). */
  speed: number;
  /** Where the WAV goes (mono 16-bit). */
  outputFile: string;
  /** The speech is made to fit this long: spoken faster, or its last words left out. */
  maxSeconds?: number;
  signal?: AbortSignal;
};

export type SpokenNarration = {
  /** The WAV, or null when there was nothing to say (or not one word fitted). */
  file: string | null;
  durationSeconds: number;
  /** The words spoken, in order, in seconds from the start of the file: every word of the text, or
   * the ones before the cut when it had to be cut. */
  words: SpokenWord[];
  /** BCP 47 tag of the language the voice speaks. */
  language: string;
};

export type VoicesDeps = { http?: VoiceHttpOptions };

/** The TTS_MODEL that says TTS_BASE_URL is a Kokoro-FastAPI server (docs/voices.md). */
export const KOKORO_MODEL = 'kokoro';

/** After a failed look at Kokoro's voices, the next waits this long (a list asked for meanwhile
 * shows the voices known so far). */
const KOKORO_RETRY_MS = 60_000;

type Speech = { durationSeconds: number; words: SpokenWord[] };

type VoiceEntry = Voice & { sample: string } & (
    | { provider: 'offline'; definition: OfflineVoiceDefinition }
    | {
        provider: 'openai' | 'elevenlabs' | 'kokoro';
        service: CloudSpeechService;
        serviceVoice: string;
      }
  );

const NO_CLOUD_VOICES: SpeechSettings = { openai: null, elevenlabs: null };

export class Voices {
  readonly defaultVoiceId = DEFAULT_VOICE_ID;
  private readonly entries = new Map<string, VoiceEntry>();
  /** A Kokoro-FastAPI server whose voices are read from it (TTS_MODEL=kokoro, no TTS_VOICES). */
  private kokoro: ReturnType<typeof kokoroSpeech> | null = null;
  private kokoroLooked: { at: number; ok: boolean } | null = null;
  /**
   * An OpenAI-compatible server (not OpenAI's own) that may be Kokoro-FastAPI though TTS_MODEL
   * does not say so: asked once at start whether it lists Kokoro's voices.
   */
  private kokoroCandidate: {
    settings: NonNullable<SpeechSettings['openai']>;
    deps: VoicesDeps;
  } | null = null;
  /**
   * Per offline voice, how long its speech runs against words ÷ pace (its pauses, its language's
   * word lengths), learnt from what it last said: a narration that must fit is then spoken at
   * the right pace at once, not once too slowly and again.
   */
  private readonly lengthRatios = new Map<string, number>();

  constructor(settings: SpeechSettings = NO_CLOUD_VOICES, deps: VoicesDeps = {}) {
    const entries = this.entries;
    for (const definition of OFFLINE_VOICES) {
      entries.set(definition.id, {
        ...voiceFields(definition.id, definition.name, 'offline', definition),
        sample: definition.sample,
        provider: 'offline',
        definition,
      });
    }
    const cloud = (
      provider: 'openai' | 'elevenlabs',
      service: CloudSpeechService,
      voices: ReadonlyArray<{ name: string; serviceVoice: string }>,
    ) => {
      for (const { name, serviceVoice } of voices) {
        const id = cloudVoiceId(provider, name);
        if (entries.has(id)) continue;
        entries.set(id, {
          ...voiceFields(id, name, provider, CLOUD_VOICE_LANGUAGE),
          sample: cloudSample(name),
          provider,
          service,
          serviceVoice,
        });
      }
    };
    if (settings.openai && settings.openai.model.toLowerCase() === KOKORO_MODEL) {
      this.kokoro = kokoroSpeech(settings.openai, deps.http);
      for (const serviceVoice of settings.openai.voices) this.addKokoroVoice(serviceVoice);
      // Named by the operator: those are the voices; else they are read from the server.
      if (settings.openai.voices.length > 0) this.kokoroLooked = { at: Date.now(), ok: true };
    } else if (settings.openai) {
      if (!/(^|\.)openai\.com$/u.test(hostOf(settings.openai.baseUrl))) {
        this.kokoroCandidate = { settings: settings.openai, deps };
      }
      const names = settings.openai.voices.length > 0 ? settings.openai.voices : OPENAI_VOICE_NAMES;
      cloud(
        'openai',
        openAiCompatibleSpeech(settings.openai, deps.http),
        names.map((voice) => ({ name: displayName(voice), serviceVoice: voice })),
      );
    }
    if (settings.elevenlabs) {
      const voices =
        settings.elevenlabs.voices.length > 0
          ? settings.elevenlabs.voices
          : ELEVENLABS_PREMADE_VOICES;
      cloud(
        'elevenlabs',
        elevenLabsSpeech(settings.elevenlabs, deps.http),
        voices.map(({ name, voiceId }) => ({ name, serviceVoice: voiceId })),
      );
    }
  }

  private addKokoroVoice(serviceVoice: string): void {
    const voice = kokoroVoice(serviceVoice);
    const id = kokoroVoiceId(serviceVoice);
    if (!voice || !this.kokoro || this.entries.has(id)) return;
    this.entries.set(id, {
      ...voiceFields(id, voice.name, 'kokoro', voice),
      sample: voice.sample,
      provider: 'kokoro',
      service: this.kokoro,
      serviceVoice: serviceVoice.trim(),
    });
  }

  /**
   * Reads Kokoro's voices from its server (`GET /v1/audio/voices`), once it answers; a failure is
   * logged and tried again a minute later, when the voices are next listed. Answers whether the
   * list is known.
   */
  async discover(log?: { warn(message: string): void }): Promise<boolean> {
    if (this.kokoroCandidate) await this.detectKokoro();
    const kokoro = this.kokoro;
    if (!kokoro) return true;
    if (this.kokoroLooked?.ok) return true;
    this.kokoroLooked = { at: Date.now(), ok: false };
    try {
      const names = await kokoro.listVoices();
      for (const name of names) this.addKokoroVoice(name);
      this.kokoroLooked = { at: Date.now(), ok: true };
      return true;
    } catch (error) {
      log?.warn(
        `Kokoro's voices could not be read (${error instanceof Error ? error.message : String(error)}); trying again in a minute`,
      );
      return false;
    }
  }

  /**
   * Whether the OpenAI-compatible server is Kokoro-FastAPI: it answers `GET /v1/audio/voices`
   * with Kokoro's voice names (OpenAI has no such route). If so, its voices replace the OpenAI
   * names offered for it (those the operator listed in TTS_VOICES are kept, as Kokoro voices), and
   * its word timestamps time the captions. Asked once; a server that does not answer stays as
   * configured.
   */
  private async detectKokoro(): Promise<void> {
    const candidate = this.kokoroCandidate;
    this.kokoroCandidate = null;
    if (!candidate) return;
    const service = kokoroSpeech(
      { ...candidate.settings, model: KOKORO_MODEL },
      candidate.deps.http,
    );
    let names: string[];
    try {
      names = await service.listVoices();
    } catch {
      return;
    }
    const listed = candidate.settings.voices;
    const offered = (listed.length > 0 ? listed : names).filter((name) => kokoroVoice(name));
    if (offered.length === 0 || !names.some((name) => kokoroVoice(name))) return;
    for (const [id, entry] of this.entries) {
      if (entry.provider === 'openai') this.entries.delete(id);
    }
    this.kokoro = service;
    this.kokoroLooked = { at: Date.now(), ok: true };
    for (const name of offered) this.addKokoroVoice(name);
  }

  /** Every voice offered, in the picker's order (the default's language first). */
  list(): Voice[] {
    const looked = this.kokoroLooked;
    if (this.kokoro && !looked?.ok && (!looked || Date.now() - looked.at > KOKORO_RETRY_MS)) {
      void this.discover();
    }
    return [...this.entries.values()].map(
      ({ id, name, language, languageName, provider, sampleUrl }) => ({
        id,
        name,
        language,
        languageName,
        provider,
        sampleUrl,
      }),
    );
  }

  has(voiceId: string): boolean {
    return this.entries.has(voiceId);
  }

  /** BCP 47 tag of the voice's language, or null when the server does not offer the voice. */
  language(voiceId: string): string | null {
    return this.entries.get(voiceId)?.language ?? null;
  }

  /** What the voice says to introduce itself, or null for a voice not offered. */
  sampleText(voiceId: string): string | null {
    return this.entries.get(voiceId)?.sample ?? null;
  }

  /** Speaks `text` into `outputFile`; an unknown voice is a ValidationFailed (UNKNOWN_VOICE_MESSAGE). */
  async speak(request: SpeakRequest): Promise<SpokenNarration> {
    const entry = this.entries.get(request.voiceId);
    if (!entry) throw new ValidationFailed(UNKNOWN_VOICE_MESSAGE, 'voiceId');
    const { language } = entry;
    const text = request.text.trim();
    if (!text) return { file: null, durationSeconds: 0, words: [], language };
    request.signal?.throwIfAborted();
    const speed = Number.isFinite(request.speed)
      ? Math.min(VOICE_SPEED.max, Math.max(VOICE_SPEED.min, request.speed))
      : VOICE_SPEED.default;
    const spoken =
      entry.provider === 'offline'
        ? await speakOffline(entry.definition, text, speed, request, this.lengthRatios)
        : await speakInCloud(entry.service, entry.serviceVoice, language, text, speed, request);
    return { ...(await cutToFit(spoken, request)), language };
  }
}

/** The voices for this configuration: offline ones always, cloud ones whose service is set. */
export function createVoices(config: Pick<Config, 'speech'>, deps: VoicesDeps = {}): Voices {
  return new Voices(config.speech, deps);
}

function voiceFields(
  id: string,
  name: string,
  provider: VoiceProvider,
  language: { language: string; languageName: string },
): Voice {
  return {
    id,
    name,
    language: language.language,
    languageName: language.languageName,
    provider,
    sampleUrl: `/api/voices/${encodeURIComponent(id)}/sample`,
  };
}

/** The fastest a narration at `speed` may be made to fit: MAX_FIT_PACE, or faster if asked. */
const fastestPace = (speed: number) => Math.max(speed, MAX_FIT_PACE);

/**
 * espeak-ng in a preparation thread, at the pace its last narrations say will fit; still too
 * long, it speaks again at a higher rate (a few tries).
 */
async function speakOffline(
  voice: OfflineVoiceDefinition,
  text: string,
  speed: number,
  request: SpeakRequest,
  lengthRatios: Map<string, number>,
): Promise<Speech> {
  const wordCount = Math.max(1, wordsOf(text, voice.language).length);
  /** Seconds the words would take at `pace` with no pauses. */
  const plainSeconds = (pace: number) => (wordCount * 60) / (voice.wordsPerMinute * pace);
  const say = (pace: number) =>
    runPreparation(
      'synthesizeSpeech',
      {
        text,
        espeakVoice: voice.espeakVoice,
        wordsPerMinute: voice.wordsPerMinute * pace,
        outputFile: request.outputFile,
        language: voice.language,
      },
      { step: 'voice', signal: request.signal },
    );
  const limit = request.maxSeconds;
  let pace = speed;
  const ratio = lengthRatios.get(voice.id);
  if (limit !== undefined && ratio !== undefined) {
    const expected = plainSeconds(speed) * ratio;
    if (expected > limit) {
      pace = Math.min(fastestPace(speed), speed * (expected / limit) * FIT_MARGIN);
    }
  }
  let spoken = await say(pace);
  lengthRatios.set(voice.id, spoken.durationSeconds / plainSeconds(pace));
  for (let attempt = 0; attempt < FIT_ATTEMPTS; attempt++) {
    if (limit === undefined || spoken.durationSeconds <= limit) break;
    if (pace >= fastestPace(speed) - 1e-6) break;
    pace = Math.min(fastestPace(speed), pace * (spoken.durationSeconds / limit) * FIT_MARGIN);
    spoken = await say(pace);
    lengthRatios.set(voice.id, spoken.durationSeconds / plainSeconds(pace));
  }
  return spoken;
}

/**
 * A cloud voice: its audio decoded to WAV, words timed from its character times or, without them,
 * from its pauses; then sped up with atempo for what the service could not do (a speed outside
 * its range, or fitting the time).
 */
async function speakInCloud(
  service: CloudSpeechService,
  serviceVoice: string,
  language: string,
  text: string,
  speed: number,
  request: SpeakRequest,
): Promise<Speech> {
  const { outputFile, signal } = request;
  const download = `${outputFile}.download`;
  try {
    const answer = await service.speak({ voice: serviceVoice, text, speed, signal });
    await writeFile(download, answer.audio);
    const decoded = await decodeSpeech({ input: download, output: outputFile, signal });
    const words = wordsOf(text, language);
    const timed = answer.characters
      ? timeWordsFromCharacters({
          text,
          words,
          characters: answer.characters,
          durationSeconds: decoded.durationSeconds,
        })
      : timeWordsFromPauses({
          words,
          speech: speechBetweenSilences(decoded.pauses, decoded.durationSeconds),
          durationSeconds: decoded.durationSeconds,
        });
    const owed = speed / answer.appliedSpeed;
    const fastest = fastestPace(speed) / answer.appliedSpeed;
    const limit = request.maxSeconds;
    const needed = limit === undefined ? 1 : (decoded.durationSeconds / limit) * 1.01;
    const tempo = Math.max(owed, Math.min(fastest, needed));
    if (Math.abs(tempo - 1) < 1e-3)
      return { durationSeconds: decoded.durationSeconds, words: timed };
    const durationSeconds = await retimeSpeech({ file: outputFile, tempo, signal });
    return { durationSeconds, words: scaleWords(timed, 1 / tempo, durationSeconds) };
  } finally {
    await rm(download, { force: true });
  }
}

/**
 * Speech still longer than `maxSeconds` at its fastest is cut after the last word that ends in
 * time (with a short fade), and only the words before the cut are answered.
 */
async function cutToFit(
  spoken: Speech,
  request: SpeakRequest,
): Promise<Omit<SpokenNarration, 'language'>> {
  const limit = request.maxSeconds;
  if (limit === undefined || spoken.durationSeconds <= limit + 1e-3) {
    return { file: request.outputFile, ...spoken };
  }
  const kept = wordsWithin(spoken.words, limit);
  const last = kept.at(-1);
  if (!last) {
    await rm(request.outputFile, { force: true });
    return { file: null, durationSeconds: 0, words: [] };
  }
  const cutAtSeconds = Math.min(limit, last.end + CUT_TAIL_SECONDS);
  const durationSeconds = await retimeSpeech({
    file: request.outputFile,
    tempo: 1,
    cutAtSeconds,
    signal: request.signal,
  });
  return { file: request.outputFile, durationSeconds, words: kept };
}

/** The host name of a URL, or '' for one that does not parse. */
function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}
