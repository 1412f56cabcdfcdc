// What only YouTube's OAuth client does, against a stand-in of Google's OAuth 2.0 and the Data
// API over real HTTP: a Google account without a channel, the Data API's daily quota against its
// rate limits, and revoking beside a proxied token URL. The flow every platform shares (consent,
// exchange, refresh, revoke, failures) is platform.contract.test.ts's.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { consent, type FakePlatform, startFakeYouTube } from '../../../../test/fake-platforms';
import { caughtPlatformError } from '../../../../test/publisher-harness';
import { createPkce } from './oauth-http';
import type { OAuthTokens, PlatformAuth } from './platform';
import { createYouTubeAuth, YOUTUBE_NO_CHANNEL_MESSAGE, YOUTUBE_QUOTA_MESSAGE } from './youtube';

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
async function connect(): Promise<OAuthTokens> {
  const pkce = createPkce();
  const back = await consent(
    youtube.authorizeUrl({
      state: 'state-1',
      codeChallenge: pkce.challenge,
      redirectUri: REDIRECT_URI,
    }),
  );
  return youtube.exchangeCode({
    code: back.searchParams.get('code') ?? '',
    codeVerifier: pkce.verifier,
    redirectUri: REDIRECT_URI,
  });
}

/** The PlatformError a promise rejects with, carrying neither the app's secret nor `secrets`. */
const caught = (promise: Promise<unknown>, secrets: string[] = []) =>
  caughtPlatformError(promise, [fake.clientSecret, ...secrets]);

describe('the YouTube OAuth client', () => {
  it('says so when the Google account has no YouTube channel', async () => {
    fake.account = { id: 'no-channel', name: 'Someone', noChannel: true };
    const tokens = await connect();
    const error = await caught(youtube.account(tokens.accessToken), [tokens.accessToken]);
    expect(error.message).toBe(YOUTUBE_NO_CHANNEL_MESSAGE);
    expect(error.details).toMatchObject({ transient: false });
  });

  it("leaves a day's quota alone and retries a rate limit", async () => {
    const tokens = await connect();
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
