// "Continue with Google / GitHub" on the real server, against stand-ins of both providers
// (test/fake-oidc.ts): a new member joins signed in and verified, with the referral they came
// with; a verified address signs an existing member in as themselves; an unverified one (either
// side) is refused and changes nothing; a forged, replayed or cancelled return signs nobody in; and
// a server without the settings offers neither.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { approve, startFakeGitHub, startFakeOidc } from '../../../test/fake-oidc';
import { signUp, TestClient, uniqueEmail } from '../../../test/http-client';
import { setUpTestServer } from '../../../test/server';
import { ConfigError, parseConfig } from '../../config';
import { appPathAfterSignIn } from './social-sign-in';

const google = await startFakeOidc();
const github = await startFakeGitHub();
const test = setUpTestServer({
  env: {
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_CLIENT_SECRET: google.clientSecret,
    GOOGLE_DISCOVERY_URL: google.discoveryUrl,
    GITHUB_CLIENT_ID: github.clientId,
    GITHUB_CLIENT_SECRET: github.clientSecret,
    GITHUB_AUTH_URL: github.authUrl,
    GITHUB_TOKEN_URL: github.tokenUrl,
    GITHUB_API_BASE_URL: github.apiBaseUrl,
  },
});
afterAll(async () => {
  await google.close();
  await github.close();
});

type SessionUser = {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  memberLevel: string;
  referralCode: string;
  emailVerified: boolean;
};

let googleSub = 0;
function googleAccount(email: string, emailVerified = true) {
  googleSub += 1;
  google.account = {
    sub: `10${googleSub}`,
    email,
    emailVerified,
    givenName: 'Grace',
    familyName: 'Hopper',
  };
  return google.account;
}

beforeEach(() => {
  google.deny = false;
  google.forgeIdTokens = false;
  github.deny = false;
});

/** Start → the provider's consent page → our callback, as the browser goes. */
async function signInWith(client: TestClient, provider: 'google' | 'github', query = '') {
  const started = await client.get(`/api/auth/social/${provider}${query}`);
  expect(started.status).toBe(302);
  const back = await approve(started.headers.get('location') ?? '');
  const callback = await client.get(`${back.pathname}${back.search}`);
  expect(callback.status).toBe(302);
  return { started, back, callback, landing: callback.headers.get('location') };
}

async function usersWithEmail(email: string) {
  const { rows } = await test.sql.query('select * from users where lower(email) = lower($1)', [
    email,
  ]);
  return rows;
}

async function accountsOf(userId: string) {
  const { rows } = await test.sql.query(
    'select provider_id, account_id from accounts where user_id = $1 order by provider_id',
    [userId],
  );
  return rows.map((row) => `${row.provider_id}:${row.account_id}`);
}

/** A password member whose address is verified (by the link we mail, or from before that). */
async function verifiedMember(email = uniqueEmail('linked')) {
  const client = new TestClient(test.server.url);
  const member = await signUp(client, { email, firstName: 'Ada', lastName: 'Lovelace' });
  await test.sql.query('update users set email_verified = true where id = $1', [member.user.id]);
  return { client, ...member };
}

describe('signing up with Google', () => {
  it('creates a verified Free member with the names Google gave, signed in where they asked', async () => {
    const email = uniqueEmail('grace');
    const account = googleAccount(email);
    const browser = new TestClient(test.server.url);
    const { started, back, landing } = await signInWith(
      browser,
      'google',
      `?redirect=${encodeURIComponent('/?tab=library')}`,
    );

    const consent = new URL(started.headers.get('location') ?? '');
    expect(consent.origin).toBe(google.issuer);
    expect(consent.searchParams.get('client_id')).toBe(google.clientId);
    expect(consent.searchParams.get('code_challenge_method')).toBe('S256');
    expect(consent.searchParams.get('nonce')).toBeTruthy();
    expect(consent.searchParams.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining(['openid', 'email', 'profile']),
    );
    expect(consent.searchParams.get('redirect_uri')).toBe(
      `${test.server.config.publicUrl}/api/identity/callback/google`,
    );
    expect(back.pathname).toBe('/api/identity/callback/google');
    expect(landing).toBe('/?tab=library');

    const me = await browser.get<SessionUser>('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      email,
      firstName: 'Grace',
      lastName: 'Hopper',
      memberLevel: 'Free',
      emailVerified: true,
    });
    expect(me.body.referralCode).toMatch(/^[A-HJ-NP-Z2-9]{8}$/u);
    expect(await accountsOf(me.body.id)).toEqual([`google:${account.sub}`]);
    // The code was exchanged with the PKCE verifier, by our client.
    const exchange = google.received.filter((request) => request.path === '/token').at(-1);
    expect(exchange?.body).toMatchObject({
      client_id: google.clientId,
      grant_type: 'authorization_code',
    });
    expect(exchange?.body?.code_verifier?.length).toBeGreaterThanOrEqual(43);
  });

  it('signs the same person in again as the same member', async () => {
    const email = uniqueEmail('again');
    googleAccount(email);
    const first = new TestClient(test.server.url);
    await signInWith(first, 'google');
    const id = (await first.get<SessionUser>('/api/auth/user')).body.id;

    const later = new TestClient(test.server.url);
    expect((await signInWith(later, 'google')).landing).toBe('/');
    expect((await later.get<SessionUser>('/api/auth/user')).body.id).toBe(id);
    expect(await usersWithEmail(email)).toHaveLength(1);
    expect(await accountsOf(id)).toHaveLength(1);
  });

  it('records the referral code the start carried, for the new member only', async () => {
    const referrer = await signUp(new TestClient(test.server.url));
    googleAccount(uniqueEmail('invited'));
    const browser = new TestClient(test.server.url);
    const { started } = await signInWith(
      browser,
      'google',
      `?ref=${referrer.user.referralCode.toLowerCase()}`,
    );
    expect(started.setCookies.some((cookie) => cookie.startsWith('reelforge.social_ref='))).toBe(
      true,
    );
    const me = (await browser.get<SessionUser>('/api/auth/user')).body;
    const { rows } = await test.sql.query('select referred_by from users where id = $1', [me.id]);
    expect(rows[0].referred_by).toBe(referrer.user.id);
    // The code is spent: the return cleared its cookie.
    expect(browser.cookieHeader).not.toContain('reelforge.social_ref');

    // An existing member who comes back through a referral link keeps having no referrer.
    const member = await verifiedMember();
    googleAccount(member.email);
    await signInWith(
      new TestClient(test.server.url),
      'google',
      `?ref=${referrer.user.referralCode}`,
    );
    const again = await test.sql.query('select referred_by from users where id = $1', [
      member.user.id,
    ]);
    expect(again.rows[0].referred_by).toBeNull();
  });

  it('ignores an unknown referral code rather than refusing the member', async () => {
    const email = uniqueEmail('stale');
    googleAccount(email);
    const browser = new TestClient(test.server.url);
    expect((await signInWith(browser, 'google', '?ref=NOSUCHCODE')).landing).toBe('/');
    expect((await browser.get('/api/auth/user')).status).toBe(200);
    expect((await usersWithEmail(email))[0].referred_by).toBeNull();
  });

  it('refuses an address Google has not verified, creating nobody', async () => {
    const email = uniqueEmail('unverified');
    googleAccount(email, false);
    const browser = new TestClient(test.server.url);
    const { landing } = await signInWith(browser, 'google', '?ref=ABCDEFGH');
    expect(landing).toBe('/login?error=provider_email_unverified&provider=google&ref=ABCDEFGH');
    expect((await browser.get('/api/auth/user')).status).toBe(401);
    expect(await usersWithEmail(email)).toHaveLength(0);
  });
});

describe('an existing member', () => {
  it('is signed in as themselves when Google verified their address, keeping their things', async () => {
    const member = await verifiedMember();
    const folder = await member.client.post<{ id: number }>('/api/user-folders', {
      folderName: 'Before Google',
      folderIcon: '📁',
    });
    expect(folder.status).toBe(201);
    const credits = (await member.client.get('/api/credits')).body;
    const account = googleAccount(member.email.toUpperCase());

    const browser = new TestClient(test.server.url);
    expect((await signInWith(browser, 'google')).landing).toBe('/');
    const me = await browser.get<SessionUser>('/api/auth/user');
    expect(me.body).toMatchObject({ id: member.user.id, email: member.email, firstName: 'Ada' });
    expect(me.body.referralCode).toBe(member.user.referralCode);
    expect((await browser.get('/api/credits')).body).toEqual(credits);
    const folders = await browser.get<Array<{ folderName: string }>>('/api/user-folders');
    expect(folders.body.map((entry) => entry.folderName)).toContain('Before Google');
    expect(await usersWithEmail(member.email)).toHaveLength(1);
    expect(await accountsOf(member.user.id)).toEqual([
      `credential:${member.user.id}`,
      `google:${account.sub}`,
    ]);
    // The password still works.
    const withPassword = await new TestClient(test.server.url).post('/api/auth/signin', {
      email: member.email,
      password: member.password,
    });
    expect(withPassword.status).toBe(200);
  });

  it('is not linked by an address Google has not verified: refused, nothing created or linked', async () => {
    const member = await verifiedMember();
    googleAccount(member.email, false);
    const browser = new TestClient(test.server.url);
    const { landing } = await signInWith(browser, 'google');
    expect(landing).toBe('/login?error=provider_email_unverified&provider=google');
    expect((await browser.get('/api/auth/user')).status).toBe(401);
    expect(await usersWithEmail(member.email)).toHaveLength(1);
    expect(await accountsOf(member.user.id)).toEqual([`credential:${member.user.id}`]);
  });

  it('whose own address is not verified yet is not linked either', async () => {
    const client = new TestClient(test.server.url);
    const member = await signUp(client);
    await test.sql.query('update users set email_verified = false where id = $1', [member.user.id]);
    googleAccount(member.email);
    const browser = new TestClient(test.server.url);
    const { landing } = await signInWith(browser, 'google');
    expect(landing).toBe('/login?error=local_email_unverified&provider=google');
    expect((await browser.get('/api/auth/user')).status).toBe(401);
    expect(await accountsOf(member.user.id)).toEqual([`credential:${member.user.id}`]);
  });
});

describe('returns that sign nobody in', () => {
  it('says so when the member cancels at Google', async () => {
    google.deny = true;
    const browser = new TestClient(test.server.url);
    expect((await signInWith(browser, 'google')).landing).toBe(
      '/login?error=cancelled&provider=google',
    );
    expect((await browser.get('/api/auth/user')).status).toBe(401);
  });

  it('refuses an id_token Google’s published key did not sign', async () => {
    const email = uniqueEmail('forged');
    googleAccount(email);
    google.forgeIdTokens = true;
    const browser = new TestClient(test.server.url);
    expect((await signInWith(browser, 'google')).landing).toBe(
      '/login?error=failed&provider=google',
    );
    expect((await browser.get('/api/auth/user')).status).toBe(401);
    expect(await usersWithEmail(email)).toHaveLength(0);
  });

  it('refuses a forged state, another browser’s return, and the same return twice', async () => {
    const email = uniqueEmail('replay');
    googleAccount(email);
    const browser = new TestClient(test.server.url);
    const started = await browser.get('/api/auth/social/google');
    const back = await approve(started.headers.get('location') ?? '');

    const forged = new URL(back);
    forged.searchParams.set('state', 'forged-state');
    const refused = await browser.get(`${forged.pathname}${forged.search}`);
    expect(refused.headers.get('location')).toBe('/login?error=expired&provider=google');

    // Someone else's browser holding the code and state (not the attempt's cookie).
    const stranger = new TestClient(test.server.url);
    const stolen = await stranger.get(`${back.pathname}${back.search}`);
    expect(stolen.headers.get('location')).toBe('/login?error=expired&provider=google');
    expect((await stranger.get('/api/auth/user')).status).toBe(401);

    const first = await browser.get(`${back.pathname}${back.search}`);
    expect(first.headers.get('location')).toBe('/');
    const replay = await browser.get(`${back.pathname}${back.search}`);
    expect(replay.headers.get('location')).toBe('/login?error=expired&provider=google');
    expect(await usersWithEmail(email)).toHaveLength(1);
  });

  it('never sends the member to another site afterwards', async () => {
    googleAccount(uniqueEmail('offsite'));
    const browser = new TestClient(test.server.url);
    const { landing } = await signInWith(
      browser,
      'google',
      `?redirect=${encodeURIComponent('//evil.example/steal')}`,
    );
    expect(landing).toBe('/');
    expect((await browser.get('/api/auth/user')).status).toBe(200);
  });

  it('answers malformed returns and starts with a refusal, never a server error', async () => {
    const member = await verifiedMember();
    const queries = [
      '',
      '?code=x',
      '?state=x',
      '?code=x&state=x&iss=https%3A%2F%2Fevil.example',
      '?code=a&code=b&state=c',
      '?error=server_error&error_description=%E2%80%AE',
      `?code=${'x'.repeat(5000)}&state=${'y'.repeat(5000)}`,
      '?q[]=1&q[]=2',
      '?redirect=%5C%5Cevil.example&ref=%F0%9F%92%A9',
      `?ref=${'A'.repeat(500)}`,
    ];
    const answers: string[] = [];
    for (const provider of ['google', 'github']) {
      for (const query of queries) {
        for (const path of [`/api/identity/callback/${provider}`, `/api/auth/social/${provider}`]) {
          const answer = await member.client.get(`${path}${query}`);
          if (answer.status >= 500) answers.push(`${path}${query.slice(0, 60)} → ${answer.status}`);
        }
      }
    }
    expect(answers).toEqual([]);
    // None of it touched the member's own session.
    expect((await member.client.get<SessionUser>('/api/auth/user')).body.id).toBe(member.user.id);
  });

  it('answers 404 for a provider this server does not offer', async () => {
    const visitor = new TestClient(test.server.url);
    expect((await visitor.get('/api/auth/social/twitter')).status).toBe(404);
    expect((await visitor.get('/api/identity/callback/twitter?code=x&state=y')).status).toBe(404);
  });
});

describe('signing in with GitHub', () => {
  it('creates a member from GitHub’s verified primary address, even when the profile hides it', async () => {
    const email = uniqueEmail('octo');
    github.account = {
      id: 583231,
      login: 'octocat',
      name: 'Mona Lisa Octocat',
      publicEmail: null,
      emails: [
        { email: uniqueEmail('old'), primary: false, verified: false },
        { email, primary: true, verified: true },
      ],
    };
    const browser = new TestClient(test.server.url);
    const { started, landing } = await signInWith(browser, 'github');
    const consent = new URL(started.headers.get('location') ?? '');
    expect(`${consent.origin}${consent.pathname}`).toBe(github.authUrl);
    expect(consent.searchParams.get('scope')).toBe('read:user user:email');
    expect(landing).toBe('/');
    const me = await browser.get<SessionUser>('/api/auth/user');
    expect(me.body).toMatchObject({
      email,
      firstName: 'Mona',
      lastName: 'Lisa Octocat',
      memberLevel: 'Free',
      emailVerified: true,
    });
    expect(await accountsOf(me.body.id)).toEqual(['github:583231']);
  });

  it('links a verified address to the existing member, and refuses an unverified one', async () => {
    const member = await verifiedMember();
    github.account = {
      id: 9001,
      login: 'ada',
      name: null,
      publicEmail: member.email,
      emails: [{ email: member.email, primary: true, verified: false }],
    };
    const refused = new TestClient(test.server.url);
    expect((await signInWith(refused, 'github')).landing).toBe(
      '/login?error=provider_email_unverified&provider=github',
    );
    expect(await accountsOf(member.user.id)).toEqual([`credential:${member.user.id}`]);

    github.account.emails = [{ email: member.email, primary: true, verified: true }];
    const browser = new TestClient(test.server.url);
    expect((await signInWith(browser, 'github')).landing).toBe('/');
    expect((await browser.get<SessionUser>('/api/auth/user')).body.id).toBe(member.user.id);
    expect(await accountsOf(member.user.id)).toEqual([
      `credential:${member.user.id}`,
      'github:9001',
    ]);
  });

  it('leaves the names empty when GitHub has only a login', async () => {
    const email = uniqueEmail('login-only');
    github.account = {
      id: 31337,
      login: 'hacker31337',
      name: null,
      publicEmail: email,
      emails: [{ email, primary: true, verified: true }],
    };
    const browser = new TestClient(test.server.url);
    await signInWith(browser, 'github');
    expect((await browser.get<SessionUser>('/api/auth/user')).body).toMatchObject({
      email,
      firstName: null,
      lastName: null,
    });
    expect((await usersWithEmail(email))[0].name).toBe('hacker31337');
  });

  it('records a referral for a member GitHub creates', async () => {
    const referrer = await signUp(new TestClient(test.server.url));
    const email = uniqueEmail('gh-invited');
    github.account = {
      id: 77,
      login: 'invited',
      name: 'Invited',
      publicEmail: email,
      emails: [{ email, primary: true, verified: true }],
    };
    const browser = new TestClient(test.server.url);
    await signInWith(browser, 'github', `?ref=${referrer.user.referralCode}`);
    const me = (await browser.get<SessionUser>('/api/auth/user')).body;
    expect(me).toMatchObject({ email, firstName: 'Invited', lastName: null });
    expect((await usersWithEmail(email))[0].referred_by).toBe(referrer.user.id);
  });
});

describe('what the client is told', () => {
  it('lists both providers for the login page', async () => {
    const config = await new TestClient(test.server.url).get('/api/client-config');
    expect(config.body.socialProviders).toEqual(['google', 'github']);
  });
});

describe('with no settings', () => {
  const off = setUpTestServer({ env: { ROLES: 'api' } });

  it('offers no provider and answers 404 at the start and the return', async () => {
    const visitor = new TestClient(off.server.url);
    expect((await visitor.get('/api/client-config')).body.socialProviders).toEqual([]);
    expect((await visitor.get('/api/auth/social/google')).status).toBe(404);
    expect((await visitor.get('/api/auth/social/github')).status).toBe(404);
    expect((await visitor.get('/api/identity/callback/google?code=x&state=y')).status).toBe(404);
  });
});

describe('the settings', () => {
  it('need a client id and its secret together, and default to the providers’ own endpoints', () => {
    expect(() => parseConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(ConfigError);
    expect(() => parseConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(
      'GOOGLE_CLIENT_SECRET: must be set when GOOGLE_CLIENT_ID is set',
    );
    expect(() => parseConfig({ GITHUB_CLIENT_SECRET: 'secret' })).toThrow(
      'GITHUB_CLIENT_ID: must be set when GITHUB_CLIENT_SECRET is set',
    );
    expect(() => parseConfig({ GITHUB_API_BASE_URL: 'ftp://x' })).toThrow(
      'GITHUB_API_BASE_URL: must be an http:// or https:// URL',
    );
    const config = parseConfig({
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 'gs',
      GITHUB_CLIENT_ID: 'h',
      GITHUB_CLIENT_SECRET: 'hs',
    });
    expect(config.socialSignIn).toEqual({
      google: {
        clientId: 'g',
        clientSecret: 'gs',
        discoveryUrl: 'https://accounts.google.com/.well-known/openid-configuration',
      },
      github: {
        clientId: 'h',
        clientSecret: 'hs',
        authUrl: 'https://github.com/login/oauth/authorize',
        tokenUrl: 'https://github.com/login/oauth/access_token',
        apiBaseUrl: 'https://api.github.com',
      },
    });
    expect(parseConfig({}).socialSignIn).toEqual({ google: null, github: null });
  });

  it('lands only on paths of this site', () => {
    expect(appPathAfterSignIn('/?tab=profile&section=earn')).toBe('/?tab=profile&section=earn');
    expect(appPathAfterSignIn(undefined)).toBe('/');
    for (const elsewhere of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'evil.example',
      '/\u0000x',
      `/${'x'.repeat(2000)}`,
    ]) {
      expect(appPathAfterSignIn(elsewhere)).toBe('/');
    }
  });
});
