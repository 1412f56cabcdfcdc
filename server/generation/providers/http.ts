// The HTTP plumbing every provider shares: a JSON call with a time limit whose failures become
// ProviderErrors (429/5xx/network: try again, after Retry-After; anything else: final, readable),
// and images as data URIs. No message ever carries the request's headers, so keys stay out.
import { retryAfterMs } from '../../outbound/http';
import { type PollResult, ProviderError } from './provider';

export const DEFAULT_PROVIDER_TIMEOUT_MS = 60_000;

export type ProviderHttpOptions = {
  fetch?: typeof fetch;
  timeoutMs?: number;
};

/** What a member reads for a final HTTP answer from a provider. */
function finalMessage(what: string, status: number): string {
  if (status === 401 || status === 403) return 'The video provider rejected our API key.';
  if (status === 404) return `The video provider does not know this ${what}.`;
  return `The video provider turned this video down (HTTP ${status}).`;
}

/**
 * Sends one request and answers its JSON. `what` names the call in messages ("video model",
 * "job"). Throws ProviderError: transient for 408, 429, 5xx and network failures, unless
 * `transient` says otherwise for an answer (a 5xx that is a job's stored failure, not an outage).
 */
export async function requestJson<T = unknown>(
  url: string,
  init: RequestInit,
  options: ProviderHttpOptions & {
    what: string;
    refusal?: (status: number, body: unknown) => string | null;
    transient?: (status: number, body: unknown, headers: Headers) => boolean | undefined;
  },
): Promise<T> {
  const send = options.fetch ?? globalThis.fetch;
  const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS);
  const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await send(url, { ...init, signal });
  } catch (error) {
    if (init.signal?.aborted) throw init.signal.reason;
    throw new ProviderError('The video provider could not be reached.', {
      status: null,
      transient: true,
      cause: redact(error instanceof Error ? error.message : String(error), init.headers),
    });
  }
  const text = await response.text().catch(() => '');
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const status = response.status;
    const transient =
      options.transient?.(status, body, response.headers) ??
      (status === 408 || status === 429 || status >= 500);
    const refused = transient ? null : (options.refusal?.(status, body) ?? null);
    throw new ProviderError(refused ?? finalMessage(options.what, status), {
      status,
      transient,
      retryAfterMs: retryAfterMs(response.headers.get('retry-after')),
      refused: refused !== null,
      cause: redact(text.slice(0, 500), init.headers),
    });
  }
  if (body === undefined) {
    throw new ProviderError('The video provider sent an answer we could not read.', {
      status: response.status,
      transient: false,
      cause: redact(text.slice(0, 500), init.headers),
    });
  }
  return body as T;
}

/**
 * The text with our key taken out: a provider that echoes the request back in its error must
 * not put the key into our logs through an error's cause.
 */
function redact(text: string, headers: RequestInit['headers']): string {
  const secrets = [...new Headers(headers)]
    .filter(([name]) => name === 'authorization' || name === 'x-goog-api-key')
    .flatMap(([, value]) => [value, value.replace(/^(Key|Bearer)\s+/iu, '')])
    .filter((secret) => secret.length >= 8);
  return secrets.reduce((kept, secret) => kept.replaceAll(secret, '[redacted]'), text);
}

export function dataUri(image: { data: Buffer; mimeType: string }): string {
  return `data:${image.mimeType};base64,${image.data.toString('base64')}`;
}

/** The readable sentence for a safety filter's refusal. */
export const REFUSED_MESSAGE =
  "The video provider's safety filter declined this scene. Please rephrase the description.";

/** The readable sentence for a job the provider failed for its own reasons. */
export const FAILED_MESSAGE = 'The video provider could not make this scene.';

/** A job that ended without its output: refused (the safety filter's sentence) or failed. */
export function failedResult(refused: boolean, detail: string): PollResult {
  return { state: 'failed', refused, reason: refused ? REFUSED_MESSAGE : FAILED_MESSAGE, detail };
}
