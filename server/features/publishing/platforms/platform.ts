// The one interface each publishing platform's OAuth sits behind (YouTube, TikTok, Instagram):
// the consent URL, the code exchange, refresh, revoke and the account's name. Thin HTTP clients;
// storing, encrypting and refreshing on time belong to the connections service.
import type { Platform } from '../../../../shared/schemas/publishing';

export type OAuthTokens = {
  accessToken: string;
  /** Null where the platform gives none (Instagram refreshes the long-lived access token itself). */
  refreshToken: string | null;
  /** When the access token stops working; null when the platform does not say. */
  expiresAt: Date | null;
  scopes: string[];
};

export type PlatformAccount = { id: string; name: string };

/** Each platform's app registration and endpoints; every URL is overridable (stand-ins, proxies). */
export type PlatformSettings = {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  apiBaseUrl: string;
};

export interface PlatformAuth {
  readonly platform: Platform;
  /** The consent page for `state` (and the PKCE challenge, S256, where the platform takes it). */
  authorizeUrl(input: { state: string; codeChallenge: string; redirectUri: string }): string;
  exchangeCode(
    input: { code: string; codeVerifier: string; redirectUri: string },
    signal?: AbortSignal,
  ): Promise<OAuthTokens>;
  /** New tokens from the stored ones (a refresh token, or Instagram's long-lived access token). */
  refresh(
    tokens: { accessToken: string; refreshToken: string | null },
    signal?: AbortSignal,
  ): Promise<OAuthTokens>;
  /** Best effort: tells the platform to forget the grant, where it offers a way. */
  revoke(
    tokens: { accessToken: string; refreshToken: string | null },
    signal?: AbortSignal,
  ): Promise<void>;
  /** The connected account, as the member knows it (channel title, display name, username). */
  account(accessToken: string, signal?: AbortSignal): Promise<PlatformAccount>;
}

/**
 * A platform answered with an error or could not be reached. `transient` (429, 5xx, network) is
 * worth retrying after `retryAfterMs`; `revoked` means the member's grant is gone (invalid_grant,
 * a revoked or expired refresh token): the connection needs the member to connect again.
 */
export class PlatformError extends Error {
  constructor(
    message: string,
    readonly details: {
      status: number | null;
      transient: boolean;
      revoked?: boolean;
      retryAfterMs?: number;
      cause?: unknown;
    },
  ) {
    super(message, { cause: details.cause });
  }
}
