// The Instagram OAuth client against a stand-in of Instagram Login, over real HTTP: the consent
// URL (no PKCE), the code bought for a short-lived token and traded for a long-lived one (both
// of Meta's answer shapes), refreshing the long-lived token, code 190 as revoked, rate limits,
// the username, revoke doing nothing, and no secret in any error.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { consent, type FakeInstagram, startFakeInstagram } from '../../../../test/fake-platforms';
import { createInstagramAuth, INSTAGRAM_SCOPES } from './instagram';
import { PLATFORM_MESSAGES } from './oauth-http';
import { type OAuthTokens, type PlatformAuth, PlatformError } from './platform';

const REDIRECT_URI = 'https://reelforge.test/api/connections/instagram/callback';
const PROFESSIONAL = { id: '17841405793187218', name: 'lighthouse.stories' };
const SIXTY_DAYS_S = 5_183_944;

let fake: FakeInstagram;
let instagram: PlatformAuth;

beforeAll(async () => {
  fake = await startFakeInstagram();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.account = PROFESSIONAL;
  fake.consent = 'approve';
  fake.tokenShape = 'wrapped';
  fake.errors = [];
  instagram = createInstagramAuth(fake.settings);
});

async function connect(): Promise<{ tokens: OAuthTokens; code: string }> {
  const back = await consent(
    instagram.authorizeUrl({
      state: 'state-1',
      codeChallenge: 'unused',
      redirectUri: REDIRECT_URI,
    }),
  );
  const code = back.searchParams.get('code') ?? '';
  const tokens = await instagram.exchangeCode({
    code,
    codeVerifier: '',
    redirectUri: REDIRECT_URI,
  });
  return { tokens, code };
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

function receivedAt(method: string, pathname: string) {
  return fake.received.filter(
    (request) => request.method === method && request.path.split('?')[0] === pathname,
  );
}

describe('the Instagram OAuth client', () => {
  it('asks for the business scopes with state, and no PKCE', () => {
    const url = new URL(
      instagram.authorizeUrl({ state: 'st-42', codeChallenge: 'chal', redirectUri: REDIRECT_URI }),
    );
    expect(`${url.origin}${url.pathname}`).toBe(fake.settings.authUrl);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: fake.clientId,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: 'instagram_business_basic,instagram_business_content_publish',
      state: 'st-42',
    });
  });

  it("uses Instagram's endpoints when none are set", () => {
    const real = createInstagramAuth({ clientId: 'app', clientSecret: 'secret' });
    const url = real.authorizeUrl({ state: 's', codeChallenge: 'c', redirectUri: REDIRECT_URI });
    expect(url.startsWith('https://www.instagram.com/oauth/authorize?')).toBe(true);
  });

  it("comes back from consent with code and state, Meta's #_ left to the browser", async () => {
    const back = await consent(
      instagram.authorizeUrl({ state: 'st-7', codeChallenge: 'c', redirectUri: REDIRECT_URI }),
    );
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get('state')).toBe('st-7');
    expect(back.hash).toBe('#_');
  });

  it('buys a short-lived token with the code and trades it for a long-lived one', async () => {
    const before = Date.now();
    const { tokens, code } = await connect();
    expect(tokens.refreshToken).toBeNull();
    expect(tokens.accessToken).toMatch(/^IGAA/u);
    expect(tokens.scopes).toEqual([...INSTAGRAM_SCOPES]);
    expect(tokens.expiresAt?.getTime()).toBeGreaterThanOrEqual(before + SIXTY_DAYS_S * 1000);
    expect(tokens.expiresAt?.getTime()).toBeLessThanOrEqual(Date.now() + SIXTY_DAYS_S * 1000);

    const exchange = receivedAt('POST', '/oauth/access_token').at(-1);
    expect(exchange?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(exchange?.body).toEqual({
      client_id: fake.clientId,
      client_secret: fake.clientSecret,
      grant_type: 'authorization_code',
      redirect_uri: REDIRECT_URI,
      code,
    });
    const trade = receivedAt('GET', '/access_token').at(-1);
    const query = new URL(trade?.path ?? '/', fake.baseUrl).searchParams;
    expect(query.get('grant_type')).toBe('ig_exchange_token');
    expect(query.get('client_secret')).toBe(fake.clientSecret);
    expect(query.get('access_token')).toMatch(/^IGQ/u);
    expect(await instagram.account(tokens.accessToken)).toEqual(PROFESSIONAL);
  });

  it('reads the code exchange answered flat as well as wrapped in data', async () => {
    fake.tokenShape = 'flat';
    const { tokens } = await connect();
    expect(tokens.accessToken).toMatch(/^IGAA/u);
    expect(tokens.scopes).toEqual([...INSTAGRAM_SCOPES]);
  });

  it('refuses a reused code in the older error shape, not calling the grant revoked', async () => {
    const { code } = await connect();
    const error = await caught(
      instagram.exchangeCode({ code, codeVerifier: '', redirectUri: REDIRECT_URI }),
      [code],
    );
    expect(error.message).toBe(PLATFORM_MESSAGES.expiredSignIn('Instagram'));
    expect(error.details).toMatchObject({ status: 400, transient: false, revoked: false });
    expect(String(error.cause)).toContain('Matching code was not found or was already used');
  });

  it('refreshes the long-lived token itself', async () => {
    const { tokens } = await connect();
    const refreshed = await instagram.refresh(tokens);
    expect(refreshed.accessToken).toMatch(/^IGAA/u);
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(refreshed.refreshToken).toBeNull();
    expect(refreshed.expiresAt?.getTime()).toBeGreaterThan(Date.now() + 59 * 86_400_000);
    const asked = receivedAt('GET', '/refresh_access_token').at(-1);
    const query = new URL(asked?.path ?? '/', fake.baseUrl).searchParams;
    expect(Object.fromEntries(query)).toEqual({
      grant_type: 'ig_refresh_token',
      access_token: tokens.accessToken,
    });
    expect(await instagram.account(refreshed.accessToken)).toEqual(PROFESSIONAL);
  });

  it('ends in revoked (code 190) when the member removed the app, or the token expired', async () => {
    const { tokens } = await connect();
    fake.revokeGrants();
    const removed = await caught(instagram.refresh(tokens), [tokens.accessToken]);
    expect(removed.message).toBe(PLATFORM_MESSAGES.reconnect('Instagram'));
    expect(removed.details).toMatchObject({ status: 400, transient: false, revoked: true });
    const api = await caught(instagram.account(tokens.accessToken), [tokens.accessToken]);
    expect(api.details).toMatchObject({ revoked: true });

    const { tokens: later } = await connect();
    fake.expireAccessTokens();
    const expired = await caught(instagram.refresh(later), [later.accessToken]);
    expect(expired.details).toMatchObject({ revoked: true });
    expect(String(expired.cause)).toContain('463');
  });

  it("names the account after the professional account's username, asking with Bearer", async () => {
    const { tokens } = await connect();
    expect(await instagram.account(tokens.accessToken)).toEqual(PROFESSIONAL);
    const asked = receivedAt('GET', '/me').at(-1);
    expect(asked?.path).toBe('/me?fields=user_id,username');
    expect(asked?.headers.authorization).toBe(`Bearer ${tokens.accessToken}`);
  });

  it('revokes nothing at Instagram, which offers no way to', async () => {
    const { tokens } = await connect();
    const requests = fake.received.length;
    await expect(instagram.revoke(tokens)).resolves.toBeUndefined();
    expect(fake.received.length).toBe(requests);
    expect(await instagram.account(tokens.accessToken)).toEqual(PROFESSIONAL);
  });

  it('treats an HTTP 429 and the Graph rate-limit codes as passing', async () => {
    const { tokens } = await connect();
    fake.errors.push({
      match: /^GET \/refresh_access_token$/u,
      status: 429,
      retryAfter: '30',
      body: { error: { message: 'Too many calls', type: 'OAuthException', code: 4 } },
    });
    const limited = await caught(instagram.refresh(tokens), [tokens.accessToken]);
    expect(limited.details).toMatchObject({ status: 429, transient: true, retryAfterMs: 30_000 });

    fake.errors.push({
      match: /^GET \/me$/u,
      status: 400,
      body: {
        error: {
          message: 'Application request limit reached',
          type: 'OAuthException',
          code: 4,
          is_transient: true,
          fbtrace_id: 'AbC',
        },
      },
    });
    const throttled = await caught(instagram.account(tokens.accessToken), [tokens.accessToken]);
    expect(throttled.details).toMatchObject({ status: 400, transient: true, revoked: false });
  });

  it("blames this server's app credentials when Meta does not know the secret", async () => {
    const wrongSecret = 'not-the-app-secret-789';
    const misconfigured = createInstagramAuth({ ...fake.settings, clientSecret: wrongSecret });
    const code = fake.issue({ redirectUri: REDIRECT_URI });
    const error = await caught(
      misconfigured.exchangeCode({ code, codeVerifier: '', redirectUri: REDIRECT_URI }),
      [wrongSecret, code],
    );
    expect(error.message).toBe(PLATFORM_MESSAGES.appCredentials('Instagram'));
    expect(error.details).toMatchObject({ status: 400, transient: false });
  });

  it('keeps the secret and the short-lived token out of an error that echoes the URL', async () => {
    const code = fake.issue({ redirectUri: REDIRECT_URI, scopes: [...INSTAGRAM_SCOPES] });
    const routes = fake.routes;
    let shortLived = '';
    fake.routes = {
      ...routes,
      '^GET /access_token$': (request, respond) => {
        shortLived = request.url.searchParams.get('access_token') ?? '';
        respond(500, {
          error: {
            message: `Unexpected error for ${request.url.search}`,
            type: 'OAuthException',
            code: 2,
            fbtrace_id: 'XyZ',
          },
        });
      },
    };
    try {
      const error = await caught(
        instagram.exchangeCode({ code, codeVerifier: '', redirectUri: REDIRECT_URI }),
        [code],
      );
      expect(error.details).toMatchObject({ status: 500, transient: true });
      expect(shortLived).toMatch(/^IGQ/u);
      expect(JSON.stringify(error, Object.getOwnPropertyNames(error))).not.toContain(shortLived);
      expect(String(error.cause)).toContain('grant_type=ig_exchange_token');
    } finally {
      fake.routes = routes;
    }
  });
});
