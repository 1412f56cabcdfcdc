// Scene planner backed by any OpenAI-compatible chat endpoint (OpenAI, Gemini's compatible API,
// Ollama, vLLM): the model writes the storyboard, we check it and normalise it to exactly N scenes,
// filling whatever the model left out from the local planner so a plan is always complete. A
// passing 429 or 5xx is tried again (p-retry, honouring Retry-After) instead of failing the video.
// The model's narration goes through the same direction filter and word budget as the local
// planner's (narration.ts): a model can disobey, the voice cannot run past its scene.
import { setTimeout as sleep } from 'node:timers/promises';
import pRetry from 'p-retry';
import { z } from 'zod';
import { SECONDS_PER_SCENE } from '../../../shared/plans';
import type { PlannedScene } from '../../../shared/schemas/videos';
import { retryAfterMs } from '../providers/http';
import { clampText, markedScenes } from './local-planner';
import {
  captionOfNarration,
  NARRATION_BREATHING_SECONDS,
  NARRATION_CJK_CHARACTERS_PER_SECOND,
  narrationWordBudget,
  shortenNarration,
  splitNarrationAndVisual,
} from './narration';
import { planOffline } from './offline-plan';
import type { PlanInput, Planner } from './planner';
import { PLANNER_UNREACHABLE_MESSAGE, PlannerError } from './planner-error';

export const DEFAULT_PLANNER_TIMEOUT_MS = 30_000;
export const DEFAULT_PLANNER_RETRIES = 4;
const PROMPT_MAX = 2000;
const VISUAL_MAX = 2000;
const SCENE_WORDS = narrationWordBudget(SECONDS_PER_SCENE);
const CAMERA_MAX = 60;
const MOOD_MAX = 80;

export const PLANNER_MESSAGES = {
  http: (status: number) => `The scene planner is unavailable (HTTP ${status}). Please try again.`,
  timeout: 'The scene planner took too long to answer. Please try again.',
  unreachable: PLANNER_UNREACHABLE_MESSAGE,
  unreadable: 'The scene planner returned a plan we could not read. Please try again.',
} as const;

export type OpenAiPlannerOptions = {
  /** e.g. https://api.openai.com/v1 or http://localhost:11434/v1 (a trailing slash is fine). */
  baseUrl: string;
  apiKey: string | null;
  model: string;
  fetch?: typeof fetch;
  /** Per attempt. */
  timeoutMs?: number;
  /** Attempts after the first when the endpoint fails for a passing reason (429, 5xx, network). */
  retries?: number;
  /** The first wait between attempts; each next one doubles (with jitter). */
  minRetryDelayMs?: number;
};

/** The longest Retry-After we honour: a member is waiting. */
const MAX_RETRY_AFTER_MS = 20_000;

export function createOpenAiPlanner(options: OpenAiPlannerOptions): Planner {
  const endpoint = `${options.baseUrl.trim().replace(/\/+$/u, '')}/chat/completions`;
  const send = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_PLANNER_TIMEOUT_MS;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;

  return {
    name: 'openai-compatible',
    async plan(input, signal) {
      signal?.throwIfAborted();
      // The local plan sets the scene count and title, and fills any scene the model leaves out.
      const local = await planOffline(input, signal);
      const body = {
        model: options.model,
        messages: [
          { role: 'system', content: systemPrompt(input.narrationLanguage) },
          { role: 'user', content: userMessage(input, local.scenes.length) },
        ],
        temperature: 0.7,
        response_format: { type: 'json_object' },
      };
      const attempt = async () => {
        const timeout = AbortSignal.timeout(timeoutMs);
        const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
        try {
          const response = await send(endpoint, {
            method: 'POST',
            headers,
            body: JSON.stringify(body),
            signal: combined,
          });
          if (!response.ok) {
            await response.body?.cancel().catch(() => {});
            throw new PlannerError(PLANNER_MESSAGES.http(response.status), {
              status: response.status,
              retryAfterMs: retryAfterMs(response.headers.get('retry-after')) ?? null,
            });
          }
          return await response.text();
        } catch (error) {
          if (error instanceof PlannerError) throw error;
          if (signal?.aborted) throw signal.reason;
          if (timeout.aborted) throw new PlannerError(PLANNER_MESSAGES.timeout, { cause: error });
          throw new PlannerError(PLANNER_MESSAGES.unreachable, { cause: error });
        }
      };

      // A passing 429 or 503 is waited out (after Retry-After when the answer gives one) rather
      // than failing the member's video; a timeout or any other answer fails at once.
      const text = await pRetry(attempt, {
        retries: options.retries ?? DEFAULT_PLANNER_RETRIES,
        minTimeout: options.minRetryDelayMs ?? 500,
        factor: 2,
        randomize: true,
        signal,
        shouldRetry: ({ error }) => error instanceof PlannerError && error.transient,
        onFailedAttempt: async ({ error }) => {
          const wait = error instanceof PlannerError ? error.retryAfterMs : null;
          if (wait && error instanceof PlannerError && error.transient) {
            await sleep(Math.min(wait, MAX_RETRY_AFTER_MS), undefined, { signal });
          }
        },
      });

      const modelScenes = readScenes(text);
      // Scenes the member marked ('Scene 1: …') are narrated in the member's words, not the model's.
      const ownWords = markedScenes(input.description) !== null;
      return {
        title: local.title,
        scenes: normaliseScenes(modelScenes, local.scenes, ownWords),
      };
    },
  };
}

/**
 * The instructions: a JSON storyboard whose narration is spoken by a voice (in the voice's
 * language, within the scene's words) and whose visual carries everything that is only shown.
 */
export function systemPrompt(narrationLanguage?: string | null): string {
  const language = languageName(narrationLanguage);
  const cjk = /^(?:ja|zh|yue)\b/iu.test(narrationLanguage ?? '');
  const length = cjk
    ? `at most ${Math.floor((SECONDS_PER_SCENE - NARRATION_BREATHING_SECONDS) * NARRATION_CJK_CHARACTERS_PER_SECOND)} characters`
    : `at most ${SCENE_WORDS} words`;
  return [
    'You are the storyboard writer of Reelforge, a service that turns a title and a description into a short video made of 8-second scenes.',
    'Answer with one JSON object and nothing else, shaped exactly like {"scenes":[{"number":1,"narration":"...","visual":"...","prompt":"...","camera":"...","mood":"..."}]}.',
    'Write exactly the number of scenes asked for, numbered from 1, in story order: a hook first, the payoff last.',
    `narration: what a text-to-speech voice says during the scene and what the captions show word by word, ${language ? `written in ${language}` : 'in the language of the description'}, ${length} per scene so it fits the 8 seconds at a natural pace. Use the member's own sentences where possible, in their order. Never put directions in the narration: no camera moves, shots, lighting, music, sound, editing, style, aspect ratio, watermark or scene counts, and no labels such as "Film style:" or "About the brand:". A call to action in the description belongs at the end of the last scene.`,
    'visual: what the scene shows, for an image model, in English: the subject, the action, the setting, the camera, the light and the mood. All directions from the description go here.',
    'prompt: one self-contained paragraph of 50 to 120 words for a text-to-video model, in English: the subject, the action, the setting, the camera movement, the lighting, the mood and the frame (16:9 landscape or 9:16 portrait). Keep the same subject and look in every scene. Never ask for text, subtitles or logos in the frame.',
    "When the description marks its scenes ('Scene 1: … Scene 2: …'), scene N shows what marker N describes, in that order.",
    'camera: a short camera direction such as "slow push-in", "aerial drift", "tracking shot", "rack focus" or "orbit"; vary it between scenes.',
    'mood: two or three mood words such as "warm, hopeful".',
    'When the member supplied a reference image, every prompt and visual must keep its subject, colours and composition recognisable.',
  ].join('\n');
}

const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });

/** 'ja' → 'Japanese', 'pt-BR' → 'Brazilian Portuguese'; the tag itself when unknown. */
export function languageName(tag: string | null | undefined): string | null {
  const trimmed = tag?.trim();
  if (!trimmed) return null;
  try {
    return languageNames.of(trimmed) ?? trimmed;
  } catch {
    // Not a well-formed BCP 47 tag: the model may still understand it.
    return trimmed;
  }
}

function userMessage(input: PlanInput, scenes: number): string {
  // JSON keeps the member's text clearly apart from our instructions.
  return `Plan this video as ${scenes} scene${scenes === 1 ? '' : 's'} of ${SECONDS_PER_SCENE} seconds.\n${JSON.stringify(
    {
      title: input.title,
      description: input.description,
      scenes,
      frame: input.aspectRatio === 'portrait' ? 'portrait 9:16' : 'landscape 16:9',
      referenceImage: input.hasSourceImage,
      narrationLanguage: languageName(input.narrationLanguage) ?? 'the language of the description',
      narrationWordsPerScene: SCENE_WORDS,
    },
    null,
    2,
  )}`;
}

// --- Reading the answer ------------------------------------------------------------------------

const completionSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({
          // Some compatible servers send content parts instead of one string.
          content: z.union([z.string(), z.array(z.object({ text: z.string().optional() }))]),
        }),
      }),
    )
    .min(1),
});

/** A string, or a list of strings (some models list mood words), trimmed; anything else is absent. */
const looseText = z
  .union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))])
  .transform((value) => (Array.isArray(value) ? value.join(', ') : String(value)).trim())
  .optional()
  .catch(undefined);

const modelSceneSchema = z
  .object({
    narration: looseText,
    visual: looseText,
    prompt: looseText,
    description: looseText,
    caption: looseText,
    camera: looseText,
    mood: looseText,
  })
  // Some models name the video prompt "description"; prompt and visual stand in for each other.
  .transform(({ prompt, description, visual, ...rest }) => {
    const shown = prompt || description || visual;
    return { ...rest, prompt: shown, visual: visual || shown };
  });

type ModelScene = {
  prompt: string;
  visual: string;
  narration?: string;
  caption?: string;
  camera?: string;
  mood?: string;
};

/** The model's scenes in order; an unusable entry is null. Throws when nothing is usable. */
function readScenes(text: string): (ModelScene | null)[] {
  const completion = completionSchema.safeParse(parseJson(text));
  if (!completion.success) throw new PlannerError(PLANNER_MESSAGES.unreadable);
  const content = completion.data.choices[0]?.message.content ?? '';
  const joined =
    typeof content === 'string' ? content : content.map((part) => part.text ?? '').join('');
  const entries = sceneEntries(parseJson(extractJson(joined)));
  const scenes = entries.map((entry) => {
    const parsed = modelSceneSchema.safeParse(entry);
    if (!parsed.success) return null;
    const { prompt, visual } = parsed.data;
    if (!prompt || !visual) return null;
    return { ...parsed.data, prompt, visual } satisfies ModelScene;
  });
  if (!scenes.some(Boolean)) throw new PlannerError(PLANNER_MESSAGES.unreadable);
  return scenes;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Takes the JSON out of an answer that wraps it in ```json fences, reasoning or prose. */
function extractJson(content: string): string {
  const withoutThinking = content.replace(/<think>[\s\S]*?<\/think>/giu, '').trim();
  const fenced = /```(?:json)?\s*([\s\S]*?)```/iu.exec(withoutThinking);
  const candidate = (fenced?.[1] ?? withoutThinking).trim();
  if (parseJson(candidate) !== undefined) return candidate;
  const start = candidate.search(/[[{]/u);
  const end = Math.max(candidate.lastIndexOf('}'), candidate.lastIndexOf(']'));
  return start >= 0 && end > start ? candidate.slice(start, end + 1) : candidate;
}

/** `{scenes: [...]}` as asked; also a bare array or one other array-valued key, as models do. */
function sceneEntries(json: unknown): unknown[] {
  if (Array.isArray(json)) return json;
  if (json && typeof json === 'object') {
    const record = json as Record<string, unknown>;
    if (Array.isArray(record.scenes)) return record.scenes;
    const values = Object.values(record);
    const list = values.find(Array.isArray);
    if (list) return list;
    for (const value of values) {
      if (
        value &&
        typeof value === 'object' &&
        Array.isArray((value as { scenes?: unknown }).scenes)
      ) {
        return (value as { scenes: unknown[] }).scenes;
      }
    }
  }
  throw new PlannerError(PLANNER_MESSAGES.unreadable);
}

/**
 * Exactly as many scenes as the local plan: extras dropped, gaps filled, lengths clamped. The
 * narration is the model's (or, from an answer in the old shape, its caption) with directions
 * taken out and cut to the scene's words; a scene the model gave no words keeps the local
 * planner's, and one whose words were all directions is silent, except scene 1, which always
 * speaks.
 */
function normaliseScenes(
  model: (ModelScene | null)[],
  local: PlannedScene[],
  ownWords: boolean,
): PlannedScene[] {
  return local.map((fallback, index) => {
    const scene = model[index];
    if (!scene) return fallback;
    const written = scene.narration || scene.caption;
    let narration = fallback.narration;
    if (!ownWords && written) {
      const spoken = shortenNarration(splitNarrationAndVisual(written).narration, SCENE_WORDS);
      narration = spoken || (index === 0 ? fallback.narration : '');
    }
    return {
      number: index + 1,
      prompt: clampText(scene.prompt, PROMPT_MAX),
      narration,
      visual: clampText(scene.visual, VISUAL_MAX),
      caption: captionOfNarration(narration ?? ''),
      camera: clampText(scene.camera || fallback.camera, CAMERA_MAX),
      mood: clampText(scene.mood || fallback.mood, MOOD_MAX),
      durationSeconds: SECONDS_PER_SCENE,
    };
  });
}
