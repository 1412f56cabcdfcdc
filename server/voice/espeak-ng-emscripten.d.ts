// Types for the parts of @echogarden/espeak-ng-emscripten we call (the package ships none).
declare module '@echogarden/espeak-ng-emscripten' {
  /** One synthesis event; positions are 1-based code points of the text, audio in milliseconds. */
  export type EspeakEvent = {
    type: 'sentence' | 'word' | 'end' | 'phoneme' | 'mark' | 'play' | 'samplerate' | string;
    text_position: number;
    word_length: number;
    audio_position: number;
    id?: number | string;
  };

  export type EspeakVoiceInfo = {
    name: string;
    identifier: string;
    languages: Array<{ priority: number; name: string }>;
  };

  export class eSpeakNGWorker {
    /** 0 when the voice was found; an espeak error code (2: not found) otherwise. */
    set_voice(name: string): number;
    set_rate(wordsPerMinute: number): void;
    set_pitch(pitch: number): void;
    set_range(range: number): void;
    readonly samplerate: number;
    list_voices(): EspeakVoiceInfo[];
    /** Calls back with 16-bit mono samples and their events; returning true stops synthesis. */
    synthesize(
      text: string,
      onAudio: (samples: Int16Array | null, events: EspeakEvent[]) => boolean | undefined,
    ): void;
  }

  export type EspeakModule = { eSpeakNGWorker: typeof eSpeakNGWorker };

  export default function init(): Promise<EspeakModule>;
}
