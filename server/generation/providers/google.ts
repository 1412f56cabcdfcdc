// What Google's video APIs share in their words and shapes: a retired model and the replacement
// Google names in an error answer, a 429's RetryInfo, Veo's request and finished operation (the
// same on the Gemini API and Vertex AI), and inline base64 videos carried as data: URLs until they
// are copied to our storage. The HTTP calls themselves are google-client.ts's.
import { failedResult } from './http';
import { type PollResult, ProviderError, type SceneJob } from './provider';

/**
 * Google's wording when a model id has been shut down. The Gemini API answers 404 "… is no longer
 * available" for the Veo 3.1 previews since 22 October 2026; older retirements said "deprecated",
 * "shut down" or "discontinued".
 */
const RETIRED_WORDS =
  /no longer (?:available|supported|served|offered)|(?:has been|was|been) (?:shut ?down|retired|discontinued|deprecated|turned off)|\bis deprecated\b|\bdiscontinued\b/iu;

/** Words Google uses when its responsible-AI filters turn a prompt, an image or a video down. */
export const GOOGLE_SAFETY_WORDS = /safety|policy|responsible|prohibited|blocked|sensitive/iu;

/** A model id as Google spells them: lower-case words, digits and dots joined by hyphens. */
const MODEL_ID = '[a-z][a-z0-9]*(?:[.-][a-z0-9]+)+';

/**
 * Where a message names the model to move to: "use X instead", "switch to X", "migrate to X",
 * "replaced by X", "recommended replacement: X", with or without quotes and a models/ prefix.
 */
const REPLACEMENT = new RegExp(
  String.raw`(?:\buse|\bswitch(?:ing)? to|\bmigrat(?:e|ing) to|\bmove to|\bupgrade to|\breplaced (?:by|with)|\breplacement(?: model)?(?: is|:)?)\s+(?:the\s+)?(?:model\s+)?[\x60'"]?(?:models/)?(${MODEL_ID})`,
  'iu',
);

/** A retired model, as Google's answer describes it. */
export type Retirement = { detail: string; replacement?: string };

/**
 * The `error.message` of a Google error body (google.rpc.Status as JSON), or the text itself when
 * the body is not JSON: every Google API answers `{error: {code, message, status}}`.
 */
export function googleErrorMessage(body: unknown): string {
  if (typeof body === 'string') {
    try {
      return googleErrorMessage(JSON.parse(body));
    } catch {
      // Cut short (a cause keeps 500 characters) or not JSON: its message field, else all of it.
      return body.match(/"message"\s*:\s*"((?:[^"\\]|\\.)*)/u)?.[1] ?? body;
    }
  }
  if (body && typeof body === 'object') {
    const error = (body as { error?: unknown }).error;
    if (typeof error === 'string') return error;
    if (error && typeof error === 'object') {
      const message = (error as { message?: unknown }).message;
      if (typeof message === 'string') return message;
    }
    const message = (body as { message?: unknown }).message;
    if (typeof message === 'string') return message;
  }
  return '';
}

/** The model a message tells us to move to, when it names one other than `model`. */
export function modelReplacement(message: string, model?: string): string | undefined {
  const named = message.match(REPLACEMENT)?.[1]?.replace(/\.$/u, '');
  return named && named !== model ? named : undefined;
}

/**
 * A Google answer that says the model is retired (404 or 410 with Google's retirement wording),
 * with the replacement it names; null for any other answer, a plain "not found" too: an
 * operation or a file can be not found without its model being gone. A 400 is left alone: it
 * says "deprecated" of request fields as well.
 */
export function googleRetirement(status: number, body: unknown, model?: string): Retirement | null {
  if (status !== 404 && status !== 410) return null;
  const message = googleErrorMessage(body);
  if (!RETIRED_WORDS.test(message)) return null;
  return { detail: message, replacement: modelReplacement(message, model) };
}

/** What an operator and a member read when Google has retired the model we asked for. */
export function retiredMessage(model: string, replacement?: string): string {
  const next = replacement ? ` Google names ${replacement} as its replacement.` : '';
  return `The video model ${model} is no longer available from Google.${next}`;
}

/**
 * The retired-model ProviderError for `error` when it is Google saying `model` is gone, or null.
 * `unknownIsRetired`: the call named the model itself (a submission), so a 404 whose message names
 * the model means it does not serve at all, which fails, alerts and falls back the same way.
 */
export function retiredModelError(
  error: unknown,
  model: string,
  options: { unknownIsRetired?: boolean } = {},
): ProviderError | null {
  if (!(error instanceof ProviderError) || error.details.status === null) return null;
  const status = error.details.status;
  // requestJson keeps the answer's text (keys taken out) as the error's cause.
  const body = typeof error.cause === 'string' ? error.cause : '';
  const message = googleErrorMessage(body);
  // A bare 404 (a wrong base URL, say) names no model: only one that names ours counts.
  const retirement =
    googleRetirement(status, body, model) ??
    (options.unknownIsRetired && status === 404 && message.includes(model)
      ? { detail: message }
      : null);
  if (!retirement) return null;
  return new ProviderError(retiredMessage(model, retirement.replacement), {
    status,
    transient: false,
    retired: true,
    cause: retirement.detail,
  });
}

/**
 * The seconds a Google error body's RetryInfo asks to wait (google.rpc.RetryInfo
 * `retryDelay: "23s"`), as written; undefined when it names none.
 */
export function retryDelaySeconds(text: string): number | undefined {
  const seconds = text.match(/"retryDelay"\s*:\s*"(\d+(?:\.\d+)?)s"/u)?.[1];
  return seconds === undefined ? undefined : Number(seconds);
}

/**
 * The wait a Google 429 asks for in its body, which the Gemini API sends in place of a
 * Retry-After header, in whole milliseconds; undefined when it names none.
 */
export function googleRetryDelayMs(body: unknown): number | undefined {
  const seconds = retryDelaySeconds(typeof body === 'string' ? body : JSON.stringify(body ?? ''));
  return seconds === undefined ? undefined : Math.round(seconds * 1000);
}

/**
 * Veo's predictLongRunning body, the same on the Gemini API and Vertex AI: the prompt, the
 * member's image as bytesBase64Encoded + mimeType (what the @google/genai SDK sends; the Gemini API
 * answers 400 "`inlineData` isn't supported by this model"), 16:9 or 9:16, 8 s at 720p. `extra`
 * parameters go between the length and the resolution.
 */
export function veoRequest(job: SceneJob, extra: Record<string, unknown> = {}) {
  const instance: Record<string, unknown> = { prompt: job.prompt };
  if (job.image) {
    instance.image = {
      bytesBase64Encoded: job.image.data.toString('base64'),
      mimeType: job.image.mimeType,
    };
  }
  return {
    instances: [instance],
    parameters: {
      aspectRatio: job.aspectRatio === 'portrait' ? '9:16' : '16:9',
      durationSeconds: 8,
      ...extra,
      resolution: '720p',
    },
  };
}

/** Google's responsible-AI filter's account of a Veo operation's videos it held back. */
type VeoFiltered = { raiMediaFilteredCount?: number; raiMediaFilteredReasons?: string[] };

/**
 * A Veo operation, as both APIs answer it: running until done; done with an error, failed
 * (refused when Google's message speaks of safety); done with a video, succeeded; done without
 * one, held back by Google's responsible-AI filter. Its reasons stay in the log: they can quote
 * the prompt or name policies, not words for a member. `label` names the API there; `done` reads
 * a finished operation's video and filter, which each API keeps in its own place.
 */
export function readVeoOperation(
  label: string,
  operation: { done?: boolean; error?: { code?: number; message?: string } },
  done: () => { outputUrl?: string; filtered?: VeoFiltered },
): PollResult {
  if (!operation.done) return { state: 'running' };
  if (operation.error) {
    const message = operation.error.message ?? '';
    const detail = `${label} error ${operation.error.code ?? '?'}: ${message}`;
    return failedResult(GOOGLE_SAFETY_WORDS.test(message), detail);
  }
  const { outputUrl, filtered } = done();
  if (outputUrl) return { state: 'succeeded', outputUrl };
  const reasons = filtered?.raiMediaFilteredReasons?.join(' ') ?? '';
  const count = filtered?.raiMediaFilteredCount ?? 0;
  return failedResult(true, `${label} filtered ${count} video(s). ${reasons}`.trim());
}

/** An inline base64 video as a data: URL, so it travels as a poll's outputUrl. */
export function dataUrl(base64: string, mimeType: string): string {
  return `data:${mimeType || 'video/mp4'};base64,${base64}`;
}

/** The bytes of a base64 data: URL as a Response, as if it had been downloaded. */
export function responseFromDataUrl(url: string): Response {
  const comma = url.indexOf(',');
  const header = url.slice('data:'.length, comma);
  if (comma < 0 || !header.endsWith(';base64')) {
    return new Response('not a base64 data: URL', { status: 422 });
  }
  const bytes = Buffer.from(url.slice(comma + 1), 'base64');
  return new Response(bytes, {
    status: 200,
    headers: {
      'content-type': header.slice(0, -';base64'.length) || 'application/octet-stream',
      'content-length': String(bytes.length),
    },
  });
}
