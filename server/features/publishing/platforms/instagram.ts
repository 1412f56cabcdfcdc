// Instagram's side of a member's connected accounts: the Instagram API with Instagram Login, for
// professional accounts. The code buys a short-lived token (an hour), which we trade at once for a
// long-lived one (60 days) that refreshes itself: there is no refresh token. What the shared
// OAuth shell (oauth-connection.ts) sends and reads for Meta is given here.
// Docs: https://developers.facebook.com/docs/instagram-platform/instagram-api-with-instagram-login/business-login
// (authorize at www.instagram.com/oauth/authorize, the code exchange answering {data: [...]}, the
// long-lived exchange and its refresh, which needs a token at least 24 hours old),
// https://developers.facebook.com/docs/instagram-platform/reference/refresh_access_token,
// https://developers.facebook.com/docs/instagram-platform/reference/me and
// https://developers.facebook.com/docs/graph-api/guides/error-handling (code 190: the token is
// invalid or expired; 4, 17, 32, 613: rate limits).
//
// No PKCE: Instagram Login documents no code_challenge. The code is exchanged only server-side
// with the app secret, and `state` binds the callback to the member's session.
import { PLATFORM_LABELS } from '../../../../shared/schemas/publishing';
import { createOAuthConnection, fill } from './oauth-connection';
import {
  baseUrl,
  endpoint,
  expiresAt,
  field,
  GRAPH_RATE_LIMIT_CODES,
  isTransientStatus,
  PLATFORM_MESSAGES,
  type PlatformAnswer,
  type PlatformAuthSettings,
  type PlatformHttpOptions,
  platformError,
  splitScopes,
  stringField,
  unreadableAnswer,
} from './oauth-http';
import type { OAuthTokens, PlatformAccount, PlatformAuth, PlatformError } from './platform';

export const INSTAGRAM_DEFAULTS = {
  authUrl: 'https://www.instagram.com/oauth/authorize',
  tokenUrl: 'https://api.instagram.com/oauth/access_token',
  apiBaseUrl: 'https://graph.instagram.com',
} as const;

export const INSTAGRAM_SCOPES = [
  'instagram_business_basic',
  'instagram_business_content_publish',
] as const;

export const INSTAGRAM_PERMISSION_MESSAGE =
  'Instagram did not grant the permissions Reelforge needs. Please connect Instagram again and allow them.';

const label = PLATFORM_LABELS.instagram;

/** `clientId` and `clientSecret` are the Instagram app's ID and secret (not the Facebook app's). */
export function createInstagramAuth(
  settings: PlatformAuthSettings,
  options: PlatformHttpOptions = {},
): PlatformAuth {
  const apiBaseUrl = baseUrl(settings.apiBaseUrl, INSTAGRAM_DEFAULTS.apiBaseUrl);

  return createOAuthConnection(
    {
      platform: 'instagram',
      clientId: settings.clientId,
      clientSecret: settings.clientSecret,
      consent: {
        url: endpoint(settings.authUrl, INSTAGRAM_DEFAULTS.authUrl),
        parameters: {
          client_id: fill('clientId'),
          redirect_uri: fill('redirectUri'),
          response_type: 'code',
          scope: INSTAGRAM_SCOPES.join(','),
          state: fill('state'),
        },
      },
      // Meta's errors may come in either shape, with any status: any `error` field is one.
      failed: hasError,
      error: instagramError,
      exchange: {
        method: 'POST',
        url: endpoint(settings.tokenUrl, INSTAGRAM_DEFAULTS.tokenUrl),
        parameters: {
          client_id: fill('clientId'),
          client_secret: fill('clientSecret'),
          grant_type: 'authorization_code',
          redirect_uri: fill('redirectUri'),
          code: fill('code'),
        },
        read: shortLivedTokens,
        // The short-lived token is traded at once for the long-lived one we keep.
        trade: {
          method: 'GET',
          url: `${apiBaseUrl}/access_token`,
          parameters: {
            grant_type: 'ig_exchange_token',
            client_secret: fill('clientSecret'),
            access_token: fill('accessToken'),
          },
          read: (answer, held) => longLivedTokens(answer, held?.scopes ?? []),
        },
      },
      /**
       * A new long-lived token for the current one, which must be unexpired and, says Meta, at
       * least 24 hours old. Instagram does not repeat the permissions here: `scopes` comes back
       * empty, and the ones stored at connection still hold.
       */
      refresh: {
        method: 'GET',
        url: `${apiBaseUrl}/refresh_access_token`,
        parameters: { grant_type: 'ig_refresh_token', access_token: fill('accessToken') },
        read: (answer) => longLivedTokens(answer, []),
      },
      /**
       * Instagram Login offers no endpoint to revoke a token: a member removes the app in
       * Instagram's settings (Meta then calls the app's deauthorize callback URL, if one is set).
       * Forgetting the token is all we can do.
       */
      revoke: null,
      account: {
        url: `${apiBaseUrl}/me?fields=user_id,username`,
        failed: hasError,
        error: (answer) => instagramError(answer, 'refresh'),
        read: readProfessionalAccount,
      },
    },
    options,
  );
}

function hasError(answer: PlatformAnswer): boolean {
  return !answer.ok || field(answer.body, 'error') !== undefined;
}

/**
 * The code exchange's short-lived token (an hour) and the permissions granted. Only traded for a
 * long-lived one, never kept, so its expiry is not read.
 */
function shortLivedTokens(answer: PlatformAnswer): OAuthTokens {
  // The docs show the token wrapped in `data: [...]`; answers have also come flat.
  const data = field(answer.body, 'data');
  const granted = Array.isArray(data) ? data[0] : answer.body;
  const accessToken = stringField(granted, 'access_token');
  if (!accessToken) throw unreadableAnswer(label, answer);
  return {
    accessToken,
    refreshToken: null,
    expiresAt: null,
    scopes: splitScopes(field(granted, 'permissions'), ','),
  };
}

/** A long-lived token answer ({access_token, token_type, expires_in}) as our tokens. */
function longLivedTokens(answer: PlatformAnswer, scopes: string[]): OAuthTokens {
  const accessToken = stringField(answer.body, 'access_token');
  if (!accessToken) throw unreadableAnswer(label, answer);
  return {
    accessToken,
    refreshToken: null,
    expiresAt: expiresAt(field(answer.body, 'expires_in')),
    scopes,
  };
}

/** The professional account, from /me. */
function readProfessionalAccount(answer: PlatformAnswer): PlatformAccount {
  // user_id is the professional account's id, the one content publishing posts under.
  const id = stringField(answer.body, 'user_id') ?? stringField(answer.body, 'id');
  if (!id) throw unreadableAnswer(label, answer);
  return { id, name: stringField(answer.body, 'username') ?? id };
}

/**
 * An Instagram error, in either of Meta's shapes: the Graph envelope {error: {message, type,
 * code, error_subcode, is_transient, fbtrace_id}} or the code exchange's older
 * {error_type, code, error_message}. Code 190 is a dead token: during the exchange only this
 * sign-in failed; afterwards the long-lived token, the whole grant, is gone.
 */
function instagramError(answer: PlatformAnswer, during: 'exchange' | 'refresh'): PlatformError {
  const graph = field(answer.body, 'error');
  const code = field(graph, 'code') ?? field(answer.body, 'code');
  const type = stringField(graph, 'type') ?? stringField(answer.body, 'error_type');
  const detail = stringField(graph, 'message') ?? stringField(answer.body, 'error_message') ?? '';
  if (
    answer.status === 429 ||
    field(graph, 'is_transient') === true ||
    (typeof code === 'number' && GRAPH_RATE_LIMIT_CODES.has(code)) ||
    code === 1 ||
    code === 2
  ) {
    return platformError(label, answer, { transient: true });
  }
  if (isTransientStatus(answer.status)) return platformError(label, answer);
  if (/client[_ ]secret|client[_ ]id|app secret|platform app/iu.test(detail)) {
    return platformError(label, answer, {
      message: PLATFORM_MESSAGES.appCredentials(label),
      transient: false,
    });
  }
  if (during === 'exchange' && (code === 190 || type === 'OAuthException')) {
    return platformError(label, answer, {
      message: PLATFORM_MESSAGES.expiredSignIn(label),
      transient: false,
    });
  }
  if (code === 190) {
    return platformError(label, answer, {
      message: PLATFORM_MESSAGES.reconnect(label),
      transient: false,
      revoked: true,
    });
  }
  if (code === 10 || (typeof code === 'number' && code >= 200 && code < 300)) {
    return platformError(label, answer, {
      message: INSTAGRAM_PERMISSION_MESSAGE,
      transient: false,
    });
  }
  return platformError(label, answer, { transient: false });
}
