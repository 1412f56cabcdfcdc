// The one OAuth connection shell the publishing platforms share: the consent URL, the code
// exchange, refresh, revoke and the account lookup, each sent, checked and read the same way. A
// platform gives only what is its own: its endpoints, its parameters (in its own names and order,
// so every request stays exactly as its docs show it), how it tells an error answer from tokens,
// and how it reads its tokens and its account.
import { PLATFORM_LABELS, type Platform } from '../../../../shared/schemas/publishing';
import {
  expiresAt,
  field,
  isTransientStatus,
  PLATFORM_MESSAGES,
  type PlatformAnswer,
  type PlatformHttpOptions,
  platformError,
  requestPlatform,
  splitScopes,
  stringField,
  unreadableAnswer,
  withQuery,
} from './oauth-http';
import {
  type OAuthTokens,
  type PlatformAccount,
  type PlatformAuth,
  PlatformError,
} from './platform';

/**
 * A value the shell fills into a platform's parameters: the app's, the sign-in's or the stored
 * tokens'. `refreshOrAccessToken` is the refresh token where there is one (revoking it ends the
 * whole grant), else the access token.
 */
export type OAuthValue =
  | 'clientId'
  | 'clientSecret'
  | 'redirectUri'
  | 'state'
  | 'codeChallenge'
  | 'code'
  | 'codeVerifier'
  | 'accessToken'
  | 'refreshToken'
  | 'refreshOrAccessToken';

/** The values no log may show: a call's errors are redacted of every one it carries. */
const SECRET_VALUES: ReadonlySet<OAuthValue> = new Set<OAuthValue>([
  'clientSecret',
  'code',
  'codeVerifier',
  'accessToken',
  'refreshToken',
  'refreshOrAccessToken',
]);

/** A parameter as the platform names it: a fixed value, or one the shell fills in. */
export type OAuthParameter = string | { readonly fill: OAuthValue };

/** A request's parameters, in the order they are sent (the platform's docs' order). */
export type OAuthParameters = Readonly<Record<string, OAuthParameter>>;

/** The parameter that carries `value`: `client_key: fill('clientId')`. */
export function fill(value: OAuthValue): { readonly fill: OAuthValue } {
  return { fill: value };
}

/**
 * The tokens a call is made with: the stored ones for a refresh, the code exchange's first answer
 * for the call that trades it (Instagram's short-lived token, with the scopes it was granted).
 */
export type HeldTokens = Pick<OAuthTokens, 'accessToken' | 'refreshToken'> &
  Partial<Pick<OAuthTokens, 'scopes'>>;

/** One call that answers tokens: its parameters form-encoded (POST) or in the query (GET). */
export type OAuthTokenCall = {
  method: 'GET' | 'POST';
  url: string;
  parameters: OAuthParameters;
  /** The tokens of a successful answer; `held` is null for the code exchange itself. */
  read(answer: PlatformAnswer, held: HeldTokens | null): OAuthTokens;
};

export type OAuthConnectionSpec = {
  platform: Platform;
  clientId: string;
  clientSecret: string;
  consent: {
    url: string;
    parameters: OAuthParameters;
    /** The code_challenge as the platform takes it, from RFC 7636's S256 one (TikTok's: hex). */
    challenge?: (s256Challenge: string) => string;
  };
  /**
   * Whether a token call answered an error, and that error in words: by default RFC 6749's (an
   * error status, or an `error` code in the body, which some platforms send with HTTP 200).
   */
  failed?: (answer: PlatformAnswer) => boolean;
  error?: (answer: PlatformAnswer, during: 'exchange' | 'refresh') => PlatformError;
  /** The code exchange; `trade` swaps its answer's token for the one kept (Instagram's). */
  exchange: OAuthTokenCall & { trade?: OAuthTokenCall };
  /** A refresh that names `refreshToken` cannot go without one: the member must reconnect. */
  refresh: OAuthTokenCall;
  /**
   * Where the grant is revoked (POST, form-encoded); null where the platform offers no way.
   * `done`: revoked, or already gone, which is what we wanted.
   */
  revoke: {
    url: string;
    parameters: OAuthParameters;
    done(answer: PlatformAnswer): boolean;
  } | null;
  /** The connected account, asked for with the access token as a Bearer. */
  account: {
    url: string;
    failed(answer: PlatformAnswer): boolean;
    error(answer: PlatformAnswer): PlatformError;
    read(answer: PlatformAnswer): PlatformAccount;
  };
};

type Values = Partial<Record<OAuthValue, string | null>>;

export function createOAuthConnection(
  spec: OAuthConnectionSpec,
  options: PlatformHttpOptions = {},
): PlatformAuth {
  const label = PLATFORM_LABELS[spec.platform];
  const failed = spec.failed ?? oauthFailed;
  const error = spec.error ?? ((answer, during) => oauthFailure(label, answer, during));
  const app: Values = { clientId: spec.clientId, clientSecret: spec.clientSecret };

  /**
   * Sends a call with its parameters filled. `held`: secrets the call may not carry but that an
   * echoing platform must still not get into a log through an error's cause.
   */
  function send(
    call: Pick<OAuthTokenCall, 'method' | 'url' | 'parameters'>,
    values: Values,
    held: readonly (string | null)[],
    signal: AbortSignal | undefined,
  ): Promise<PlatformAnswer> {
    const filled = fillParameters(call.parameters, values);
    const get = call.method === 'GET';
    return requestPlatform(
      label,
      get ? withQuery(call.url, filled.parameters) : call.url,
      {
        method: call.method,
        ...(get ? {} : { form: filled.parameters }),
        secrets: [...filled.secrets, ...held],
        signal,
      },
      options,
    );
  }

  async function tokenCall(
    call: OAuthTokenCall,
    during: 'exchange' | 'refresh',
    request: { values: Values; held: readonly (string | null)[]; tokens: HeldTokens | null },
    signal: AbortSignal | undefined,
  ): Promise<OAuthTokens> {
    const answer = await send(call, request.values, request.held, signal);
    if (failed(answer)) throw error(answer, during);
    return call.read(answer, request.tokens);
  }

  return {
    platform: spec.platform,

    authorizeUrl({ state, codeChallenge, redirectUri }) {
      const challenge = spec.consent.challenge?.(codeChallenge) ?? codeChallenge;
      const values = { ...app, state, redirectUri, codeChallenge: challenge };
      return withQuery(
        spec.consent.url,
        fillParameters(spec.consent.parameters, values).parameters,
      );
    },

    async exchangeCode({ code, codeVerifier, redirectUri }, signal) {
      const values: Values = { ...app, code, codeVerifier, redirectUri };
      // The sign-in's own secrets: kept out of the trade's errors too.
      const signIn = uses(spec.exchange.parameters, 'codeVerifier') ? [code, codeVerifier] : [code];
      const first = await tokenCall(
        spec.exchange,
        'exchange',
        { values, held: signIn, tokens: null },
        signal,
      );
      const trade = spec.exchange.trade;
      if (!trade) return first;
      return tokenCall(
        trade,
        'exchange',
        {
          values: { ...values, accessToken: first.accessToken, refreshToken: first.refreshToken },
          held: [...signIn, first.accessToken, first.refreshToken],
          tokens: first,
        },
        signal,
      );
    },

    async refresh(tokens, signal) {
      if (uses(spec.refresh.parameters, 'refreshToken') && !tokens.refreshToken) {
        throw reconnectError(label);
      }
      return tokenCall(
        spec.refresh,
        'refresh',
        {
          values: { ...app, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken },
          held: [tokens.accessToken, tokens.refreshToken],
          tokens,
        },
        signal,
      );
    },

    async revoke(tokens, signal) {
      // A platform without a way: forgetting the tokens is all there is to do.
      if (!spec.revoke) return;
      const answer = await send(
        { method: 'POST', url: spec.revoke.url, parameters: spec.revoke.parameters },
        {
          ...app,
          accessToken: tokens.accessToken,
          refreshToken: tokens.refreshToken,
          refreshOrAccessToken: tokens.refreshToken ?? tokens.accessToken,
        },
        [tokens.accessToken, tokens.refreshToken],
        signal,
      );
      if (spec.revoke.done(answer)) return;
      throw error(answer, 'refresh');
    },

    async account(accessToken, signal) {
      const answer = await requestPlatform(
        label,
        spec.account.url,
        { method: 'GET', bearer: accessToken, secrets: [accessToken], signal },
        options,
      );
      if (spec.account.failed(answer)) throw spec.account.error(answer);
      return spec.account.read(answer);
    },
  };
}

/** The parameters with their values filled in, and the secrets among them. */
function fillParameters(
  parameters: OAuthParameters,
  values: Values,
): { parameters: Record<string, string>; secrets: string[] } {
  const filled: Record<string, string> = {};
  const secrets: string[] = [];
  for (const [name, parameter] of Object.entries(parameters)) {
    if (typeof parameter === 'string') {
      filled[name] = parameter;
      continue;
    }
    const value = values[parameter.fill];
    // A platform naming a value its call does not have is a mistake in its spec, not the member's.
    if (value === undefined || value === null) {
      throw new Error(`The OAuth parameter ${name} needs a ${parameter.fill}, which is missing.`);
    }
    filled[name] = value;
    if (SECRET_VALUES.has(parameter.fill)) secrets.push(value);
  }
  return { parameters: filled, secrets };
}

function uses(parameters: OAuthParameters, value: OAuthValue): boolean {
  return Object.values(parameters).some(
    (parameter) => typeof parameter !== 'string' && parameter.fill === value,
  );
}

function reconnectError(label: string): PlatformError {
  return new PlatformError(PLATFORM_MESSAGES.reconnect(label), {
    status: null,
    transient: false,
    revoked: true,
  });
}

/** The OAuth 2.0 error code of a token endpoint's answer (RFC 6749 §5.2), if it carries one. */
export function oauthErrorCode(body: unknown): string | undefined {
  const code = field(body, 'error');
  return typeof code === 'string' && code !== '' ? code : undefined;
}

/** Whether a token endpoint answered an error: its status, or an `error` code with HTTP 200. */
export function oauthFailed(answer: PlatformAnswer): boolean {
  return !answer.ok || oauthErrorCode(answer.body) !== undefined;
}

/**
 * The PlatformError for a token endpoint's OAuth 2.0 error. invalid_grant during a refresh means
 * the grant is gone (revoked, expired); during the code exchange it is only this sign-in that
 * failed, so an existing connection must not be marked for reconnecting.
 */
export function oauthFailure(
  label: string,
  answer: PlatformAnswer,
  during: 'exchange' | 'refresh',
): PlatformError {
  switch (oauthErrorCode(answer.body)) {
    case 'invalid_grant':
      return during === 'refresh'
        ? platformError(label, answer, {
            message: PLATFORM_MESSAGES.reconnect(label),
            transient: false,
            revoked: true,
          })
        : platformError(label, answer, {
            message: PLATFORM_MESSAGES.expiredSignIn(label),
            transient: false,
          });
    case 'invalid_client':
    case 'unauthorized_client':
      return platformError(label, answer, {
        message: PLATFORM_MESSAGES.appCredentials(label),
        transient: false,
      });
    case 'server_error':
    case 'temporarily_unavailable':
      return platformError(label, answer, {
        message: PLATFORM_MESSAGES.busy(label, answer.status),
        transient: true,
      });
    default:
      // Whatever else spoils a code exchange (a bad verifier, a mismatched redirect_uri), the
      // member's way out is the same: connect again.
      return during === 'exchange' && !isTransientStatus(answer.status)
        ? platformError(label, answer, {
            message: PLATFORM_MESSAGES.signInRefused(label),
            transient: false,
          })
        : platformError(label, answer);
  }
}

/**
 * The tokens of an OAuth 2.0 token answer (RFC 6749 §5.1). `keptRefreshToken` stands when the
 * answer carries none (Google's refresh); scopes come space- or comma-separated.
 */
export function readTokenAnswer(
  label: string,
  answer: PlatformAnswer,
  reading: { scopeSeparator: ' ' | ','; keptRefreshToken: string | null },
): OAuthTokens {
  const accessToken = stringField(answer.body, 'access_token');
  if (!accessToken) throw unreadableAnswer(label, answer);
  return {
    accessToken,
    refreshToken: stringField(answer.body, 'refresh_token') ?? reading.keptRefreshToken,
    expiresAt: expiresAt(field(answer.body, 'expires_in')),
    scopes: splitScopes(field(answer.body, 'scope'), reading.scopeSeparator),
  };
}
