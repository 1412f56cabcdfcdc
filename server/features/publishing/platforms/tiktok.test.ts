// What only TikTok's OAuth client does, against a stand-in of Login Kit v2 over real HTTP: its
// hex PKCE challenge, and an OAuth error read the same whether it comes with HTTP 200 or 400. The
// flow every platform shares (consent, exchange, rotating refresh, revoke, failures) is
// platform.contract.test.ts's.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakePlatform, startFakeTikTok } from '../../../../test/fake-platforms';
import { caughtPlatformError } from '../../../../test/publisher-harness';
import { createPkce, PLATFORM_MESSAGES } from './oauth-http';
import type { PlatformAuth } from './platform';
import { createTikTokAuth, tiktokCodeChallenge } from './tiktok';

const REDIRECT_URI = 'https://reelforge.test/api/connections/tiktok/callback';

let fake: FakePlatform;
let tiktok: PlatformAuth;

beforeAll(async () => {
  fake = await startFakeTikTok();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.errors = [];
  tiktok = createTikTokAuth(fake.settings);
});

describe('the TikTok OAuth client', () => {
  it("re-encodes an S256 challenge's digest as hex, and refuses what is not one", () => {
    const { verifier, challenge } = createPkce();
    expect(tiktokCodeChallenge(challenge)).toBe(
      createHash('sha256').update(verifier).digest('hex'),
    );
    expect(() => tiktokCodeChallenge('too-short')).toThrow(/not a base64url SHA-256/u);
  });

  it('reads the error body it answers with HTTP 200 the same under an HTTP 400', async () => {
    fake.errors.push({
      match: /^POST \/v2\/oauth\/token\/$/u,
      status: 400,
      body: { error: 'invalid_grant', error_description: 'Code expired.', log_id: '2026X' },
    });
    const error = await caughtPlatformError(
      tiktok.exchangeCode({
        code: 'expired-code-123',
        codeVerifier: 'verifier-123456',
        redirectUri: REDIRECT_URI,
      }),
      [fake.clientSecret, 'expired-code-123', 'verifier-123456'],
    );
    expect(error.message).toBe(PLATFORM_MESSAGES.expiredSignIn('TikTok'));
    expect(error.details).toMatchObject({ status: 400, transient: false });
  });
});
