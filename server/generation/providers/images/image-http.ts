// What the image-model clients share: the aspect ratio in the providers' words, their own
// sentences, and reading a model's 404 as retired (with its named replacement) or unknown, for
// the start-up check and for a submission that finds its model gone.
import type { AspectRatio } from '../../../../shared/catalogue';
import { type ProviderHttpOptions, requestJson } from '../http';
import { type ModelCheck, ProviderError } from '../provider';

/** What a member reads when an image model finished without a picture. */
export const NO_PICTURE_MESSAGE = 'The image model sent no picture.';

/** What a member reads when the configured image model has been shut down. */
export const RETIRED_IMAGE_MODEL_MESSAGE = 'This image model is no longer available.';

export function ratioText(aspectRatio: AspectRatio): '16:9' | '9:16' {
  return aspectRatio === 'portrait' ? '9:16' : '16:9';
}

/**
 * Providers' own words for a model they have taken away: Google answers 404 "This model
 * models/… is no longer available" (or "has been deprecated … Consider switching to …"). A plain
 * "not found" is an id the provider never knew, which is a different mistake to report.
 */
const RETIRED_WORDS = /no longer (?:available|supported|served)|deprecated|retired|shut ?down/iu;

/** "Use gemini-3.1-flash-image", "for example gemini-1.5-flash", "migrate to …", "replaced by …". */
const REPLACEMENT_LEAD =
  /\b(?:use|switch(?:ing)? to|migrate to|upgrade to|for example|replaced by|in favou?r of)\s+[`'"]?(?:models\/)?([a-z][\w.:/-]*)/giu;

/** The sentence inside a provider's error body: Google's error.message, Replicate's or fal's detail. */
export function providerSays(text: string): string {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return text.trim();
  }
  const record = (body ?? {}) as { error?: { message?: unknown }; detail?: unknown };
  const said = record.error?.message ?? record.detail;
  return typeof said === 'string' ? said : text.trim();
}

/**
 * Whether the provider's words say `model` was retired, and which model they name instead. A
 * named replacement must look like a model id (it has a digit) and not be the retired one.
 */
export function retirement(
  model: string,
  said: string,
): { detail: string; replacement?: string } | null {
  if (!RETIRED_WORDS.test(said)) return null;
  for (const match of said.matchAll(REPLACEMENT_LEAD)) {
    const candidate = (match[1] ?? '').replace(/[.,;:)`'"]+$/u, '');
    if (/\d/u.test(candidate) && candidate !== model && !model.endsWith(`/${candidate}`)) {
      return { detail: said, replacement: candidate };
    }
  }
  return { detail: said };
}

/** The provider's words a ProviderError kept (its cause is the answer's text, key redacted). */
function saidIn(error: ProviderError): string {
  return providerSays(typeof error.cause === 'string' ? error.cause : '');
}

/**
 * A submission's 404 or 410 that says the model is gone becomes a retired ProviderError: the
 * video fails refunded, the operator is alerted and later videos move to a fallback model.
 */
export function asRetired(error: unknown, model: string): unknown {
  if (!(error instanceof ProviderError)) return error;
  const status = error.details.status;
  if (status !== 404 && status !== 410) return error;
  const gone = retirement(model, saidIn(error));
  if (!gone) return error;
  return new ProviderError(RETIRED_IMAGE_MODEL_MESSAGE, {
    status,
    transient: false,
    retired: true,
    cause: gone.replacement ? `${gone.detail} (replacement: ${gone.replacement})` : gone.detail,
  });
}

/**
 * Asks a provider's models get whether `model` serves: 200 is available unless `read` says
 * otherwise from the body; 404 is retired when the provider's words say so, else unknown. Any
 * other failure (a rejected key, an outage) is thrown: it says nothing about the model.
 */
export async function checkModelAt<T>(
  url: string,
  init: RequestInit,
  options: ProviderHttpOptions & { model: string; read?: (body: T) => ModelCheck },
): Promise<ModelCheck> {
  let body: T;
  try {
    body = await requestJson<T>(url, init, {
      fetch: options.fetch,
      timeoutMs: options.timeoutMs,
      what: 'image model',
    });
  } catch (error) {
    if (!(error instanceof ProviderError) || error.details.status !== 404) throw error;
    const said = saidIn(error);
    const gone = retirement(options.model, said);
    if (gone) return { state: 'retired', ...gone };
    return { state: 'unknown', detail: said || 'HTTP 404' };
  }
  return options.read ? options.read(body) : { state: 'available' };
}

/** A finished picture's bytes from a provider's public file host: no key goes with it. */
export function fetchPublicFile(
  send: typeof fetch | undefined,
  url: string,
  signal?: AbortSignal,
): Promise<Response> {
  return (send ?? globalThis.fetch)(url, { signal });
}
