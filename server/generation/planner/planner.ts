// The scene planner seam: title + description -> a storyboard (`Storyboard`): scenes of 3–8 s, each
// with what the voice says and its shots. The worker builds one planner from configuration and
// calls plan() once per video request.
import type { Storyboard } from '../../../shared/schemas/videos';
import { createLocalPlanner } from './offline-plan';
import { createOpenAiPlanner } from './openai-planner';

export { PlannerError } from './planner-error';

export type PlanInput = {
  title: string;
  description: string;
  /** 1..4; the plan always holds exactly this many scenes (out-of-range values are clamped). */
  scenes: number;
  aspectRatio: 'landscape' | 'portrait';
  hasSourceImage: boolean;
  /**
   * BCP 47 tag of the voice's language (e.g. 'en-US', 'ja'): a planner that writes narration
   * writes it in this language. Null or omitted: no voice, narration in the prompt's language.
   */
  narrationLanguage?: string | null;
  /**
   * Whether a voice speaks the video: scenes then last as long as their speech (3–8 s) and every
   * scene speaks; without one, scenes keep 8 s and the narration is only captions. Omitted: a
   * voice when `narrationLanguage` is set.
   */
  voiced?: boolean;
  /**
   * A Creator Engine run: its title names the job ("Daily bean spotlight #3"), so it is not
   * spoken as the hook; the brief's first line opens instead. Omitted: a title ending "#n".
   */
  engineRun?: boolean;
};

export interface Planner {
  /** 'local' or 'openai-compatible', for logs. */
  readonly name: string;
  /** Rejects with a PlannerError (readable message) or, when `signal` aborts, its reason. */
  plan(input: PlanInput, signal?: AbortSignal): Promise<Storyboard>;
}

/** Where a planner says what it did not use (a model's answer that broke the rules). */
export type PlannerLog = { warn: (message: string) => void };

export type PlannerConfig = {
  llmBaseUrl: string | null;
  llmApiKey: string | null;
  llmModel: string;
};

/** An OpenAI-compatible planner when `llmBaseUrl` is set, else the offline local planner. */
export function createPlanner(
  config: PlannerConfig,
  deps: {
    fetch?: typeof fetch;
    timeoutMs?: number;
    retries?: number;
    minRetryDelayMs?: number;
    log?: PlannerLog;
  } = {},
): Planner {
  const baseUrl = config.llmBaseUrl?.trim();
  if (!baseUrl) return createLocalPlanner();
  return createOpenAiPlanner({
    baseUrl,
    apiKey: config.llmApiKey?.trim() || null,
    model: config.llmModel,
    ...deps,
  });
}
