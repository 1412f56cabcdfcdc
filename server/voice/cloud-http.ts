// One call to a cloud voice service: a time limit per attempt, passing failures (408, 429, 5xx, an
// unreachable host) tried again after Retry-After, and every failure turned into a VoiceServiceError
// whose message a member may read. Neither message nor cause ever carries the API key.
import { setTimeout as sleep } from 'node:timers/promises';
import pRetry from 'p-retry';
import { retryAfterMs } from '../outbound/http';

export const DEFAULT_VOICE_TIMEOUT_MS = 60_000;
export const DEFAULT_VOICE_RETRIES = 3;
/** The longest Retry-After we wait for: a member's video is waiting. */
const MAX_RETRY_AFTER_MS = 20_000;

export const VOICE_SERVICE_MESSAGES = {
  key: 'The voice service rejected our API key.',
  unknown: 'The voice service does not know this voice or model.',
  refused: (status: number) => `The voice service could not speak this narration (HTTP ${status}).`,
  unavailable: (status: number) =>
    `The voice service is unavailable (HTTP ${status}). Please try again.`,
  unreachable: 'The voice service could not be reached. Please try again.',
  timeout: 'The voice service took too long to answer. Please try again.',
  unreadable: 'The voice service sent back audio we could not read.',
} as const;

/** A cloud voice failed; `message` is for members, `cause` (redacted) for the operator's log. */
export class VoiceServiceError extends Error {
  override name = 'VoiceServiceError';
  constructor(
    message: string,
    readonly details: { status: number | null; transient: boolean; retryAfterMs?: number },
    cause?: string,
  ) {
    super(message, cause === undefined ? undefined : { cause });
  }
}

export type VoiceHttpOptions = {
  fetch?: typeof fetch;
  /** Per attempt. */
  timeoutMs?: number;
  /** Attempts after the first for a passing failure. */
  retries?: number;
  /** The first wait between attempts; each next one doubles (with jitter). */
  minRetryDelayMs?: number;
};

/**
 * POSTs `body` as JSON and answers the response's bytes. `secrets` are the values to keep out of
 * anything we keep (the key, as sent in its header).
 */
export async function postForBytes(
  url: string,
  request: { headers: Record<string, string>; body: unknown; secrets: readonly string[] },
  options: VoiceHttpOptions & { signal?: AbortSignal },
): Promise<Buffer> {
  const send = options.fetch ?? globalThis.fetch;
  const { signal } = options;
  const attempt = async () => {
    const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_VOICE_TIMEOUT_MS);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await send(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...request.headers },
        body: JSON.stringify(request.body),
        signal: combined,
      });
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      const reason = redact(
        error instanceof Error ? error.message : String(error),
        request.secrets,
      );
      if (timeout.aborted) {
        throw new VoiceServiceError(
          VOICE_SERVICE_MESSAGES.timeout,
          { status: null, transient: false },
          reason,
        );
      }
      throw new VoiceServiceError(
        VOICE_SERVICE_MESSAGES.unreachable,
        { status: null, transient: true },
        reason,
      );
    }
    if (!response.ok) {
      const text = await response.text().catch(() => '');
      throw failure(response, redact(text.slice(0, 500), request.secrets));
    }
    try {
      return Buffer.from(await response.arrayBuffer());
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      const reason = redact(
        error instanceof Error ? error.message : String(error),
        request.secrets,
      );
      throw new VoiceServiceError(
        timeout.aborted ? VOICE_SERVICE_MESSAGES.timeout : VOICE_SERVICE_MESSAGES.unreachable,
        { status: response.status, transient: !timeout.aborted },
        reason,
      );
    }
  };
  return pRetry(attempt, {
    retries: options.retries ?? DEFAULT_VOICE_RETRIES,
    minTimeout: options.minRetryDelayMs ?? 500,
    factor: 2,
    randomize: true,
    signal,
    shouldRetry: ({ error }) => error instanceof VoiceServiceError && error.details.transient,
    onFailedAttempt: async ({ error }) => {
      const wait = error instanceof VoiceServiceError ? error.details.retryAfterMs : undefined;
      if (wait && error instanceof VoiceServiceError && error.details.transient) {
        await sleep(Math.min(wait, MAX_RETRY_AFTER_MS), undefined, { signal });
      }
    },
  });
}

function failure(response: Response, cause: string): VoiceServiceError {
  const { status } = response;
  const transient = status === 408 || status === 429 || status >= 500;
  const retryAfter = retryAfterMs(response.headers.get('retry-after'));
  let message: string = VOICE_SERVICE_MESSAGES.refused(status);
  if (transient) message = VOICE_SERVICE_MESSAGES.unavailable(status);
  else if (status === 401 || status === 403) message = VOICE_SERVICE_MESSAGES.key;
  else if (status === 404) message = VOICE_SERVICE_MESSAGES.unknown;
  return new VoiceServiceError(message, { status, transient, retryAfterMs: retryAfter }, cause);
}

/** The text with each secret taken out (a service may echo the request back in its error). */
function redact(text: string, secrets: readonly string[]): string {
  return secrets
    .filter((secret) => secret.length >= 8)
    .reduce((kept, secret) => kept.replaceAll(secret, '[redacted]'), text);
}
