// TikTok's side of a member's connected accounts: Login Kit v2 (consent, code exchange, refresh
// with rotating refresh tokens, revoke) and the member's display name from the Display API, as
// what the shared OAuth shell (oauth-connection.ts) sends and reads for TikTok.
// Docs: https://developers.tiktok.com/doc/login-kit-web (authorize parameters),
// https://developers.tiktok.com/doc/oauth-user-access-token-management (token endpoint, fields),
// https://developers.tiktok.com/docs/en/oauth-refresh-a-user-access-token (rotation),
// https://developers.tiktok.com/docs/en/oauth-revoke-a-user-access-token,
// https://developers.tiktok.com/doc/oauth-error-handling ({error, error_description, log_id}),
// https://developers.tiktok.com/doc/tiktok-api-v2-get-user-info and
// https://developers.tiktok.com/doc/tiktok-api-v2-error-handling ({data, error: {code, ...}}).
//
// PKCE: TikTok documents code_verifier as "required for mobile and desktop app only", yet web
// logins have been refused for a missing code_challenge since 2025 (better-auth#3114,
// SocialiteProviders/Providers#1368), so we always send it: a server that ignores it loses nothing.
// TikTok's own challenge is the SHA-256 digest in hex (its desktop guide's sample,
// https://developers.tiktok.com/doc/login-kit-desktop), not RFC 7636's base64url; both encode the
// same 32 bytes, so the S256 challenge we are given is re-encoded, and the verifier stays as is.
import { PLATFORM_LABELS } from '../../../../shared/schemas/publishing';
import {
  createOAuthConnection,
  fill,
  type OAuthTokenCall,
  oauthErrorCode,
  readTokenAnswer,
} from './oauth-connection';
import {
  baseUrl,
  endpoint,
  field,
  PLATFORM_MESSAGES,
  type PlatformAnswer,
  type PlatformAuthSettings,
  type PlatformHttpOptions,
  platformError,
  stringField,
  unreadableAnswer,
} from './oauth-http';
import type { PlatformAccount, PlatformAuth, PlatformError } from './platform';

export const TIKTOK_DEFAULTS = {
  authUrl: 'https://www.tiktok.com/v2/auth/authorize/',
  apiBaseUrl: 'https://open.tiktokapis.com',
} as const;

/** Direct Post needs video.publish, inbox drafts video.upload; the name needs user.info.basic. */
export const TIKTOK_SCOPES = ['user.info.basic', 'video.publish', 'video.upload'] as const;

export const TIKTOK_SCOPE_MESSAGE =
  'TikTok did not grant the permissions Reelforge needs. Please connect TikTok again and allow them.';

const label = PLATFORM_LABELS.tiktok;

/** TikTok's code_challenge for an RFC 7636 S256 challenge: the same SHA-256 digest, in hex. */
export function tiktokCodeChallenge(s256Challenge: string): string {
  const digest = Buffer.from(s256Challenge, 'base64url');
  if (digest.length !== 32)
    throw new Error('The PKCE challenge is not a base64url SHA-256 digest.');
  return digest.toString('hex');
}

/**
 * `tokenUrl` falls back to `{apiBaseUrl}/v2/oauth/token/` (TikTok's settings name no token URL of
 * their own); `clientId` is TikTok's client key.
 */
export function createTikTokAuth(
  settings: PlatformAuthSettings,
  options: PlatformHttpOptions = {},
): PlatformAuth {
  const apiBaseUrl = baseUrl(settings.apiBaseUrl, TIKTOK_DEFAULTS.apiBaseUrl);
  // TikTok's endpoints end in a slash; without it they answer 404.
  const tokenUrl = endpoint(settings.tokenUrl, `${apiBaseUrl}/v2/oauth/token/`);
  // Refresh tokens rotate: the answer's replaces ours, which stops working. Keeping ours is only
  // a fallback should TikTok ever leave it out.
  const read: OAuthTokenCall['read'] = (answer, held) =>
    readTokenAnswer(label, unwrapped(answer), {
      scopeSeparator: ',',
      keptRefreshToken: held?.refreshToken ?? null,
    });

  return createOAuthConnection(
    {
      platform: 'tiktok',
      clientId: settings.clientId,
      clientSecret: settings.clientSecret,
      consent: {
        url: endpoint(settings.authUrl, TIKTOK_DEFAULTS.authUrl),
        parameters: {
          client_key: fill('clientId'),
          response_type: 'code',
          scope: TIKTOK_SCOPES.join(','),
          redirect_uri: fill('redirectUri'),
          state: fill('state'),
          code_challenge: fill('codeChallenge'),
          code_challenge_method: 'S256',
        },
        challenge: tiktokCodeChallenge,
      },
      // TikTok may answer an error with HTTP 200: the default check reads the body's `error`.
      exchange: {
        method: 'POST',
        url: tokenUrl,
        parameters: {
          client_key: fill('clientId'),
          client_secret: fill('clientSecret'),
          code: fill('code'),
          grant_type: 'authorization_code',
          redirect_uri: fill('redirectUri'),
          code_verifier: fill('codeVerifier'),
        },
        read,
      },
      refresh: {
        method: 'POST',
        url: tokenUrl,
        parameters: {
          client_key: fill('clientId'),
          client_secret: fill('clientSecret'),
          grant_type: 'refresh_token',
          refresh_token: fill('refreshToken'),
        },
        read,
      },
      revoke: {
        url: `${apiBaseUrl}/v2/oauth/revoke/`,
        parameters: {
          client_key: fill('clientId'),
          client_secret: fill('clientSecret'),
          token: fill('accessToken'),
        },
        // A token TikTok no longer knows (invalid_grant) is as good as revoked.
        done: (answer) => {
          const error = oauthErrorCode(answer.body);
          return (answer.ok && !error) || error === 'invalid_grant';
        },
      },
      account: {
        url: `${apiBaseUrl}/v2/user/info/?fields=open_id,display_name`,
        failed: (answer) => {
          const code = apiErrorCode(answer);
          return !answer.ok || (code !== undefined && code !== 'ok');
        },
        error: tiktokApiError,
        read: readUser,
      },
    },
    options,
  );
}

/** The creator, from user info. */
function readUser(answer: PlatformAnswer): PlatformAccount {
  const user = field(field(answer.body, 'data'), 'user');
  const id = stringField(user, 'open_id');
  if (!id) throw unreadableAnswer(label, answer);
  return { id, name: stringField(user, 'display_name') ?? id };
}

/** A v2 API answer's error code ({data, error: {code, message, log_id}}); 'ok' when it is none. */
function apiErrorCode(answer: PlatformAnswer): string | undefined {
  return stringField(field(answer.body, 'error'), 'code');
}

/** The token fields, should TikTok wrap them in `data` as its v1 answers did. */
function unwrapped(answer: PlatformAnswer): PlatformAnswer {
  const data = field(answer.body, 'data');
  return field(data, 'access_token') === undefined ? answer : { ...answer, body: data };
}

/**
 * A v2 API error: access_token_invalid is a refused token (with a refresh token at hand, refresh
 * once before asking the member); rate limits and internal errors pass.
 */
function tiktokApiError(answer: PlatformAnswer): PlatformError {
  switch (apiErrorCode(answer)) {
    case 'access_token_invalid':
      return platformError(label, answer, {
        message: PLATFORM_MESSAGES.reconnect(label),
        transient: false,
        revoked: true,
      });
    case 'scope_not_authorized':
    case 'scope_permission_missed':
      return platformError(label, answer, { message: TIKTOK_SCOPE_MESSAGE, transient: false });
    case 'rate_limit_exceeded':
    case 'internal_error':
      return platformError(label, answer, { transient: true });
    default:
      return platformError(label, answer);
  }
}
