// What Google's video APIs (Veo and Gemini Omni on the Gemini API, Veo on Vertex AI) share: reading
// a retired model and the replacement Google names out of an error answer, a 429's RetryInfo, the
// models get asked at start-up, and inline base64 videos carried as data: URLs until they are
// copied to our storage.
import { type ProviderHttpOptions, requestJson } from './http';
import { type ModelCheck, ProviderError } from './provider';

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
 * The wait a Google 429 asks for in its body (google.rpc.RetryInfo `retryDelay: "23s"`), which
 * the Gemini API sends in place of a Retry-After header; undefined when it names none.
 */
export function googleRetryDelayMs(body: unknown): number | undefined {
  const text = typeof body === 'string' ? body : JSON.stringify(body ?? '');
  const seconds = text.match(/"retryDelay"\s*:\s*"(\d+(?:\.\d+)?)s"/u)?.[1];
  return seconds === undefined ? undefined : Math.round(Number(seconds) * 1000);
}

/**
 * Runs a Google call that names `model`, reading what Google's error bodies say beyond the
 * status: "no longer available" becomes a retired error, and a 429 without Retry-After waits as
 * long as its RetryInfo asks.
 */
export async function withGoogleErrors<T>(
  model: string,
  call: Promise<T>,
  options: { unknownIsRetired?: boolean } = {},
): Promise<T> {
  try {
    return await call;
  } catch (error) {
    const retired = retiredModelError(error, model, options);
    if (retired) throw retired;
    if (
      error instanceof ProviderError &&
      error.details.status === 429 &&
      error.details.retryAfterMs === undefined
    ) {
      const retryAfterMs = googleRetryDelayMs(error.cause);
      if (retryAfterMs !== undefined) {
        throw new ProviderError(error.message, { ...error.details, retryAfterMs });
      }
    }
    throw error;
  }
}

/**
 * Asks a models get (Gemini API `models/{model}`, Vertex `publishers/google/models/{model}`)
 * whether `model` serves: 200 is available, 404 unknown, or retired when Google says so.
 * Anything else (a rejected key, an outage) is thrown as the ProviderError it is.
 */
export async function checkGoogleModel(
  url: string,
  model: string,
  init: RequestInit,
  http: ProviderHttpOptions,
): Promise<ModelCheck> {
  try {
    await requestJson(url, init, { ...http, what: 'video model' });
    return { state: 'available' };
  } catch (error) {
    if (!(error instanceof ProviderError) || error.details.status !== 404) throw error;
    const body = typeof error.cause === 'string' ? error.cause : '';
    const retirement = googleRetirement(404, body, model);
    if (retirement) return { state: 'retired', ...retirement };
    return {
      state: 'unknown',
      detail: googleErrorMessage(body) || `Google does not know the model ${model}.`,
    };
  }
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

/**
 * Fetches a finished video: a data: URL is decoded here; a link on the API's own host gets the
 * key (Google's file links …/files/{id}:download need it and redirect to the bytes); a link
 * anywhere else is fetched without it, so the key never leaves Google.
 */
export function fetchGoogleFile(
  outputUrl: string,
  options: {
    apiOrigin: string;
    headers: Record<string, string>;
    fetch?: typeof fetch;
    signal?: AbortSignal;
  },
): Promise<Response> {
  if (outputUrl.startsWith('data:')) return Promise.resolve(responseFromDataUrl(outputUrl));
  const send = options.fetch ?? globalThis.fetch;
  const sameHost = new URL(outputUrl).origin === options.apiOrigin;
  return send(outputUrl, {
    headers: sameHost ? options.headers : {},
    redirect: 'follow',
    signal: options.signal,
  });
}
