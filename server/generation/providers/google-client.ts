// Google's HTTP client, shared by the Veo, Vertex Veo, Gemini Omni and Gemini image adapters.
// One place for what every call to Google does: its auth headers (an API key in x-goog-api-key on
// the Gemini API, a service account's Bearer token on Vertex AI), a 400 that speaks of safety read
// as a refusal, Google's error bodies read on calls that name the model (a retired model, a 429's
// RetryInfo), the models get asked at start-up, and file links that need the key.

import { trimSlash } from '../../outbound/http';
import {
  GOOGLE_SAFETY_WORDS,
  googleErrorMessage,
  googleRetirement,
  googleRetryDelayMs,
  responseFromDataUrl,
  retiredModelError,
} from './google';
import { type ProviderHttpOptions, REFUSED_MESSAGE, requestJson } from './http';
import { type ModelCheck, ProviderError } from './provider';

/** The Gemini API, where Veo, Gemini Omni and Gemini's image models answer to an API key. */
export const GEMINI_API_BASE_URL = 'https://generativelanguage.googleapis.com/v1beta';

/** The headers that authorize a call; `json` adds the content type of a JSON body. */
export type GoogleAuth = (
  json: boolean,
) => Record<string, string> | Promise<Record<string, string>>;

type RequestOptions = Parameters<typeof requestJson>[2];

/** One call: RequestInit without headers (the client's auth sets them), and how to read it. */
type GoogleCall = Omit<RequestInit, 'headers'> & {
  /** Names the call in messages ("video model", "job"). */
  what: string;
  /** The JSON content-type header goes too (every Veo and Vertex call sends it, a GET too). */
  json?: boolean;
  timeoutMs?: number;
};

/** The Gemini API's key, in its header: never in a URL, where an access log would keep it. */
export function geminiKeyAuth(apiKey: string): GoogleAuth {
  const keyHeader = { 'x-goog-api-key': apiKey };
  const jsonHeaders = { ...keyHeader, 'content-type': 'application/json' };
  return (json) => (json ? jsonHeaders : keyHeader);
}

export function createGoogleClient(
  options: ProviderHttpOptions & { base: string; model: string; auth: GoogleAuth },
) {
  const { base, model, auth } = options;
  // The headers are awaited before the call is sent, so a failed token exchange is thrown as it
  // is, never read as one of Google's API answers.
  const prepare = async (call: GoogleCall): Promise<[RequestInit, RequestOptions]> => {
    const { what, json, timeoutMs, ...init } = call;
    const headers = await auth(json === true);
    const timeout = timeoutMs ?? options.timeoutMs;
    return [
      { ...init, headers },
      { fetch: options.fetch, timeoutMs: timeout, what, refusal: googleRefusal },
    ];
  };

  /**
   * A call that names the model (a submission, a poll of its operation): "no longer available"
   * is a retired model, and a 429 without Retry-After waits as long as its RetryInfo asks.
   * `unknownIsRetired`: the call named the model itself, so a 404 naming it means it is gone.
   */
  const modelCall = async <T>(
    url: string,
    call: GoogleCall & { unknownIsRetired?: boolean },
  ): Promise<T> => {
    const { unknownIsRetired, ...rest } = call;
    const [init, how] = await prepare(rest);
    return withGoogleErrors(model, requestJson<T>(url, init, how), { unknownIsRetired });
  };

  return {
    base,
    model,
    auth,
    /** A call about a job or a file, whose 404 says nothing about the model. */
    async call<T>(url: string, call: GoogleCall): Promise<T> {
      return requestJson<T>(url, ...(await prepare(call)));
    },
    modelCall,
    /**
     * A submission: `body` as JSON to a method of the model, which names the model itself, so a
     * 404 that names it means the model is gone as much as "no longer available" does.
     */
    async submit<T>(url: string, body: unknown, signal?: AbortSignal): Promise<T> {
      const call = { method: 'POST', body: JSON.stringify(body), signal, what: 'video model' };
      return modelCall<T>(url, { ...call, json: true, unknownIsRetired: true });
    },
    /**
     * Asks a models get (Gemini API `models/{model}`, Vertex `publishers/google/models/{model}`)
     * whether the model serves: 200 is available, 404 unknown, or retired when Google says so.
     * Anything else (a rejected key, an outage) is thrown as the ProviderError it is.
     */
    async checkModel(url: string, signal?: AbortSignal): Promise<ModelCheck> {
      const init = { headers: await auth(false), signal };
      try {
        await requestJson(url, init, {
          fetch: options.fetch,
          timeoutMs: options.timeoutMs,
          what: 'video model',
        });
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
    },
  };
}

/**
 * The Gemini API's client for a video model: the key in its header, `{base}/models/{model}` as
 * the model's own URL, and finished videos fetched as Google serves them (fetchFile).
 */
export function createGeminiApiClient(
  options: ProviderHttpOptions & { apiKey: string; baseUrl?: string | null; model: string },
) {
  const base = trimSlash(options.baseUrl ?? GEMINI_API_BASE_URL);
  const auth = geminiKeyAuth(options.apiKey);
  const apiOrigin = new URL(base).origin;
  const client = createGoogleClient({ ...options, base, auth });
  return {
    ...client,
    modelUrl: `${base}/models/${encodeURIComponent(options.model)}`,
    /**
     * A finished video: a data: URL is decoded here; a link on the API's own host gets the key
     * (Google's file links …/files/{id}:download need it and redirect to the bytes, as
     * `curl -L -H "x-goog-api-key: …"` in Google's guide); a link anywhere else is fetched
     * without it, so the key never leaves Google.
     */
    async fetchFile(outputUrl: string, signal?: AbortSignal): Promise<Response> {
      if (outputUrl.startsWith('data:')) return responseFromDataUrl(outputUrl);
      const send = options.fetch ?? globalThis.fetch;
      const sameHost = new URL(outputUrl).origin === apiOrigin;
      return send(outputUrl, {
        headers: sameHost ? await auth(false) : {},
        redirect: 'follow',
        signal,
      });
    },
  };
}

/**
 * Runs a Google call that names `model`, reading what Google's error bodies say beyond the
 * status: "no longer available" becomes a retired error, and a 429 without Retry-After waits as
 * long as its RetryInfo asks.
 */
async function withGoogleErrors<T>(
  model: string,
  call: Promise<T>,
  options: { unknownIsRetired?: boolean },
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

/** A 400 that names safety or policy is a refusal of the prompt or image. */
function googleRefusal(status: number, body: unknown): string | null {
  if (status !== 400) return null;
  return GOOGLE_SAFETY_WORDS.test(JSON.stringify(body ?? '')) ? REFUSED_MESSAGE : null;
}
