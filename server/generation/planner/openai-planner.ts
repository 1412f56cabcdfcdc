// Scene planner backed by any OpenAI-compatible chat endpoint (OpenAI, Gemini's compatible API,
// Ollama, vLLM): the model writes the storyboard (pictures, narration and shots), and its narration
// is checked against the rules the offline planner keeps (model-script.ts): the hook first, every
// sentence or its shortened form in order, list items kept, no directions, nothing cut
// mid-phrase, nothing past 8 s. An answer that breaks them is not used: the offline plan is, with
// a log line. A passing 429 or 5xx is tried again (p-retry, honouring Retry-After) instead of
// failing the video.
import { setTimeout as sleep } from 'node:timers/promises';
import pRetry from 'p-retry';
import { z } from 'zod';
import type { Storyboard, StoryboardScene } from '../../../shared/schemas/videos';
import { retryAfterMs } from '../../outbound/http';
import { clampText, isVoiced, type ScriptLines } from './local-planner';
import { markedScenes } from './markers';
import { checkModelSpeech } from './model-script';
import {
  captionOfNarration,
  NARRATION_CJK_CHARACTERS_PER_SECOND,
  NARRATION_MAX_SPEED,
  NARRATION_WORDS_PER_SECOND,
  sceneWordCapacity,
} from './narration';
import { planOfflineWithScript } from './offline-plan';
import type { PlanInput, Planner, PlannerLog } from './planner';
import { PLANNER_UNREACHABLE_MESSAGE, PlannerError } from './planner-error';

export const DEFAULT_PLANNER_TIMEOUT_MS = 30_000;
export const DEFAULT_PLANNER_RETRIES = 4;
const PROMPT_MAX = 2000;
const VISUAL_MAX = 2000;
const NARRATION_MAX = 1000;
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
  /** Where an answer that was not used is reported (default: the console's warnings). */
  log?: PlannerLog;
};

/** The longest Retry-After we honour: a member is waiting. */
const MAX_RETRY_AFTER_MS = 20_000;

export function createOpenAiPlanner(options: OpenAiPlannerOptions): Planner {
  const endpoint = `${options.baseUrl.trim().replace(/\/+$/u, '')}/chat/completions`;
  const send = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_PLANNER_TIMEOUT_MS;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  const log = options.log ?? { warn: (message: string) => console.warn(message) };

  return {
    name: 'openai-compatible',
    async plan(input, signal) {
      signal?.throwIfAborted();
      // The offline plan sets the scene count and title, says which lines the narration must
      // keep, and is the plan used when the model's answer breaks the rules.
      const { plan: local, script } = await planOfflineWithScript(input, signal);
      const body = {
        model: options.model,
        messages: [
          { role: 'system', content: systemPrompt(input.narrationLanguage) },
          { role: 'user', content: userMessage(input, local, script) },
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
      if (markedScenes(input.description) !== null) return withModelPictures(local, modelScenes);
      const checked = checkModelSpeech(modelScenes, script, local, {
        voiced: isVoiced(input),
        narrationLanguage: input.narrationLanguage,
      });
      if (!checked.ok) {
        log.warn(
          `scene planner (${options.model}): the answer was not used, the offline plan was: ${checked.reason}`,
        );
        return local;
      }
      return {
        title: local.title,
        scenes: local.scenes.map((fallback, index) => {
          const speech = checked.scenes[index];
          const scene = modelScenes[index];
          if (!speech || !scene) return fallback;
          return {
            ...pictureOf(scene, fallback, index),
            narration: speech.narration,
            caption: captionOfNarration(speech.narration),
            durationSeconds: speech.durationSeconds,
            speed: speech.speed,
            shots: speech.shots,
            overlay: speech.overlay,
          };
        }),
        omitted: checked.omitted,
      };
    },
  };
}

/**
 * The instructions: a JSON storyboard whose narration keeps the member's words (the hook, every
 * sentence in order, every list item, the call to action last), within each scene's words, cut
 * into shots, with everything only shown in the visual.
 */
export function systemPrompt(narrationLanguage?: string | null): string {
  const language = languageName(narrationLanguage);
  const cjk = /^(?:ja|zh|yue)\b/iu.test(narrationLanguage ?? '');
  const unit = cjk ? 'characters' : 'words';
  const typical = Math.floor(wordsOrCharacters(sceneWordCapacity(1, 3), cjk));
  return [
    'You are the storyboard writer of Reelforge, a service that turns a title and a description into a short narrated video of scenes of 3 to 8 seconds.',
    'Answer with one JSON object and nothing else, shaped exactly like {"scenes":[{"number":1,"narration":"...","shots":["...","..."],"visual":"...","prompt":"...","camera":"...","mood":"..."}]}.',
    'Write exactly the number of scenes asked for, numbered from 1, in story order.',
    `narration: what a text-to-speech voice says during the scene, word for word what the captions show, ${language ? `written in ${language}` : 'in the language of the description'}. Scene 1 opens with the "hook" given, when there is one. Then say every one of the member's "sentences", in their order and in their own words, spread over the scenes so that every scene speaks; keep every item of a list. A scene says at most its number in "${cjk ? 'charactersPerScene' : 'wordsPerScene'}" (about ${typical} ${unit}; the last scene a little less, for the end card). When the sentences do not all fit, first shorten sentences by leaving out only asides, parentheses and examples ("such as …", "like …", "for example …"), keeping each sentence's subject, verb and object in order; only when that is not enough, leave out whole sentences from the end, list items last. Never stop in the middle of a phrase. Never put directions in the narration: no camera moves, shots, lighting, music, sound, editing, style, aspect ratio, watermark or scene counts, and no labels such as "Film style:" or "About the brand:". The "callToAction" given is the very last line of the last scene, said as given.`,
    "shots: the scene's narration cut into phrases of about 4 to 10 words (2 to 4 seconds of speech), in order, at sentence, clause or phrase boundaries, never inside a word; joined together they are exactly the narration.",
    'visual: what the scene shows, for an image model, in English: the subject, the action, the setting, the camera, the light and the mood. All directions from the description go here.',
    'prompt: one self-contained paragraph of 50 to 120 words for a text-to-video model, in English: the subject, the action, the setting, the camera movement, the lighting, the mood and the frame (16:9 landscape or 9:16 portrait). Keep the same subject and look in every scene. Never ask for text, subtitles or logos in the frame.',
    "When the description marks its scenes ('Scene 1: … Scene 2: …'), scene N shows what marker N describes, in that order.",
    'camera: a short camera direction such as "slow push-in", "aerial drift", "tracking shot", "rack focus" or "orbit"; vary it between scenes.',
    'mood: two or three mood words such as "warm, hopeful".',
    'When the member supplied a reference image, every prompt and visual must keep its subject, colours and composition recognisable.',
  ].join('\n');
}

/** A word count as words, or as Japanese or Chinese characters (read at their own pace). */
function wordsOrCharacters(words: number, cjk: boolean): number {
  return cjk ? (words / NARRATION_WORDS_PER_SECOND) * NARRATION_CJK_CHARACTERS_PER_SECOND : words;
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

function userMessage(input: PlanInput, local: Storyboard, script: ScriptLines): string {
  const scenes = local.scenes.length;
  const cjk = /^(?:ja|zh|yue)\b/iu.test(input.narrationLanguage ?? '');
  const perScene = local.scenes.map((_, index) =>
    Math.floor(wordsOrCharacters(sceneWordCapacity(index, scenes), cjk)),
  );
  const lines = (kind: string) =>
    script.lines.filter((line) => line.kind === kind).map((line) => line.full);
  // JSON keeps the member's text clearly apart from our instructions.
  return `Plan this video as ${scenes} scene${scenes === 1 ? '' : 's'} of 3 to 8 seconds.\n${JSON.stringify(
    {
      title: input.title,
      description: input.description,
      hook: lines('hook')[0] ?? null,
      sentences: script.lines
        .filter((line) => line.kind === 'sentence' || line.kind === 'item')
        .map((line) => (line.kind === 'item' ? { listItem: line.full } : line.full)),
      callToAction: lines('closing')[0] ?? null,
      scenes,
      frame: input.aspectRatio === 'portrait' ? 'portrait 9:16' : 'landscape 16:9',
      referenceImage: input.hasSourceImage,
      narrationLanguage: languageName(input.narrationLanguage) ?? 'the language of the description',
      [cjk ? 'charactersPerScene' : 'wordsPerScene']: perScene,
      fastestSpeechFactor: NARRATION_MAX_SPEED,
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

/** Phrases as a list of strings; anything else is absent (the offline cut is used). */
const shotTexts = z
  .array(z.union([z.string(), z.object({ text: z.string() }).transform(({ text }) => text)]))
  .max(40)
  .optional()
  .catch(undefined);

const modelSceneSchema = z
  .object({
    narration: looseText,
    shots: shotTexts,
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
  /** The model's narration, or (an answer in the old shape) its caption; '' when neither. */
  narration: string;
  shots?: string[];
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
    const { prompt, visual, narration, caption, shots, camera, mood } = parsed.data;
    if (!prompt || !visual) return null;
    return {
      prompt,
      visual,
      narration: clampText(narration || caption || '', NARRATION_MAX),
      shots,
      camera,
      mood,
    } satisfies ModelScene;
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

/** The model's pictures for a scene (prompt, visual, camera, mood), lengths clamped. */
function pictureOf(scene: ModelScene, fallback: StoryboardScene, index: number) {
  return {
    number: index + 1,
    prompt: clampText(scene.prompt, PROMPT_MAX),
    visual: clampText(scene.visual, VISUAL_MAX),
    camera: clampText(scene.camera || fallback.camera, CAMERA_MAX),
    mood: clampText(scene.mood || fallback.mood, MOOD_MAX),
  };
}

/**
 * Marked scenes: the member said what each scene holds, so the offline plan's speech (their own
 * words, scene by scene) stays, and the model gives the pictures of the scenes it wrote.
 */
function withModelPictures(local: Storyboard, model: (ModelScene | null)[]): Storyboard {
  return {
    ...local,
    scenes: local.scenes.map((fallback, index) => {
      const scene = model[index];
      return scene ? { ...fallback, ...pictureOf(scene, fallback, index) } : fallback;
    }),
  };
}
