// The HTTP the platforms' OAuth clients and publishers share: one call with a time limit (a
// form, JSON or an upload's streamed bytes), the platform's answer read as JSON, failures turned
// into PlatformErrors (429/5xx/network: try again after Retry-After), Graph's error envelope, and
// PKCE. No message or cause ever carries a token, a secret, a code, a verifier or an upload URL.
// How an OAuth token endpoint's answer is read is the connection shell's (oauth-connection.ts).
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { retryAfterMs, trimSlash } from '../../../outbound/http';
import { PlatformError, type PlatformSettings } from './platform';

export const DEFAULT_PLATFORM_TIMEOUT_MS = 30_000;

export type PlatformHttpOptions = {
  fetch?: typeof fetch;
  /** Per request. */
  timeoutMs?: number;
};

/**
 * A platform's settings as the clients take them: the app's credentials, and endpoints that fall
 * back to the platform's own when left out or empty (an unset environment variable).
 */
export type PlatformAuthSettings = Pick<PlatformSettings, 'clientId' | 'clientSecret'> &
  Partial<Omit<PlatformSettings, 'clientId' | 'clientSecret'>>;

/**
 * The setting, or the platform's own endpoint when the setting is absent or blank. Kept as
 * given otherwise: TikTok's endpoints need their trailing slash.
 */
export function endpoint(setting: string | undefined, fallback: string): string {
  return setting?.trim() ? setting.trim() : fallback;
}

/** An API base URL (or its fallback) without a trailing slash, for paths to be appended. */
export function baseUrl(setting: string | undefined, fallback: string): string {
  return trimSlash(endpoint(setting, fallback));
}

/**
 * A PKCE pair (RFC 7636): a 43-character base64url verifier from 32 random bytes, and its S256
 * challenge, base64url(SHA-256(verifier)).
 */
export function createPkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: pkceChallenge(verifier) };
}

/** The S256 challenge for a verifier: base64url(SHA-256(verifier)), without padding. */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** The sentences a member or an operator reads; the platform's own words go to the cause. */
export const PLATFORM_MESSAGES = {
  unreachable: (label: string) => `${label} could not be reached. Please try again.`,
  timeout: (label: string) => `${label} took too long to answer. Please try again.`,
  busy: (label: string, status: number) =>
    `${label} is busy right now (HTTP ${status}). Please try again in a moment.`,
  appCredentials: (label: string) =>
    `${label} rejected this server's app credentials. The operator must check the ${label} app settings.`,
  expiredSignIn: (label: string) =>
    `This ${label} sign-in has expired or was already used. Please connect ${label} again.`,
  signInRefused: (label: string) =>
    `${label} did not accept this sign-in. Please connect ${label} again.`,
  reconnect: (label: string) =>
    `Your ${label} connection has expired or was revoked. Please connect ${label} again.`,
  refused: (label: string, status: number) => `${label} refused the request (HTTP ${status}).`,
  unreadable: (label: string) => `${label} sent an answer we could not read.`,
} as const;

export type PlatformRequest = {
  method: 'GET' | 'POST' | 'PUT';
  /** Sent form-encoded, as every OAuth endpoint here expects. */
  form?: Record<string, string>;
  /** Sent as JSON (`application/json; charset=UTF-8`), as TikTok's and Google's APIs take it. */
  json?: unknown;
  /**
   * An upload's bytes, streamed as they are read: `headers` must give their Content-Length (a
   * stream's length is not known to fetch). Destroyed once the request is over, sent or not.
   */
  stream?: Readable;
  /** Headers beyond those the other fields set (Content-Range, X-Upload-Content-Length, …). */
  headers?: Record<string, string>;
  /** Sent as `Authorization: Bearer`, which keeps the token out of the URL. */
  bearer?: string;
  /**
   * Every token, secret, code and verifier the request carries, in the URL or the body. An
   * upload URL is a capability too: give `uploadUrlSecrets(url)`.
   */
  secrets: readonly (string | null | undefined)[];
  signal?: AbortSignal;
  /** This request's own time limit, over the options' (a chunk of an upload takes longer). */
  timeoutMs?: number;
  /**
   * Integers too long for a double (TikTok's int64 post ids) are read as strings, digit for
   * digit, instead of rounded.
   */
  exactIntegers?: boolean;
};

/** A platform's answer, whatever its status: each client reads its platform's error shape. */
export type PlatformAnswer = {
  status: number;
  ok: boolean;
  headers: Headers;
  /** The parsed JSON; null for an empty body; undefined when the body is not JSON. */
  body: unknown;
  /** The body as an error's cause may carry it: secrets and token fields out, 500 characters. */
  cause: string;
};

/**
 * Sends one request to a platform with a time limit. Throws a transient PlatformError when the
 * platform cannot be reached or does not answer in time, and the caller's abort reason when the
 * caller gives up; any HTTP answer is returned for the client to read.
 */
export async function requestPlatform(
  label: string,
  url: string,
  request: PlatformRequest,
  options: PlatformHttpOptions = {},
): Promise<PlatformAnswer> {
  const send = options.fetch ?? globalThis.fetch;
  const secrets = secretsOf([...request.secrets, request.bearer]);
  const timeout = AbortSignal.timeout(
    request.timeoutMs ?? options.timeoutMs ?? DEFAULT_PLATFORM_TIMEOUT_MS,
  );
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (request.bearer) headers.authorization = `Bearer ${request.bearer}`;
  if (request.form) headers['content-type'] = 'application/x-www-form-urlencoded';
  if (request.json !== undefined) headers['content-type'] = JSON_CONTENT_TYPE;
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    headers[name.toLowerCase()] = value;
  }
  let response: Response;
  let text: string;
  try {
    const init: RequestInit & { duplex?: 'half' } = {
      method: request.method,
      headers,
      body: requestBody(request),
      signal,
      redirect: 'manual',
    };
    // A streamed body goes out while the answer may already be coming: fetch insists on it.
    if (request.stream) init.duplex = 'half';
    response = await send(url, init);
    text = await response.text();
  } catch (error) {
    if (request.signal?.aborted) throw request.signal.reason;
    const cause = redact(describeFailure(error), secrets);
    const message = timeout.aborted
      ? PLATFORM_MESSAGES.timeout(label)
      : PLATFORM_MESSAGES.unreachable(label);
    throw new PlatformError(message, { status: null, transient: true, cause });
  } finally {
    request.stream?.destroy();
  }
  let body: unknown;
  try {
    body = text ? JSON.parse(request.exactIntegers ? quoteLongIntegers(text) : text) : null;
  } catch {
    body = undefined;
  }
  const shown = body === undefined ? text : JSON.stringify(scrubTokenFields(body));
  return {
    status: response.status,
    ok: response.ok,
    headers: response.headers,
    body,
    cause: redact(shown, secrets).slice(0, 500),
  };
}

export const JSON_CONTENT_TYPE = 'application/json; charset=UTF-8';

function requestBody(request: PlatformRequest): RequestInit['body'] {
  if (request.stream) return Readable.toWeb(request.stream) as RequestInit['body'];
  if (request.json !== undefined) return JSON.stringify(request.json);
  if (request.form) return new URLSearchParams(request.form).toString();
  return undefined;
}

/**
 * The JSON text with every integer literal of 16 digits or more in quotes, so JSON.parse keeps
 * all its digits; strings are left as they are.
 */
export function quoteLongIntegers(text: string): string {
  let kept = '';
  let index = 0;
  while (index < text.length) {
    const character = text.charAt(index);
    if (character === '"') {
      // Through the string's closing quote, its escapes (\" too) included.
      let end = index + 1;
      while (end < text.length && text.charAt(end) !== '"')
        end += text.charAt(end) === '\\' ? 2 : 1;
      kept += text.slice(index, end + 1);
      index = end + 1;
    } else if (character === '-' || (character >= '0' && character <= '9')) {
      let end = index + 1;
      while (end < text.length && /[0-9.eE+-]/u.test(text.charAt(end))) end += 1;
      const literal = text.slice(index, end);
      kept += /^-?\d{16,}$/u.test(literal) ? `"${literal}"` : literal;
      index = end;
    } else {
      kept += character;
      index += 1;
    }
  }
  return kept;
}

/**
 * An upload URL (a resumable session, TikTok's upload_url) as the secrets it is: whoever holds
 * it may write to the upload, so neither it nor its query's values may reach a log.
 */
export function uploadUrlSecrets(url: string | null | undefined): string[] {
  if (!url) return [];
  try {
    const parsed = new URL(url);
    const values = [...parsed.searchParams.values()].filter((value) => value.length >= 8);
    return [url, `${parsed.pathname}${parsed.search}`, ...values];
  } catch {
    return [url];
  }
}

export function isTransientStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/**
 * The PlatformError for an answer: transient for 408, 429 and 5xx unless `reading` says
 * otherwise, with Retry-After, and the (redacted) body as the cause.
 */
export function platformError(
  label: string,
  answer: PlatformAnswer,
  reading: { message?: string; transient?: boolean; revoked?: boolean } = {},
): PlatformError {
  const transient = reading.transient ?? isTransientStatus(answer.status);
  const message =
    reading.message ??
    (transient
      ? PLATFORM_MESSAGES.busy(label, answer.status)
      : PLATFORM_MESSAGES.refused(label, answer.status));
  return new PlatformError(message, {
    status: answer.status,
    transient,
    revoked: reading.revoked ?? false,
    retryAfterMs: retryAfterMs(answer.headers.get('retry-after')),
    cause: answer.cause,
  });
}

/**
 * A successful answer without the fields we need. The cause names only the fields that came:
 * such a body may hold a fresh token we never knew, which redaction could not catch.
 */
export function unreadableAnswer(label: string, answer: PlatformAnswer): PlatformError {
  const fields = isRecord(answer.body) ? Object.keys(answer.body).join(', ') : typeof answer.body;
  return new PlatformError(PLATFORM_MESSAGES.unreadable(label), {
    status: answer.status,
    transient: false,
    cause: `fields: ${fields || 'none'}`,
  });
}

/** When a token given `expires_in` seconds now stops working; null when the platform is silent. */
export function expiresAt(expiresIn: unknown, now = Date.now()): Date | null {
  const seconds = typeof expiresIn === 'string' ? Number(expiresIn) : expiresIn;
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds <= 0) return null;
  return new Date(now + seconds * 1000);
}

export function splitScopes(scopes: unknown, separator: ' ' | ','): string[] {
  if (Array.isArray(scopes)) return scopes.filter((scope) => typeof scope === 'string');
  if (typeof scopes !== 'string') return [];
  return scopes
    .split(separator === ' ' ? /\s+/u : /[,\s]+/u)
    .map((scope) => scope.trim())
    .filter(Boolean);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function field(value: unknown, key: string): unknown {
  return isRecord(value) ? value[key] : undefined;
}

/** A finite number field, or a numeric string one (Meta sends numbers either way); else undefined. */
export function numberField(value: unknown, key: string): number | undefined {
  const found = field(value, key);
  const number = typeof found === 'string' && found.trim() !== '' ? Number(found) : found;
  return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
}

/** A string field, or a number one as a string (Meta sends ids either way); else undefined. */
export function stringField(value: unknown, key: string): string | undefined {
  const found = field(value, key);
  if (typeof found === 'number' && Number.isFinite(found)) return String(found);
  return typeof found === 'string' && found !== '' ? found : undefined;
}

/** The URL with `query` set on it, keeping any query the setting already had. */
export function withQuery(url: string, query: Record<string, string>): string {
  const built = new URL(url);
  for (const [key, value] of Object.entries(query)) built.searchParams.set(key, value);
  return built.toString();
}

/** Graph error codes that are rate limits (application, user, page, custom). */
export const GRAPH_RATE_LIMIT_CODES: ReadonlySet<number> = new Set([4, 17, 32, 613]);

/**
 * Meta's Graph error envelope, {error: {message, type, code, error_subcode, is_transient,
 * error_user_msg, fbtrace_id}}; undefined when the body carries none.
 * https://developers.facebook.com/docs/graph-api/guides/error-handling
 */
export type GraphError = {
  code: number | undefined;
  subcode: number | undefined;
  type: string | undefined;
  message: string;
  /** The sentence Meta wrote for the app's user, when it wrote one. */
  userMessage: string | undefined;
  isTransient: boolean;
};

export function graphErrorOf(body: unknown): GraphError | undefined {
  const error = field(body, 'error');
  if (!isRecord(error)) return undefined;
  return {
    code: numberField(error, 'code'),
    subcode: numberField(error, 'error_subcode'),
    type: stringField(error, 'type'),
    message: stringField(error, 'message') ?? '',
    userMessage: stringField(error, 'error_user_msg'),
    isTransient: error.is_transient === true,
  };
}

function secretsOf(values: readonly (string | null | undefined)[]): string[] {
  const secrets = values.filter((value): value is string => !!value && value.length >= 4);
  return [...new Set(secrets)];
}

/** A network failure in words: undici says "fetch failed" and puts the reason in its cause. */
function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const inner = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.name}: ${error.message}${inner}`;
}

/**
 * The text without any of `secrets`, as sent (raw, URL- or form-encoded): a platform that echoes
 * the request back in its error must not put a token into our logs through an error's cause.
 */
function redact(text: string, secrets: readonly string[]): string {
  const forms = secrets.flatMap((secret) => [
    secret,
    encodeURIComponent(secret),
    new URLSearchParams({ s: secret }).toString().slice(2),
    JSON.stringify(secret).slice(1, -1),
  ]);
  // Longest first, so a secret's encoded form is not half-replaced by a shorter one.
  const unique = [...new Set(forms)].sort((a, b) => b.length - a.length);
  return unique.reduce((kept, secret) => kept.replaceAll(secret, '[redacted]'), text);
}

/** A copy of a JSON body with every token-, secret- or verifier-named field blanked. */
function scrubTokenFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(scrubTokenFields);
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      /token|secret|verifier|password|upload_url|session_url/iu.test(key) &&
      typeof inner === 'string'
        ? '[redacted]'
        : scrubTokenFields(inner),
    ]),
  );
}
