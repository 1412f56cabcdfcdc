// The platform capability's contract, one set of cases run over YouTube, TikTok and Instagram
// against their stand-ins over real HTTP: the OAuth connection (consent URL, code exchange with or
// without PKCE, refresh, revoke, the account, each failure's class and words, no secret in any
// error) and what every publisher promises (a refused token, a rate limit, a step given up). Each
// driver holds what its platform documents; what only one platform does stays in its own file.
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  consent,
  type FakeAccount,
  type FakePlatform,
  startFakeInstagram,
  startFakeTikTok,
  startFakeYouTube,
} from '../../../../test/fake-platforms';
import {
  bufferFile,
  caughtPlatformError,
  freshSaved,
  stepInput,
} from '../../../../test/publisher-harness';
import { createInstagramAuth } from './instagram';
import { createInstagramPublisher } from './instagram-publisher';
import {
  createPkce,
  PLATFORM_MESSAGES,
  type PlatformAuthSettings,
  type PlatformHttpOptions,
} from './oauth-http';
import type { OAuthTokens, PlatformAuth } from './platform';
import type { PostDetails, Publisher } from './publisher';
import { createTikTokAuth } from './tiktok';
import { createTikTokPublisher } from './tiktok-publisher';
import { createYouTubeAuth } from './youtube';
import { createYouTubePublisher } from './youtube-publisher';

type Tokens = Pick<OAuthTokens, 'accessToken' | 'refreshToken'>;
type Secrets = { clientSecret: string; accessToken: string; refreshToken: string };

/** What one platform documents, as the contract's cases ask it. */
type Driver = {
  label: 'YouTube' | 'TikTok' | 'Instagram';
  start(): Promise<FakePlatform>;
  createAuth(settings: PlatformAuthSettings, options?: PlatformHttpOptions): PlatformAuth;
  /** Who approves on the consent page, and the account the client must name. */
  account: FakeAccount;
  scopes: readonly string[];
  /** The platform's own consent page, used when no endpoint is set. */
  defaultAuthUrl: string;
  /** The consent URL's query, exactly. */
  consentQuery(input: {
    clientId: string;
    state: string;
    verifier: string;
    redirectUri: string;
  }): Record<string, string>;
  /** What the consent page adds when it sends the member back (Meta's `#_`). */
  consentFragment: string;
  /** The query besides error=access_denied and state when the member cancels. */
  deniedQuery: Record<string, string>;
  accessToken: RegExp;
  /**
   * Google keeps its refresh token, TikTok rotates it, Instagram has none: its long-lived access
   * token is the grant, and what gives an expired one away is `expiredCause` (Meta's 463).
   */
  refreshTokens:
    | { rule: 'kept' | 'rotated'; pattern: RegExp }
    | { rule: 'none'; expiredCause: string };
  exchangePath: string;
  exchangeForm(input: {
    clientId: string;
    clientSecret: string;
    code: string;
    verifier: string;
    redirectUri: string;
  }): Record<string, string>;
  /** The refusal of a wrong PKCE verifier; null where the platform takes no PKCE. */
  wrongVerifier: { message: string; status: number; cause: string } | null;
  /** The HTTP status a token endpoint's error comes with (TikTok's: 200). */
  tokenErrorStatus: number;
  reusedCodeCause: string;
  appCredentialsStatus: number;
  /** The refresh as the platform receives it: a form (POST) or a query (GET). */
  refresh: {
    route: string;
    method: 'GET' | 'POST';
    path: string;
    parameters(tokens: Tokens, fake: FakePlatform): Record<string, string>;
  };
  refreshedScopes: readonly string[];
  accountLookup: { route: string; path: string; expiredStatus: number };
  revoke: { path: string; form(tokens: Tokens, fake: FakePlatform): Record<string, string> } | null;
  /** The platform's own rate-limit answers, at the token endpoint and the account lookup. */
  rateLimited: { refresh: unknown; account: unknown };
  /** An error answer to a refresh that echoes the request's secrets back. */
  echo(secrets: Secrets): { status: number; body: unknown; marker: string };
  publisher: {
    create(fake: FakePlatform): Publisher;
    /** The call a rate limit is scripted on, and the platform's own answer. */
    rateLimited: { match: RegExp; body: unknown };
    /** The status a refused token comes with. */
    refusedStatus: number;
  };
};

const redirectUriOf = (label: string) =>
  `https://reelforge.test/api/connections/${label.toLowerCase()}/callback`;

const YOUTUBE_SCOPES = [
  'https://www.googleapis.com/auth/youtube.upload',
  'https://www.googleapis.com/auth/youtube.readonly',
];
const TIKTOK_SCOPES = ['user.info.basic', 'video.publish', 'video.upload'];
const INSTAGRAM_SCOPES = ['instagram_business_basic', 'instagram_business_content_publish'];

const youtube: Driver = {
  label: 'YouTube',
  start: () => startFakeYouTube(),
  createAuth: createYouTubeAuth,
  account: { id: 'UCx9sQ2lighthouse00000A', name: 'Lighthouse Stories' },
  scopes: YOUTUBE_SCOPES,
  defaultAuthUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
  consentQuery: ({ clientId, state, verifier, redirectUri }) => ({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: YOUTUBE_SCOPES.join(' '),
    access_type: 'offline',
    prompt: 'consent',
    include_granted_scopes: 'true',
    state,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }),
  consentFragment: '',
  deniedQuery: {},
  accessToken: /^ya29\./u,
  refreshTokens: { rule: 'kept', pattern: /^1\/\//u },
  exchangePath: '/token',
  exchangeForm: ({ clientId, clientSecret, code, verifier, redirectUri }) => ({
    code,
    client_id: clientId,
    client_secret: clientSecret,
    redirect_uri: redirectUri,
    grant_type: 'authorization_code',
    code_verifier: verifier,
  }),
  wrongVerifier: {
    message: PLATFORM_MESSAGES.expiredSignIn('YouTube'),
    status: 400,
    cause: 'Invalid code verifier.',
  },
  tokenErrorStatus: 400,
  reusedCodeCause: 'invalid_grant',
  appCredentialsStatus: 401,
  refresh: {
    route: '^POST /token$',
    method: 'POST',
    path: '/token',
    parameters: (tokens, fake) => ({
      client_id: fake.clientId,
      client_secret: fake.clientSecret,
      refresh_token: tokens.refreshToken ?? '',
      grant_type: 'refresh_token',
    }),
  },
  refreshedScopes: YOUTUBE_SCOPES,
  accountLookup: {
    route: '^GET /youtube/v3/channels$',
    path: '/youtube/v3/channels?part=snippet&mine=true',
    expiredStatus: 401,
  },
  revoke: { path: '/revoke', form: (tokens) => ({ token: tokens.refreshToken ?? '' }) },
  rateLimited: {
    refresh: { error: 'rate_limit_exceeded', error_description: 'Rate Limit Exceeded' },
    account: {
      error: {
        code: 429,
        message: 'Rate Limit Exceeded',
        errors: [{ reason: 'rateLimitExceeded', domain: 'usageLimits' }],
      },
    },
  },
  echo: ({ clientSecret, accessToken, refreshToken }) => ({
    status: 500,
    body: {
      error: 'internal_failure',
      error_description: `could not use refresh_token=${encodeURIComponent(refreshToken)} with client_secret=${clientSecret}`,
      request: { refresh_token: refreshToken, access: accessToken },
    },
    marker: 'internal_failure',
  }),
  publisher: {
    create: (fake) => createYouTubePublisher(fake.settings, { pollAfterMs: 5 }),
    rateLimited: {
      match: /^POST \/upload\/youtube\/v3\/videos$/u,
      body: { error: { code: 429, errors: [{ reason: 'rateLimitExceeded' }] } },
    },
    refusedStatus: 401,
  },
};

const tiktok: Driver = {
  label: 'TikTok',
  start: () => startFakeTikTok(),
  createAuth: createTikTokAuth,
  account: { id: '-000OpenIdOfLighthouse', name: 'lighthouse.stories' },
  scopes: TIKTOK_SCOPES,
  defaultAuthUrl: 'https://www.tiktok.com/v2/auth/authorize/',
  consentQuery: ({ clientId, state, verifier, redirectUri }) => ({
    client_key: clientId,
    response_type: 'code',
    scope: TIKTOK_SCOPES.join(','),
    redirect_uri: redirectUri,
    state,
    // TikTok's challenge is the SHA-256 digest in hex, not RFC 7636's base64url.
    code_challenge: createHash('sha256').update(verifier).digest('hex'),
    code_challenge_method: 'S256',
  }),
  consentFragment: '',
  deniedQuery: { error_description: 'The user denied the request' },
  accessToken: /^act\./u,
  refreshTokens: { rule: 'rotated', pattern: /^rft\./u },
  exchangePath: '/v2/oauth/token/',
  exchangeForm: ({ clientId, clientSecret, code, verifier, redirectUri }) => ({
    client_key: clientId,
    client_secret: clientSecret,
    code,
    grant_type: 'authorization_code',
    redirect_uri: redirectUri,
    code_verifier: verifier,
  }),
  wrongVerifier: {
    message: PLATFORM_MESSAGES.signInRefused('TikTok'),
    status: 200,
    cause: 'Code verifier or code challenge is invalid.',
  },
  tokenErrorStatus: 200,
  reusedCodeCause: 'Authorization code is expired.',
  appCredentialsStatus: 200,
  refresh: {
    route: '^POST /v2/oauth/token/$',
    method: 'POST',
    path: '/v2/oauth/token/',
    parameters: (tokens, fake) => ({
      client_key: fake.clientId,
      client_secret: fake.clientSecret,
      grant_type: 'refresh_token',
      refresh_token: tokens.refreshToken ?? '',
    }),
  },
  refreshedScopes: TIKTOK_SCOPES,
  accountLookup: {
    route: '^GET /v2/user/info/$',
    path: '/v2/user/info/?fields=open_id,display_name',
    expiredStatus: 401,
  },
  revoke: {
    path: '/v2/oauth/revoke/',
    form: (tokens, fake) => ({
      client_key: fake.clientId,
      client_secret: fake.clientSecret,
      token: tokens.accessToken,
    }),
  },
  rateLimited: {
    refresh: { error: 'rate_limit_exceeded', error_description: 'Too many requests.' },
    account: {
      data: {},
      error: { code: 'rate_limit_exceeded', message: 'Too many requests.', log_id: '2026Y' },
    },
  },
  echo: ({ clientSecret, refreshToken }) => ({
    status: 503,
    body: {
      error: 'temporarily_unavailable',
      error_description: `client_secret=${clientSecret}&refresh_token=${refreshToken}`,
      log_id: '2026Z',
    },
    marker: 'temporarily_unavailable',
  }),
  publisher: {
    create: (fake) => createTikTokPublisher(fake.settings, { pollAfterMs: 5 }),
    rateLimited: {
      match: /^POST \/v2\/post\/publish\/video\/init\/$/u,
      body: {
        data: {},
        error: { code: 'rate_limit_exceeded', message: 'Too many requests.', log_id: '2026W' },
      },
    },
    refusedStatus: 401,
  },
};

const instagram: Driver = {
  label: 'Instagram',
  start: () => startFakeInstagram(),
  createAuth: createInstagramAuth,
  account: { id: '17841405793187218', name: 'lighthouse.stories' },
  scopes: INSTAGRAM_SCOPES,
  defaultAuthUrl: 'https://www.instagram.com/oauth/authorize',
  // No PKCE: Instagram Login documents no code_challenge.
  consentQuery: ({ clientId, state, redirectUri }) => ({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: INSTAGRAM_SCOPES.join(','),
    state,
  }),
  consentFragment: '#_',
  deniedQuery: { error_reason: 'user_denied', error_description: 'The user denied your request' },
  accessToken: /^IGAA/u,
  refreshTokens: { rule: 'none', expiredCause: '463' },
  exchangePath: '/oauth/access_token',
  exchangeForm: ({ clientId, clientSecret, code, redirectUri }) => ({
    client_id: clientId,
    client_secret: clientSecret,
    grant_type: 'authorization_code',
    redirect_uri: redirectUri,
    code,
  }),
  wrongVerifier: null,
  tokenErrorStatus: 400,
  reusedCodeCause: 'Matching code was not found or was already used',
  appCredentialsStatus: 400,
  refresh: {
    route: '^GET /refresh_access_token$',
    method: 'GET',
    path: '/refresh_access_token',
    parameters: (tokens) => ({ grant_type: 'ig_refresh_token', access_token: tokens.accessToken }),
  },
  // Instagram does not repeat the permissions on a refresh.
  refreshedScopes: [],
  accountLookup: { route: '^GET /me$', path: '/me?fields=user_id,username', expiredStatus: 400 },
  revoke: null,
  rateLimited: {
    refresh: { error: { message: 'Too many calls', type: 'OAuthException', code: 4 } },
    account: { error: { message: 'Too many calls', type: 'OAuthException', code: 4 } },
  },
  // The refresh carries only the access token: that is what an echo could give away.
  echo: ({ accessToken }) => ({
    status: 500,
    body: {
      error: {
        message: `Unexpected error for grant_type=ig_refresh_token&access_token=${encodeURIComponent(accessToken)}`,
        type: 'OAuthException',
        code: 2,
        fbtrace_id: 'XyZ',
      },
    },
    marker: 'grant_type=ig_refresh_token',
  }),
  publisher: {
    create: (fake) => createInstagramPublisher(fake.settings, { pollAfterMs: 5 }),
    rateLimited: {
      match: /^POST \/v23\.0\/\d+\/media$/u,
      body: { error: { message: 'refused', type: 'OAuthException', code: 4, fbtrace_id: 'AbC' } },
    },
    refusedStatus: 400,
  },
};

const POST: PostDetails = {
  title: 'The lighthouse keeper',
  description: 'A night shift at the edge of the sea.',
  hashtags: ['lighthouse', 'sea'],
  privacy: 'public',
  tiktokPrivacyLevel: null,
  tiktokAllow: null,
};

describe('createPkce', () => {
  it('makes a 43-character base64url verifier and its S256 challenge', () => {
    const { verifier, challenge } = createPkce();
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/u);
    expect(challenge).toBe(createHash('sha256').update(verifier).digest('base64url'));
    expect(createPkce().verifier).not.toBe(verifier);
  });
});

describe.each([youtube, tiktok, instagram])('$label', (driver) => {
  const { label } = driver;
  const REDIRECT_URI = redirectUriOf(label);
  let fake: FakePlatform;
  let auth: PlatformAuth;

  beforeAll(async () => {
    fake = await driver.start();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.account = driver.account;
    fake.consent = 'approve';
    fake.errors = [];
    auth = driver.createAuth(fake.settings);
  });

  /** The PlatformError a promise rejects with, carrying neither the app's secret nor `secrets`. */
  const caught = (promise: Promise<unknown>, secrets: string[] = []) =>
    caughtPlatformError(promise, [fake.clientSecret, ...secrets]);

  function lastReceived(method: string, pathname: string) {
    return fake.received
      .filter((request) => request.method === method && request.path.split('?')[0] === pathname)
      .at(-1);
  }

  /** The code the consent page sends back for a fresh PKCE pair (unused where there is none). */
  async function consented(): Promise<{ code: string; verifier: string }> {
    const pkce = createPkce();
    const back = await consent(
      auth.authorizeUrl({
        state: 'state-1',
        codeChallenge: pkce.challenge,
        redirectUri: REDIRECT_URI,
      }),
    );
    return { code: back.searchParams.get('code') ?? '', verifier: pkce.verifier };
  }

  /** Through the consent page and the code exchange, as a member connecting does. */
  async function connect(): Promise<{ tokens: OAuthTokens; code: string; verifier: string }> {
    const { code, verifier } = await consented();
    const tokens = await auth.exchangeCode({
      code,
      codeVerifier: verifier,
      redirectUri: REDIRECT_URI,
    });
    return { tokens, code, verifier };
  }

  const secretsOf = (tokens: Tokens) =>
    [tokens.accessToken, tokens.refreshToken ?? ''].filter(Boolean);

  describe('OAuth connection', () => {
    it('builds the consent URL with state, the PKCE challenge where taken, and no secret', () => {
      const { verifier, challenge } = createPkce();
      const url = new URL(
        auth.authorizeUrl({ state: 'st-42', codeChallenge: challenge, redirectUri: REDIRECT_URI }),
      );
      expect(`${url.origin}${url.pathname}`).toBe(fake.settings.authUrl);
      expect(Object.fromEntries(url.searchParams)).toEqual(
        driver.consentQuery({
          clientId: fake.clientId,
          state: 'st-42',
          verifier,
          redirectUri: REDIRECT_URI,
        }),
      );
      expect(url.searchParams.has('client_secret')).toBe(false);
      expect(url.toString()).not.toContain(fake.clientSecret);
    });

    it("uses the platform's own endpoints when none are set, or they are blank", () => {
      const { challenge } = createPkce();
      const input = { state: 's', codeChallenge: challenge, redirectUri: REDIRECT_URI };
      const unset = driver.createAuth({ clientId: 'id', clientSecret: 'secret' });
      expect(unset.authorizeUrl(input).startsWith(`${driver.defaultAuthUrl}?`)).toBe(true);
      const blank = driver.createAuth({ clientId: 'id', clientSecret: 'secret', authUrl: ' ' });
      expect(blank.authorizeUrl(input).startsWith(`${driver.defaultAuthUrl}?`)).toBe(true);
    });

    it('comes back from consent with code and state, and with access_denied when the member cancels', async () => {
      const { challenge } = createPkce();
      const approved = await consent(
        auth.authorizeUrl({ state: 'st-9', codeChallenge: challenge, redirectUri: REDIRECT_URI }),
      );
      expect(`${approved.origin}${approved.pathname}`).toBe(REDIRECT_URI);
      expect(approved.searchParams.get('state')).toBe('st-9');
      expect(approved.searchParams.get('code')).toBeTruthy();
      expect(approved.hash).toBe(driver.consentFragment);

      fake.consent = 'deny';
      const denied = await consent(
        auth.authorizeUrl({ state: 'st-10', codeChallenge: challenge, redirectUri: REDIRECT_URI }),
      );
      expect(Object.fromEntries(denied.searchParams)).toEqual({
        error: 'access_denied',
        state: 'st-10',
        ...driver.deniedQuery,
      });
    });

    it('exchanges the consent code for tokens, sending the documented form', async () => {
      const before = Date.now();
      const { tokens, code, verifier } = await connect();
      const lifetimeMs = fake.lifetimes.accessSeconds * 1000;
      expect(tokens.accessToken).toMatch(driver.accessToken);
      if (driver.refreshTokens.rule === 'none') expect(tokens.refreshToken).toBeNull();
      else expect(tokens.refreshToken).toMatch(driver.refreshTokens.pattern);
      expect(tokens.scopes).toEqual([...driver.scopes]);
      expect(tokens.expiresAt?.getTime()).toBeGreaterThanOrEqual(before + lifetimeMs);
      expect(tokens.expiresAt?.getTime()).toBeLessThanOrEqual(Date.now() + lifetimeMs);

      const sent = lastReceived('POST', driver.exchangePath);
      expect(sent?.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect(sent?.body).toEqual(
        driver.exchangeForm({
          clientId: fake.clientId,
          clientSecret: fake.clientSecret,
          code,
          verifier,
          redirectUri: REDIRECT_URI,
        }),
      );
      expect(await auth.account(tokens.accessToken)).toEqual(driver.account);
    });

    it('checks the PKCE verifier where the platform takes one, without calling the grant revoked', async () => {
      const { code, verifier } = await consented();
      const stranger = createPkce().verifier;
      const exchange = (codeVerifier: string) =>
        auth.exchangeCode({ code, codeVerifier, redirectUri: REDIRECT_URI });
      const refusal = driver.wrongVerifier;
      if (!refusal) {
        // No PKCE: any verifier goes unused, and none is sent.
        await expect(exchange(stranger)).resolves.toMatchObject({
          accessToken: driver.accessToken,
        });
        expect(lastReceived('POST', driver.exchangePath)?.body).not.toHaveProperty('code_verifier');
        return;
      }
      const wrong = await caught(exchange(stranger), [code, stranger, verifier]);
      expect(wrong.message).toBe(refusal.message);
      expect(wrong.details).toMatchObject({
        status: refusal.status,
        transient: false,
        revoked: false,
      });
      expect(String(wrong.cause)).toContain(refusal.cause);
      // The wrong verifier did not use the code up.
      await expect(exchange(verifier)).resolves.toMatchObject({ accessToken: driver.accessToken });
    });

    it('refuses a code used once as an expired sign-in, not a revoked grant', async () => {
      const { code, verifier } = await connect();
      const reused = await caught(
        auth.exchangeCode({ code, codeVerifier: verifier, redirectUri: REDIRECT_URI }),
        [code, verifier],
      );
      expect(reused.message).toBe(PLATFORM_MESSAGES.expiredSignIn(label));
      expect(reused.details).toMatchObject({
        status: driver.tokenErrorStatus,
        transient: false,
        revoked: false,
      });
      expect(String(reused.cause)).toContain(driver.reusedCodeCause);
    });

    it('refreshes the grant into a new working access token, sending the documented request', async () => {
      const { tokens } = await connect();
      const before = Date.now();
      const refreshed = await auth.refresh(tokens);
      const lifetimeMs = fake.lifetimes.accessSeconds * 1000;
      expect(refreshed.accessToken).toMatch(driver.accessToken);
      expect(refreshed.accessToken).not.toBe(tokens.accessToken);
      expect(refreshed.scopes).toEqual([...driver.refreshedScopes]);
      expect(refreshed.expiresAt?.getTime()).toBeGreaterThanOrEqual(before + lifetimeMs);
      expect(refreshed.expiresAt?.getTime()).toBeLessThanOrEqual(Date.now() + lifetimeMs);

      const sent = lastReceived(driver.refresh.method, driver.refresh.path);
      const parameters = driver.refresh.parameters(tokens, fake);
      if (driver.refresh.method === 'POST') {
        expect(sent?.headers['content-type']).toBe('application/x-www-form-urlencoded');
        expect(sent?.body).toEqual(parameters);
      } else {
        const query = new URL(sent?.path ?? '/', fake.baseUrl).searchParams;
        expect(Object.fromEntries(query)).toEqual(parameters);
      }
      expect(await auth.account(refreshed.accessToken)).toEqual(driver.account);

      const rule = driver.refreshTokens;
      if (rule.rule === 'none') {
        expect(refreshed.refreshToken).toBeNull();
      } else if (rule.rule === 'kept') {
        // Google sends no new refresh token: the one held stays good.
        expect(refreshed.refreshToken).toBe(tokens.refreshToken);
      } else {
        // A rotated refresh token replaces the old one, which is refused from then on.
        expect(refreshed.refreshToken).toMatch(rule.pattern);
        expect(refreshed.refreshToken).not.toBe(tokens.refreshToken);
        const stale = await caught(auth.refresh(tokens), secretsOf(tokens));
        expect(stale.message).toBe(PLATFORM_MESSAGES.reconnect(label));
        expect(stale.details).toMatchObject({ transient: false, revoked: true });
      }
    });

    it('refuses an expired access token as revoked; a refresh token outlives it, a long-lived token does not', async () => {
      const { tokens } = await connect();
      fake.expireAccessTokens();
      const refused = await caught(auth.account(tokens.accessToken), [tokens.accessToken]);
      expect(refused.message).toBe(PLATFORM_MESSAGES.reconnect(label));
      expect(refused.details).toMatchObject({
        status: driver.accountLookup.expiredStatus,
        transient: false,
        revoked: true,
      });

      if (driver.refreshTokens.rule === 'none') {
        // Instagram's long-lived token is the grant: expired, it can no longer be refreshed.
        const expired = await caught(auth.refresh(tokens), secretsOf(tokens));
        expect(expired.details).toMatchObject({ transient: false, revoked: true });
        expect(String(expired.cause)).toContain(driver.refreshTokens.expiredCause);
      } else {
        const refreshed = await auth.refresh(tokens);
        expect(await auth.account(refreshed.accessToken)).toEqual(driver.account);
      }
    });

    it('names the account, asking with the access token as a Bearer', async () => {
      const { tokens } = await connect();
      expect(await auth.account(tokens.accessToken)).toEqual(driver.account);
      const asked = lastReceived('GET', driver.accountLookup.path.split('?')[0] ?? '');
      expect(asked?.path).toBe(driver.accountLookup.path);
      expect(asked?.headers.authorization).toBe(`Bearer ${tokens.accessToken}`);
    });

    it('revokes the grant where the platform offers a way, and nothing where it does not', async () => {
      const { tokens } = await connect();
      const revoke = driver.revoke;
      if (!revoke) {
        const requests = fake.received.length;
        await expect(auth.revoke(tokens)).resolves.toBeUndefined();
        expect(fake.received.length).toBe(requests);
        expect(await auth.account(tokens.accessToken)).toEqual(driver.account);
        return;
      }
      await auth.revoke(tokens);
      const sent = lastReceived('POST', revoke.path);
      expect(sent?.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect(sent?.body).toEqual(revoke.form(tokens, fake));
      expect(fake.revokedTokens.has(revoke.form(tokens, fake).token ?? '')).toBe(true);

      const error = await caught(auth.refresh(tokens), secretsOf(tokens));
      expect(error.message).toBe(PLATFORM_MESSAGES.reconnect(label));
      expect(error.details).toMatchObject({
        status: driver.tokenErrorStatus,
        transient: false,
        revoked: true,
      });
      // Revoking what the platform already forgot is what we wanted.
      await expect(auth.revoke(tokens)).resolves.toBeUndefined();
    });

    it('ends in revoked when the member removed the app at the platform', async () => {
      const { tokens } = await connect();
      fake.revokeGrants();
      const error = await caught(auth.refresh(tokens), secretsOf(tokens));
      expect(error.message).toBe(PLATFORM_MESSAGES.reconnect(label));
      expect(error.details).toMatchObject({
        status: driver.tokenErrorStatus,
        transient: false,
        revoked: true,
      });
      const api = await caught(auth.account(tokens.accessToken), [tokens.accessToken]);
      expect(api.details).toMatchObject({ transient: false, revoked: true });
    });

    it("treats the platform's rate limits as passing, after Retry-After", async () => {
      const { tokens } = await connect();
      fake.errors.push({
        match: new RegExp(driver.refresh.route, 'u'),
        status: 429,
        retryAfter: '7',
        body: driver.rateLimited.refresh,
      });
      const refresh = await caught(auth.refresh(tokens), secretsOf(tokens));
      expect(refresh.details).toMatchObject({
        status: 429,
        transient: true,
        revoked: false,
        retryAfterMs: 7000,
      });

      fake.errors.push({
        match: new RegExp(driver.accountLookup.route, 'u'),
        status: 429,
        retryAfter: '12',
        body: driver.rateLimited.account,
      });
      const account = await caught(auth.account(tokens.accessToken), [tokens.accessToken]);
      expect(account.details).toMatchObject({
        status: 429,
        transient: true,
        revoked: false,
        retryAfterMs: 12_000,
      });
    });

    it('keeps every secret out of an error that echoes the request back', async () => {
      const { tokens } = await connect();
      const echo = driver.echo({
        clientSecret: fake.clientSecret,
        accessToken: tokens.accessToken,
        refreshToken: tokens.refreshToken ?? '',
      });
      fake.errors.push({
        match: new RegExp(driver.refresh.route, 'u'),
        status: echo.status,
        body: echo.body,
      });
      const error = await caught(auth.refresh(tokens), secretsOf(tokens));
      expect(error.details).toMatchObject({ status: echo.status, transient: true });
      expect(String(error.cause)).toContain(echo.marker);
      expect(String(error.cause)).toContain('[redacted]');
    });

    it("blames this server's app credentials when the platform does not know them", async () => {
      const wrongSecret = 'not-the-client-secret-123';
      const misconfigured = driver.createAuth({ ...fake.settings, clientSecret: wrongSecret });
      const code = fake.issue({ redirectUri: REDIRECT_URI });
      const error = await caught(
        misconfigured.exchangeCode({
          code,
          codeVerifier: 'verifier-xyz-123',
          redirectUri: REDIRECT_URI,
        }),
        [wrongSecret, code],
      );
      expect(error.message).toBe(PLATFORM_MESSAGES.appCredentials(label));
      expect(error.details).toMatchObject({
        status: driver.appCredentialsStatus,
        transient: false,
      });
    });

    it('answers transient when the platform cannot be reached or does not answer in time', async () => {
      const held = { accessToken: 'access-123456789', refreshToken: 'refresh-123456789' };
      const unreachable = driver.createAuth({
        ...fake.settings,
        tokenUrl: 'http://127.0.0.1:1/token',
        apiBaseUrl: 'http://127.0.0.1:1',
      });
      const down = await caught(unreachable.refresh(held), secretsOf(held));
      expect(down.message).toBe(PLATFORM_MESSAGES.unreachable(label));
      expect(down.details).toMatchObject({ status: null, transient: true });

      // The refresh's endpoint takes the request and never answers.
      const route = fake.routes[driver.refresh.route];
      fake.routes[driver.refresh.route] = () => {};
      try {
        const slow = driver.createAuth(fake.settings, { timeoutMs: 100 });
        const late = await caught(slow.refresh(held), secretsOf(held));
        expect(late.message).toBe(PLATFORM_MESSAGES.timeout(label));
        expect(late.details).toMatchObject({ status: null, transient: true });
      } finally {
        if (route) fake.routes[driver.refresh.route] = route;
      }
    });

    it("gives up with the caller's own reason when the caller aborts", async () => {
      const reason = new Error('the member left');
      await expect(
        auth.refresh({ accessToken: 'a', refreshToken: 'r' }, AbortSignal.abort(reason)),
      ).rejects.toBe(reason);
    });
  });

  describe('publisher', () => {
    let publisher: Publisher;
    let accessToken: string;
    beforeEach(() => {
      publisher = driver.publisher.create(fake);
      accessToken = fake.accessToken();
    });

    /** A short portrait video; its link is only ever asked for by Instagram, which fails first. */
    const file = bufferFile(randomBytes(1000), {
      durationSeconds: 30,
      aspectRatio: 'portrait',
      publicUrl: async () =>
        `http://127.0.0.1:1/videos/reel.mp4?X-Amz-Signature=${randomBytes(16).toString('hex')}`,
    });
    const inputFor = (saved = freshSaved()) =>
      stepInput(
        { accessToken, accountId: fake.account.id, accountName: fake.account.name, post: POST },
        saved,
        file,
      );

    it('asks the member to reconnect when the platform refuses the token', async () => {
      fake.revokedTokens.add(accessToken);
      const error = await caughtPlatformError(publisher.step(inputFor()), [accessToken]);
      expect(error.message).toBe(PLATFORM_MESSAGES.reconnect(label));
      expect(error.details).toMatchObject({
        status: driver.publisher.refusedStatus,
        transient: false,
        revoked: true,
      });
    });

    it("treats the platform's rate limit as passing, after Retry-After", async () => {
      fake.errors.push({
        match: driver.publisher.rateLimited.match,
        status: 429,
        retryAfter: '12',
        body: driver.publisher.rateLimited.body,
      });
      const error = await caughtPlatformError(publisher.step(inputFor()), [accessToken]);
      expect(error.details).toMatchObject({
        status: 429,
        transient: true,
        revoked: false,
        retryAfterMs: 12_000,
      });
    });

    it("stops with the worker's own reason when the step is given up, posting and saving nothing", async () => {
      const reason = new Error('worker stopped');
      const saved = freshSaved();
      const requests = fake.received.length;
      await expect(
        publisher.step({ ...inputFor(saved), signal: AbortSignal.abort(reason) }),
      ).rejects.toBe(reason);
      expect(saved.saves).toEqual([]);
      expect(fake.received.length).toBe(requests);
    });
  });
});
