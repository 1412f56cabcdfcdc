// The TikTok OAuth client against a stand-in of Login Kit v2 and user info, over real HTTP: the
// consent URL with TikTok's hex PKCE challenge, the code exchange, rotating refresh tokens, errors
// in HTTP 200 bodies, revoke, the display name, and no secret in any error.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { consent, type FakePlatform, startFakeTikTok } from '../../../../test/fake-platforms';
import { createPkce, PLATFORM_MESSAGES } from './oauth-http';
import { type OAuthTokens, type PlatformAuth, PlatformError } from './platform';
import { createTikTokAuth, TIKTOK_SCOPES, tiktokCodeChallenge } from './tiktok';

const REDIRECT_URI = 'https://reelforge.test/api/connections/tiktok/callback';
const CREATOR = { id: '-000OpenIdOfLighthouse', name: 'lighthouse.stories' };

let fake: FakePlatform;
let tiktok: PlatformAuth;

beforeAll(async () => {
  fake = await startFakeTikTok();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.account = CREATOR;
  fake.consent = 'approve';
  fake.errors = [];
  tiktok = createTikTokAuth(fake.settings);
});

async function connect(): Promise<{ tokens: OAuthTokens; code: string; verifier: string }> {
  const pkce = createPkce();
  const back = await consent(
    tiktok.authorizeUrl({
      state: 'state-1',
      codeChallenge: pkce.challenge,
      redirectUri: REDIRECT_URI,
    }),
  );
  const code = back.searchParams.get('code') ?? '';
  const tokens = await tiktok.exchangeCode({
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

describe('the TikTok OAuth client', () => {
  it('asks for the publishing scopes with the client key and a hex S256 challenge', () => {
    const { verifier, challenge } = createPkce();
    const url = new URL(
      tiktok.authorizeUrl({ state: 'st-42', codeChallenge: challenge, redirectUri: REDIRECT_URI }),
    );
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.baseUrl}/v2/auth/authorize/`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_key: fake.clientId,
      response_type: 'code',
      scope: 'user.info.basic,video.publish,video.upload',
      redirect_uri: REDIRECT_URI,
      state: 'st-42',
      code_challenge: createHash('sha256').update(verifier).digest('hex'),
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.has('client_secret')).toBe(false);
  });

  it("re-encodes an S256 challenge's digest as hex, and refuses what is not one", () => {
    const { verifier, challenge } = createPkce();
    expect(tiktokCodeChallenge(challenge)).toBe(
      createHash('sha256').update(verifier).digest('hex'),
    );
    expect(() => tiktokCodeChallenge('too-short')).toThrow(/not a base64url SHA-256/u);
  });

  it("uses TikTok's endpoints when none are set", () => {
    const real = createTikTokAuth({ clientId: 'key', clientSecret: 'secret' });
    const { challenge } = createPkce();
    const url = real.authorizeUrl({
      state: 's',
      codeChallenge: challenge,
      redirectUri: REDIRECT_URI,
    });
    expect(url.startsWith('https://www.tiktok.com/v2/auth/authorize/?')).toBe(true);
  });

  it('exchanges the consent code with its PKCE verifier', async () => {
    const before = Date.now();
    const { tokens, code, verifier } = await connect();
    expect(tokens.accessToken).toMatch(/^act\./u);
    expect(tokens.refreshToken).toMatch(/^rft\./u);
    expect(tokens.scopes).toEqual([...TIKTOK_SCOPES]);
    expect(tokens.expiresAt?.getTime()).toBeGreaterThanOrEqual(before + 86_400_000);
    const sent = lastReceived('POST', '/v2/oauth/token/');
    expect(sent?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(sent?.body).toEqual({
      client_key: fake.clientId,
      client_secret: fake.clientSecret,
      code,
      grant_type: 'authorization_code',
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    });
  });

  it('reads an error TikTok answers with HTTP 200, and does not call the grant revoked', async () => {
    const pkce = createPkce();
    const back = await consent(
      tiktok.authorizeUrl({ state: 's', codeChallenge: pkce.challenge, redirectUri: REDIRECT_URI }),
    );
    const code = back.searchParams.get('code') ?? '';
    const stranger = createPkce().verifier;
    const wrong = await caught(
      tiktok.exchangeCode({ code, codeVerifier: stranger, redirectUri: REDIRECT_URI }),
      [code, stranger, pkce.verifier],
    );
    expect(wrong.message).toBe(PLATFORM_MESSAGES.signInRefused('TikTok'));
    expect(wrong.details).toMatchObject({ status: 200, transient: false, revoked: false });
    expect(String(wrong.cause)).toContain('Code verifier or code challenge is invalid.');

    await tiktok.exchangeCode({ code, codeVerifier: pkce.verifier, redirectUri: REDIRECT_URI });
    const reused = await caught(
      tiktok.exchangeCode({ code, codeVerifier: pkce.verifier, redirectUri: REDIRECT_URI }),
      [code, pkce.verifier],
    );
    expect(reused.message).toBe(PLATFORM_MESSAGES.expiredSignIn('TikTok'));
    expect(reused.details).toMatchObject({ transient: false, revoked: false });
  });

  it('reads the same error body under an HTTP 400', async () => {
    fake.errors.push({
      match: /^POST \/v2\/oauth\/token\/$/u,
      status: 400,
      body: { error: 'invalid_grant', error_description: 'Code expired.', log_id: '2026X' },
    });
    const error = await caught(
      tiktok.exchangeCode({
        code: 'expired-code-123',
        codeVerifier: 'verifier-123456',
        redirectUri: REDIRECT_URI,
      }),
      ['expired-code-123', 'verifier-123456'],
    );
    expect(error.message).toBe(PLATFORM_MESSAGES.expiredSignIn('TikTok'));
    expect(error.details).toMatchObject({ status: 400, transient: false });
  });

  it('refreshes with the rotating refresh token; the old one is then refused as revoked', async () => {
    const { tokens } = await connect();
    fake.expireAccessTokens();
    const refused = await caught(tiktok.account(tokens.accessToken), [tokens.accessToken]);
    expect(refused.details).toMatchObject({ status: 401, revoked: true });

    const refreshed = await tiktok.refresh(tokens);
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(refreshed.refreshToken).toMatch(/^rft\./u);
    expect(refreshed.refreshToken).not.toBe(tokens.refreshToken);
    expect(lastReceived('POST', '/v2/oauth/token/')?.body).toEqual({
      client_key: fake.clientId,
      client_secret: fake.clientSecret,
      grant_type: 'refresh_token',
      refresh_token: tokens.refreshToken,
    });
    expect(await tiktok.account(refreshed.accessToken)).toEqual(CREATOR);

    const stale = await caught(tiktok.refresh(tokens), [tokens.refreshToken ?? '']);
    expect(stale.message).toBe(PLATFORM_MESSAGES.reconnect('TikTok'));
    expect(stale.details).toMatchObject({ transient: false, revoked: true });
  });

  it("names the account after the creator's display name, asking with the access token", async () => {
    const { tokens } = await connect();
    expect(await tiktok.account(tokens.accessToken)).toEqual(CREATOR);
    const asked = lastReceived('GET', '/v2/user/info/');
    expect(asked?.path).toBe('/v2/user/info/?fields=open_id,display_name');
    expect(asked?.headers.authorization).toBe(`Bearer ${tokens.accessToken}`);
  });

  it('revokes the access token with the client key; the grant is then gone', async () => {
    const { tokens } = await connect();
    await tiktok.revoke(tokens);
    expect(lastReceived('POST', '/v2/oauth/revoke/')?.body).toEqual({
      client_key: fake.clientId,
      client_secret: fake.clientSecret,
      token: tokens.accessToken,
    });
    const error = await caught(tiktok.refresh(tokens), [tokens.refreshToken ?? '']);
    expect(error.details).toMatchObject({ revoked: true, transient: false });
    await expect(tiktok.revoke(tokens)).resolves.toBeUndefined();
  });

  it('ends in revoked when the member removed the app at TikTok', async () => {
    const { tokens } = await connect();
    fake.revokeGrants();
    const error = await caught(tiktok.refresh(tokens), [tokens.refreshToken ?? '']);
    expect(error.details).toMatchObject({ revoked: true });
    const api = await caught(tiktok.account(tokens.accessToken), [tokens.accessToken]);
    expect(api.details).toMatchObject({ revoked: true });
  });

  it("treats TikTok's rate limit as passing, after Retry-After", async () => {
    const { tokens } = await connect();
    fake.errors.push({
      match: /^GET \/v2\/user\/info\/$/u,
      status: 429,
      retryAfter: '12',
      body: {
        data: {},
        error: { code: 'rate_limit_exceeded', message: 'Too many requests.', log_id: '2026Y' },
      },
    });
    const error = await caught(tiktok.account(tokens.accessToken), [tokens.accessToken]);
    expect(error.details).toMatchObject({ status: 429, transient: true, retryAfterMs: 12_000 });
  });

  it("blames this server's app credentials when TikTok does not know the client", async () => {
    const wrongSecret = 'not-the-client-secret-456';
    const misconfigured = createTikTokAuth({ ...fake.settings, clientSecret: wrongSecret });
    const code = fake.issue({ redirectUri: REDIRECT_URI });
    const error = await caught(
      misconfigured.exchangeCode({
        code,
        codeVerifier: 'verifier-xyz-123',
        redirectUri: REDIRECT_URI,
      }),
      [wrongSecret, code],
    );
    expect(error.message).toBe(PLATFORM_MESSAGES.appCredentials('TikTok'));
    expect(error.details).toMatchObject({ status: 200, transient: false });
  });

  it('keeps every secret out of an error that echoes the request back', async () => {
    const { tokens } = await connect();
    const refreshToken = tokens.refreshToken ?? '';
    fake.errors.push({
      match: /^POST \/v2\/oauth\/token\/$/u,
      status: 503,
      body: {
        error: 'temporarily_unavailable',
        error_description: `client_secret=${fake.clientSecret}&refresh_token=${refreshToken}`,
        log_id: '2026Z',
      },
    });
    const error = await caught(tiktok.refresh(tokens), [refreshToken, tokens.accessToken]);
    expect(error.details).toMatchObject({ status: 503, transient: true });
  });
});
