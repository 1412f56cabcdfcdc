// YouTube's side of a member's connected accounts: Google's OAuth 2.0 for web-server apps
// (consent with PKCE and offline access, code exchange, refresh, revoke) and the member's channel,
// as what the shared OAuth shell (oauth-connection.ts) sends and reads for Google.
// Docs: https://developers.google.com/identity/protocols/oauth2/web-server (authorize parameters,
// token exchange and refresh, invalid_grant, revoke at https://oauth2.googleapis.com/revoke) and
// https://developers.google.com/youtube/v3/docs/channels/list (part=snippet&mine=true).
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
  isRecord,
  PLATFORM_MESSAGES,
  type PlatformAnswer,
  type PlatformAuthSettings,
  type PlatformHttpOptions,
  platformError,
  stringField,
  unreadableAnswer,
} from './oauth-http';
import { type PlatformAccount, type PlatformAuth, PlatformError } from './platform';

export const YOUTUBE_DEFAULTS = {
  authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
  tokenUrl: 'https://oauth2.googleapis.com/token',
  apiBaseUrl: 'https://www.googleapis.com',
} as const;

/** Uploading, and reading the channel's name (channels.list with mine=true needs a read scope). */
export const YOUTUBE_SCOPES = [
  'https://www.googleapis.com/auth/youtube.upload',
  'https://www.googleapis.com/auth/youtube.readonly',
] as const;

export const YOUTUBE_NO_CHANNEL_MESSAGE = 'This Google account has no YouTube channel.';
export const YOUTUBE_QUOTA_MESSAGE =
  "YouTube's daily quota for this server is used up. Please try again tomorrow.";

export type YouTubeSettings = PlatformAuthSettings & {
  /** Where tokens are revoked; by default `revoke` beside the token URL (Google's own: /revoke). */
  revokeUrl?: string;
};

const label = PLATFORM_LABELS.youtube;

export function createYouTubeAuth(
  settings: YouTubeSettings,
  options: PlatformHttpOptions = {},
): PlatformAuth {
  const tokenUrl = endpoint(settings.tokenUrl, YOUTUBE_DEFAULTS.tokenUrl);
  const apiBaseUrl = baseUrl(settings.apiBaseUrl, YOUTUBE_DEFAULTS.apiBaseUrl);
  // Google sends no new refresh token on a refresh: the one we hold stays good.
  const read: OAuthTokenCall['read'] = (answer, held) =>
    readTokenAnswer(label, answer, {
      scopeSeparator: ' ',
      keptRefreshToken: held?.refreshToken ?? null,
    });

  return createOAuthConnection(
    {
      platform: 'youtube',
      clientId: settings.clientId,
      clientSecret: settings.clientSecret,
      consent: {
        url: endpoint(settings.authUrl, YOUTUBE_DEFAULTS.authUrl),
        parameters: {
          client_id: fill('clientId'),
          redirect_uri: fill('redirectUri'),
          response_type: 'code',
          scope: YOUTUBE_SCOPES.join(' '),
          // offline: a refresh token; consent: Google sends it again on every new connection.
          access_type: 'offline',
          prompt: 'consent',
          include_granted_scopes: 'true',
          state: fill('state'),
          code_challenge: fill('codeChallenge'),
          code_challenge_method: 'S256',
        },
      },
      exchange: {
        method: 'POST',
        url: tokenUrl,
        parameters: {
          code: fill('code'),
          client_id: fill('clientId'),
          client_secret: fill('clientSecret'),
          redirect_uri: fill('redirectUri'),
          grant_type: 'authorization_code',
          code_verifier: fill('codeVerifier'),
        },
        read,
      },
      refresh: {
        method: 'POST',
        url: tokenUrl,
        parameters: {
          client_id: fill('clientId'),
          client_secret: fill('clientSecret'),
          refresh_token: fill('refreshToken'),
          grant_type: 'refresh_token',
        },
        read,
      },
      revoke: {
        // Resolved against the token URL, so a proxy's path prefix survives: …/token → …/revoke.
        url: endpoint(settings.revokeUrl, new URL('revoke', tokenUrl).toString()),
        // Revoking the refresh token ends the whole grant, its access tokens with it.
        parameters: { token: fill('refreshOrAccessToken') },
        // Already revoked or expired (400 invalid_token) is what we wanted.
        done: (answer) =>
          answer.ok || (answer.status === 400 && oauthErrorCode(answer.body) === 'invalid_token'),
      },
      account: {
        url: `${apiBaseUrl}/youtube/v3/channels?part=snippet&mine=true`,
        failed: (answer) => !answer.ok,
        error: youtubeApiError,
        read: readChannel,
      },
    },
    options,
  );
}

/** The member's channel, from channels.list. */
function readChannel(answer: PlatformAnswer): PlatformAccount {
  // No channel: Google leaves `items` out (or empty) rather than answering an error.
  const items = field(answer.body, 'items') ?? [];
  if (!Array.isArray(items)) throw unreadableAnswer(label, answer);
  const channel: unknown = items[0];
  if (channel === undefined) {
    throw new PlatformError(YOUTUBE_NO_CHANNEL_MESSAGE, {
      status: answer.status,
      transient: false,
    });
  }
  const id = stringField(channel, 'id');
  if (!id) throw unreadableAnswer(label, answer);
  return { id, name: stringField(field(channel, 'snippet'), 'title') ?? id };
}

/**
 * A Data API error ({error: {code, message, errors: [{reason}]}}): 401 is a refused access token;
 * a 403 quotaExceeded lasts until Google's midnight, too long to wait for; rate limits pass.
 * https://developers.google.com/youtube/v3/docs/errors
 */
function youtubeApiError(answer: PlatformAnswer): PlatformError {
  const errors = field(field(answer.body, 'error'), 'errors');
  const reason = Array.isArray(errors) && isRecord(errors[0]) ? errors[0].reason : undefined;
  if (answer.status === 401) {
    return platformError(label, answer, {
      message: PLATFORM_MESSAGES.reconnect(label),
      transient: false,
      revoked: true,
    });
  }
  if (reason === 'quotaExceeded') {
    return platformError(label, answer, { message: YOUTUBE_QUOTA_MESSAGE, transient: false });
  }
  if (reason === 'rateLimitExceeded' || reason === 'userRateLimitExceeded') {
    return platformError(label, answer, { transient: true });
  }
  return platformError(label, answer);
}
