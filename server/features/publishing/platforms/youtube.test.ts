// The YouTube OAuth client against a stand-in of Google's OAuth 2.0 and the Data API, over real
// HTTP: the consent URL, the code exchange with PKCE, a refresh that keeps the refresh token,
// revoke, the channel's name, and each failure's class, with no secret in any error.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { consent, type FakePlatform, startFakeYouTube } from '../../../../test/fake-platforms';
import { createPkce, PLATFORM_MESSAGES } from './oauth-http';
import { type OAuthTokens, type PlatformAuth, PlatformError } from './platform';
import {
  createYouTubeAuth,
  YOUTUBE_NO_CHANNEL_MESSAGE,
  YOUTUBE_QUOTA_MESSAGE,
  YOUTUBE_SCOPES,
} from './youtube';

const REDIRECT_URI = 'https://reelforge.test/api/connections/youtube/callback';
const CHANNEL = { id: 'UCx9sQ2lighthouse00000A', name: 'Lighthouse Stories' };

let fake: FakePlatform;
let youtube: PlatformAuth;

beforeAll(async () => {
  fake = await startFakeYouTube();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.account = CHANNEL;
  fake.consent = 'approve';
  fake.errors = [];
  youtube = createYouTubeAuth(fake.settings);
});

/** Through the consent page and the code exchange, as a member connecting does. */
async function connect(): Promise<{ tokens: OAuthTokens; code: string; verifier: string }> {
  const pkce = createPkce();
  const back = await consent(
    youtube.authorizeUrl({
      state: 'state-1',
      codeChallenge: pkce.challenge,
      redirectUri: REDIRECT_URI,
    }),
  );
  const code = back.searchParams.get('code') ?? '';
  const tokens = await youtube.exchangeCode({
    code,
    codeVerifier: pkce.verifier,
    redirectUri: REDIRECT_URI,
  });
  return { tokens, code, verifier: pkce.verifier };
}

/** The PlatformError a promise rejects with, checked to carry none of `secrets` anywhere. */
async function caught(promise: Promise<unknown>, secrets: string[] = []): Promise<PlatformError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(PlatformError);
  const serialized = [
    JSON.stringify(error, Object.getOwnPropertyNames(error)),
    JSON.stringify((error as PlatformError).details),
    String((error as PlatformError).cause),
  ].join('\n');
  for (const secret of [fake.clientSecret, ...secrets]) {
    expect(secret.length).toBeGreaterThan(8);
    expect(serialized).not.toContain(secret);
  }
  return error as PlatformError;
}

function lastReceived(method: string, pathname: string) {
  return fake.received
    .filter((request) => request.method === method && request.path.split('?')[0] === pathname)
    .at(-1);
}

describe('createPkce', () => {
  it('makes a 43-character base64url verifier and its S256 challenge', () => {
    const { verifier, challenge } = createPkce();
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/u);
    expect(challenge).toBe(createHash('sha256').update(verifier).digest('base64url'));
    expect(createPkce().verifier).not.toBe(verifier);
  });
});

describe('the YouTube OAuth client', () => {
  it('asks Google for offline access to upload, with state and an S256 challenge', () => {
    const url = new URL(
      youtube.authorizeUrl({
        state: 'st-42',
        codeChallenge: 'chal-lenge',
        redirectUri: REDIRECT_URI,
      }),
    );
    expect(`${url.origin}${url.pathname}`).toBe(fake.settings.authUrl);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: fake.clientId,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope:
        'https://www.googleapis.com/auth/youtube.upload https://www.googleapis.com/auth/youtube.readonly',
      access_type: 'offline',
      prompt: 'consent',
      include_granted_scopes: 'true',
      state: 'st-42',
      code_challenge: 'chal-lenge',
      code_challenge_method: 'S256',
    });
  });

  it("uses Google's endpoints when none are set", () => {
    const google = createYouTubeAuth({ clientId: 'id', clientSecret: 'secret', authUrl: ' ' });
    const url = google.authorizeUrl({ state: 's', codeChallenge: 'c', redirectUri: REDIRECT_URI });
    expect(url.startsWith('https://accounts.google.com/o/oauth2/v2/auth?')).toBe(true);
  });

  it('exchanges the consent code with its PKCE verifier for offline tokens', async () => {
    const before = Date.now();
    const { tokens, code, verifier } = await connect();
    expect(tokens.accessToken).toMatch(/^ya29\./u);
    expect(tokens.refreshToken).toMatch(/^1\/\//u);
    expect(tokens.scopes).toEqual([...YOUTUBE_SCOPES]);
    expect(tokens.expiresAt?.getTime()).toBeGreaterThanOrEqual(before + 3599_000);
    expect(tokens.expiresAt?.getTime()).toBeLessThanOrEqual(Date.now() + 3599_000);
    const sent = lastReceived('POST', '/token');
    expect(sent?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(sent?.body).toEqual({
      code,
      client_id: fake.clientId,
      client_secret: fake.clientSecret,
      redirect_uri: REDIRECT_URI,
      grant_type: 'authorization_code',
      code_verifier: verifier,
    });
  });

  it('sends the state back from the consent page, and access_denied when the member cancels', async () => {
    const { challenge } = createPkce();
    const approved = await consent(
      youtube.authorizeUrl({ state: 'st-9', codeChallenge: challenge, redirectUri: REDIRECT_URI }),
    );
    expect(`${approved.origin}${approved.pathname}`).toBe(REDIRECT_URI);
    expect(approved.searchParams.get('state')).toBe('st-9');
    fake.consent = 'deny';
    const denied = await consent(
      youtube.authorizeUrl({ state: 'st-10', codeChallenge: challenge, redirectUri: REDIRECT_URI }),
    );
    expect(Object.fromEntries(denied.searchParams)).toEqual({
      error: 'access_denied',
      state: 'st-10',
    });
  });

  it('refuses a wrong verifier and a reused code without calling the grant revoked', async () => {
    const pkce = createPkce();
    const back = await consent(
      youtube.authorizeUrl({
        state: 's',
        codeChallenge: pkce.challenge,
        redirectUri: REDIRECT_URI,
      }),
    );
    const code = back.searchParams.get('code') ?? '';
    const stranger = createPkce().verifier;
    const wrong = await caught(
      youtube.exchangeCode({ code, codeVerifier: stranger, redirectUri: REDIRECT_URI }),
      [code, stranger, pkce.verifier],
    );
    expect(wrong.message).toBe(PLATFORM_MESSAGES.expiredSignIn('YouTube'));
    expect(wrong.details).toMatchObject({ status: 400, transient: false, revoked: false });

    await youtube.exchangeCode({ code, codeVerifier: pkce.verifier, redirectUri: REDIRECT_URI });
    const reused = await caught(
      youtube.exchangeCode({ code, codeVerifier: pkce.verifier, redirectUri: REDIRECT_URI }),
      [code, pkce.verifier],
    );
    expect(reused.details).toMatchObject({ status: 400, transient: false, revoked: false });
  });

  it('refreshes an expired access token and keeps the refresh token Google does not resend', async () => {
    const { tokens } = await connect();
    fake.expireAccessTokens();
    const refused = await caught(youtube.account(tokens.accessToken), [tokens.accessToken]);
    expect(refused.details).toMatchObject({ status: 401, revoked: true });

    const refreshed = await youtube.refresh(tokens);
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(refreshed.refreshToken).toBe(tokens.refreshToken);
    expect(refreshed.scopes).toEqual([...YOUTUBE_SCOPES]);
    expect(refreshed.expiresAt).toBeInstanceOf(Date);
    expect(lastReceived('POST', '/token')?.body).toEqual({
      client_id: fake.clientId,
      client_secret: fake.clientSecret,
      refresh_token: tokens.refreshToken,
      grant_type: 'refresh_token',
    });
    expect(await youtube.account(refreshed.accessToken)).toEqual(CHANNEL);
  });

  it("names the account after the member's channel, asking with the access token", async () => {
    const { tokens } = await connect();
    expect(await youtube.account(tokens.accessToken)).toEqual(CHANNEL);
    const asked = lastReceived('GET', '/youtube/v3/channels');
    expect(asked?.path).toBe('/youtube/v3/channels?part=snippet&mine=true');
    expect(asked?.headers.authorization).toBe(`Bearer ${tokens.accessToken}`);
  });

  it('says so when the Google account has no YouTube channel', async () => {
    fake.account = { id: 'no-channel', name: 'Someone', noChannel: true };
    const { tokens } = await connect();
    const error = await caught(youtube.account(tokens.accessToken), [tokens.accessToken]);
    expect(error.message).toBe(YOUTUBE_NO_CHANNEL_MESSAGE);
    expect(error.details).toMatchObject({ transient: false });
  });

  it('revokes the grant with its refresh token; refreshing it then ends in revoked', async () => {
    const { tokens } = await connect();
    await youtube.revoke(tokens);
    expect(lastReceived('POST', '/revoke')?.body).toEqual({ token: tokens.refreshToken });
    expect(fake.revokedTokens.has(tokens.refreshToken ?? '')).toBe(true);

    const error = await caught(youtube.refresh(tokens), [
      tokens.accessToken,
      tokens.refreshToken ?? '',
    ]);
    expect(error.message).toBe(PLATFORM_MESSAGES.reconnect('YouTube'));
    expect(error.details).toMatchObject({ status: 400, transient: false, revoked: true });
    // Revoking what Google already forgot is what we wanted.
    await expect(youtube.revoke(tokens)).resolves.toBeUndefined();
  });

  it('ends in revoked when the member removed the app at Google', async () => {
    const { tokens } = await connect();
    fake.revokeGrants();
    const error = await caught(youtube.refresh(tokens), [tokens.refreshToken ?? '']);
    expect(error.details).toMatchObject({ revoked: true, transient: false });
  });

  it('treats a 429 as passing, after Retry-After', async () => {
    const { tokens } = await connect();
    fake.errors.push({
      match: /^POST \/token$/u,
      status: 429,
      retryAfter: '7',
      body: { error: 'rate_limit_exceeded', error_description: 'Rate Limit Exceeded' },
    });
    const error = await caught(youtube.refresh(tokens), [tokens.refreshToken ?? '']);
    expect(error.details).toMatchObject({
      status: 429,
      transient: true,
      revoked: false,
      retryAfterMs: 7000,
    });
  });

  it('keeps every secret out of an error that echoes the request back', async () => {
    const { tokens } = await connect();
    const refreshToken = tokens.refreshToken ?? '';
    fake.errors.push({
      match: /^POST \/token$/u,
      status: 500,
      body: {
        error: 'internal_failure',
        error_description: `could not use refresh_token=${encodeURIComponent(refreshToken)} with client_secret=${fake.clientSecret}`,
        request: { refresh_token: refreshToken, access: tokens.accessToken },
      },
    });
    const error = await caught(youtube.refresh(tokens), [refreshToken, tokens.accessToken]);
    expect(error.details.transient).toBe(true);
    expect(String(error.cause)).toContain('internal_failure');
    expect(String(error.cause)).toContain('[redacted]');
  });

  it("blames this server's app credentials when Google does not know the client", async () => {
    const wrongSecret = 'not-the-client-secret-123';
    const misconfigured = createYouTubeAuth({ ...fake.settings, clientSecret: wrongSecret });
    const code = fake.issue({ redirectUri: REDIRECT_URI });
    const error = await caught(
      misconfigured.exchangeCode({
        code,
        codeVerifier: 'verifier-xyz-123',
        redirectUri: REDIRECT_URI,
      }),
      [wrongSecret, code],
    );
    expect(error.message).toBe(PLATFORM_MESSAGES.appCredentials('YouTube'));
    expect(error.details).toMatchObject({ status: 401, transient: false });
  });

  it("leaves a day's quota alone and retries a rate limit", async () => {
    const { tokens } = await connect();
    const dataApiError = (reason: string) => ({
      error: { code: 403, message: reason, errors: [{ reason, domain: 'youtube.quota' }] },
    });
    fake.errors.push({ match: /channels/u, status: 403, body: dataApiError('quotaExceeded') });
    const quota = await caught(youtube.account(tokens.accessToken), [tokens.accessToken]);
    expect(quota.message).toBe(YOUTUBE_QUOTA_MESSAGE);
    expect(quota.details.transient).toBe(false);
    fake.errors.push({ match: /channels/u, status: 403, body: dataApiError('rateLimitExceeded') });
    const limited = await caught(youtube.account(tokens.accessToken), [tokens.accessToken]);
    expect(limited.details.transient).toBe(true);
  });

  it('answers transient when Google cannot be reached or does not answer in time', async () => {
    const unreachable = createYouTubeAuth({
      ...fake.settings,
      tokenUrl: 'http://127.0.0.1:1/token',
    });
    const down = await caught(
      unreachable.refresh({ accessToken: 'a', refreshToken: 'refresh-123456789' }),
      ['refresh-123456789'],
    );
    expect(down.message).toBe(PLATFORM_MESSAGES.unreachable('YouTube'));
    expect(down.details).toMatchObject({ status: null, transient: true });

    fake.routes['^POST /slow-token$'] = () => {};
    const slow = createYouTubeAuth(
      { ...fake.settings, tokenUrl: `${fake.baseUrl}/slow-token` },
      { timeoutMs: 100 },
    );
    const late = await caught(
      slow.refresh({ accessToken: 'a', refreshToken: 'refresh-123456789' }),
      ['refresh-123456789'],
    );
    expect(late.message).toBe(PLATFORM_MESSAGES.timeout('YouTube'));
    expect(late.details.transient).toBe(true);
  });

  it("gives up with the caller's own reason when the caller aborts", async () => {
    const reason = new Error('the member left');
    await expect(
      youtube.refresh({ accessToken: 'a', refreshToken: 'r' }, AbortSignal.abort(reason)),
    ).rejects.toBe(reason);
  });

  it('revokes beside the token URL, so a proxy path survives', async () => {
    const seen: string[] = [];
    const proxied = createYouTubeAuth(
      { clientId: 'id', clientSecret: 'secret', tokenUrl: 'https://proxy.example/google/token' },
      {
        fetch: async (url) => {
          seen.push(String(url));
          return new Response('{}', { status: 200 });
        },
      },
    );
    await proxied.revoke({ accessToken: 'access', refreshToken: null });
    expect(seen).toEqual(['https://proxy.example/google/revoke']);
  });
});
