// What only Instagram's OAuth client does, against a stand-in of Instagram Login over real HTTP:
// the code's short-lived token traded at once for a long-lived one (both of Meta's answer shapes),
// Graph's rate-limit codes under HTTP 400, and the trade's URL kept out of its errors. The flow
// every platform shares (consent, exchange, refresh, revoke doing nothing, failures) is
// platform.contract.test.ts's.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { consent, type FakeInstagram, startFakeInstagram } from '../../../../test/fake-platforms';
import { caughtPlatformError } from '../../../../test/publisher-harness';
import { createInstagramAuth, INSTAGRAM_SCOPES } from './instagram';
import type { OAuthTokens, PlatformAuth } from './platform';

const REDIRECT_URI = 'https://reelforge.test/api/connections/instagram/callback';
const PROFESSIONAL = { id: '17841405793187218', name: 'lighthouse.stories' };

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

/** Through the consent page and the code exchange (Instagram takes no PKCE). */
async function connect(): Promise<OAuthTokens> {
  const back = await consent(
    instagram.authorizeUrl({
      state: 'state-1',
      codeChallenge: 'unused',
      redirectUri: REDIRECT_URI,
    }),
  );
  return instagram.exchangeCode({
    code: back.searchParams.get('code') ?? '',
    codeVerifier: '',
    redirectUri: REDIRECT_URI,
  });
}

/** The PlatformError a promise rejects with, carrying neither the app's secret nor `secrets`. */
const caught = (promise: Promise<unknown>, secrets: string[] = []) =>
  caughtPlatformError(promise, [fake.clientSecret, ...secrets]);

function receivedAt(method: string, pathname: string) {
  return fake.received.filter(
    (request) => request.method === method && request.path.split('?')[0] === pathname,
  );
}

describe('the Instagram OAuth client', () => {
  it("trades the code's short-lived token at once for a long-lived one", async () => {
    const tokens = await connect();
    const trade = receivedAt('GET', '/access_token').at(-1);
    const query = new URL(trade?.path ?? '/', fake.baseUrl).searchParams;
    expect(query.get('grant_type')).toBe('ig_exchange_token');
    expect(query.get('client_secret')).toBe(fake.clientSecret);
    expect(query.get('access_token')).toMatch(/^IGQ/u);
    // The long-lived token is the one kept, with the permissions the short-lived one was granted.
    expect(tokens.accessToken).toMatch(/^IGAA/u);
    expect(tokens.scopes).toEqual([...INSTAGRAM_SCOPES]);
  });

  it('reads the code exchange answered flat as well as wrapped in data', async () => {
    fake.tokenShape = 'flat';
    const tokens = await connect();
    expect(tokens.accessToken).toMatch(/^IGAA/u);
    expect(tokens.scopes).toEqual([...INSTAGRAM_SCOPES]);
  });

  it('treats the Graph rate-limit codes as passing, even under HTTP 400', async () => {
    const tokens = await connect();
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
