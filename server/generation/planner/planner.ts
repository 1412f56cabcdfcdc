// The scene planner seam: title + description -> a storyboard of 8-second scenes (`ScenePlan`).
// The worker builds one planner from configuration and calls plan() once per video request.
import type { ScenePlan } from '../../../shared/schemas/videos';
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
};

export interface Planner {
  /** 'local' or 'openai-compatible', for logs. */
  readonly name: string;
  /** Rejects with a PlannerError (readable message) or, when `signal` aborts, its reason. */
  plan(input: PlanInput, signal?: AbortSignal): Promise<ScenePlan>;
}

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
