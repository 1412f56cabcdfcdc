// Instagram's side of a member's connected accounts: the Instagram API with Instagram Login, for
// professional accounts. The code buys a short-lived token (an hour), which we trade at once for a
// long-lived one (60 days) that refreshes itself: there is no refresh token.
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
import {
  baseUrl,
  endpoint,
  expiresAt,
  field,
  isTransientStatus,
  PLATFORM_MESSAGES,
  type PlatformAnswer,
  type PlatformAuthSettings,
  type PlatformHttpOptions,
  platformError,
  requestPlatform,
  splitScopes,
  stringField,
  unreadableAnswer,
  withQuery,
} from './oauth-http';
import type { OAuthTokens, PlatformAuth, PlatformError } from './platform';

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

/** Graph error codes that are rate limits (application, user, page, custom). */
const RATE_LIMIT_CODES = new Set([4, 17, 32, 613]);

const label = PLATFORM_LABELS.instagram;

/** `clientId` and `clientSecret` are the Instagram app's ID and secret (not the Facebook app's). */
export function createInstagramAuth(
  settings: PlatformAuthSettings,
  options: PlatformHttpOptions = {},
): PlatformAuth {
  const authUrl = endpoint(settings.authUrl, INSTAGRAM_DEFAULTS.authUrl);
  const tokenUrl = endpoint(settings.tokenUrl, INSTAGRAM_DEFAULTS.tokenUrl);
  const apiBaseUrl = baseUrl(settings.apiBaseUrl, INSTAGRAM_DEFAULTS.apiBaseUrl);
  const { clientId, clientSecret } = settings;

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

  return {
    platform: 'instagram',

    authorizeUrl({ state, redirectUri }) {
      return withQuery(authUrl, {
        client_id: clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: INSTAGRAM_SCOPES.join(','),
        state,
      });
    },

    async exchangeCode({ code, redirectUri }, signal) {
      const short = await requestPlatform(
        label,
        tokenUrl,
        {
          method: 'POST',
          form: {
            client_id: clientId,
            client_secret: clientSecret,
            grant_type: 'authorization_code',
            redirect_uri: redirectUri,
            code,
          },
          secrets: [code, clientSecret],
          signal,
        },
        options,
      );
      if (!short.ok || field(short.body, 'error') !== undefined) {
        throw instagramError(short, 'exchange');
      }
      // The docs show the token wrapped in `data: [...]`; answers have also come flat.
      const data = field(short.body, 'data');
      const granted = Array.isArray(data) ? data[0] : short.body;
      const shortLivedToken = stringField(granted, 'access_token');
      if (!shortLivedToken) throw unreadableAnswer(label, short);
      const scopes = splitScopes(field(granted, 'permissions'), ',');

      const long = await requestPlatform(
        label,
        withQuery(`${apiBaseUrl}/access_token`, {
          grant_type: 'ig_exchange_token',
          client_secret: clientSecret,
          access_token: shortLivedToken,
        }),
        { method: 'GET', secrets: [shortLivedToken, clientSecret, code], signal },
        options,
      );
      if (!long.ok || field(long.body, 'error') !== undefined) {
        throw instagramError(long, 'exchange');
      }
      return longLivedTokens(long, scopes);
    },

    /**
     * A new long-lived token for the current one, which must be unexpired and, says Meta, at
     * least 24 hours old. Instagram does not repeat the permissions here: `scopes` comes back
     * empty, and the ones stored at connection still hold.
     */
    async refresh(tokens, signal) {
      const answer = await requestPlatform(
        label,
        withQuery(`${apiBaseUrl}/refresh_access_token`, {
          grant_type: 'ig_refresh_token',
          access_token: tokens.accessToken,
        }),
        { method: 'GET', secrets: [tokens.accessToken, tokens.refreshToken], signal },
        options,
      );
      if (!answer.ok || field(answer.body, 'error') !== undefined) {
        throw instagramError(answer, 'refresh');
      }
      return longLivedTokens(answer, []);
    },

    /**
     * Instagram Login offers no endpoint to revoke a token: a member removes the app in
     * Instagram's settings (Meta then calls the app's deauthorize callback URL, if one is set).
     * Forgetting the token is all we can do, so this resolves at once.
     */
    async revoke() {},

    async account(accessToken, signal) {
      const answer = await requestPlatform(
        label,
        `${apiBaseUrl}/me?fields=user_id,username`,
        { method: 'GET', bearer: accessToken, secrets: [accessToken], signal },
        options,
      );
      if (!answer.ok || field(answer.body, 'error') !== undefined) {
        throw instagramError(answer, 'refresh');
      }
      // user_id is the professional account's id, the one content publishing posts under.
      const id = stringField(answer.body, 'user_id') ?? stringField(answer.body, 'id');
      if (!id) throw unreadableAnswer(label, answer);
      return { id, name: stringField(answer.body, 'username') ?? id };
    },
  };
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
    (typeof code === 'number' && RATE_LIMIT_CODES.has(code)) ||
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
