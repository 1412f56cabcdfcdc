// The offline voice's CPU-heavy step, run in the preparation threads (render-threads/) and
// declared into their task list here, beside the code it runs.
import { type SpeechSynthesisInput, synthesizeSpeech } from './espeak-synthesis';

export const VOICE_PREPARATION_TASKS = {
  /** The offline voice (espeak-ng): a narration into a WAV file, with its words' timings. */
  synthesizeSpeech: (input: SpeechSynthesisInput) => synthesizeSpeech(input),
};

type VoicePreparationTasks = typeof VOICE_PREPARATION_TASKS;

declare module '../render-threads/preparation-pool' {
  interface PreparationTasks extends VoicePreparationTasks {}
}
