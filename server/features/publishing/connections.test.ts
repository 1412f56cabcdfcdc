// Connected accounts on the real server against stand-ins of YouTube's and TikTok's OAuth (their
// documented shapes): connect through the consent page and back, the tokens sealed at rest and
// never in an answer; a wrong, reused or other session's state stores nothing; an expiring token
// is refreshed before use; a revoked grant ends in "reconnect needed" with a notice; disconnect
// revokes; a platform that is not configured is shown as not available, with its settings named to
// admins only; a failed connection comes back with a code in the address, never a sentence.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { Connection, ConnectionErrorCode } from '../../../shared/schemas/publishing';
import { consent, startFakeTikTok, startFakeYouTube } from '../../../test/fake-platforms';
import { signUp, TestClient } from '../../../test/http-client';
import { setUpTestServer } from '../../../test/server';
import type { ConnectionsService } from './connections';

const youtube = await startFakeYouTube();
const tiktok = await startFakeTikTok();
const ADMIN_EMAIL = 'operator@reelforge.example';
const test = setUpTestServer({
  env: {
    ADMIN_EMAILS: ADMIN_EMAIL,
    YOUTUBE_CLIENT_ID: youtube.clientId,
    YOUTUBE_CLIENT_SECRET: youtube.clientSecret,
    YOUTUBE_AUTH_URL: youtube.settings.authUrl,
    YOUTUBE_TOKEN_URL: youtube.settings.tokenUrl,
    YOUTUBE_API_BASE_URL: youtube.settings.apiBaseUrl,
    TIKTOK_CLIENT_KEY: tiktok.clientId,
    TIKTOK_CLIENT_SECRET: tiktok.clientSecret,
    TIKTOK_AUTH_URL: tiktok.settings.authUrl,
    TIKTOK_API_BASE_URL: tiktok.settings.apiBaseUrl,
  },
});
afterAll(async () => {
  await youtube.close();
  await tiktok.close();
});

let member: TestClient;
let userId: string;
beforeEach(async () => {
  member = new TestClient(test.server.url);
  userId = (await signUp(member)).user.id;
  youtube.account = { id: 'UC-harbour', name: 'Harbour Films' };
  youtube.consent = 'approve';
});

const connections = () =>
  (test.server.runtime.ctx.services as { connections: ConnectionsService }).connections;

/** Start → the stand-in's consent page → the callback, as the member's browser goes. */
async function connect(client: TestClient, platform: 'youtube' | 'tiktok') {
  const started = await client.get(`/api/connections/${platform}/start`);
  expect(started.status).toBe(302);
  const back = await consent(started.headers.get('location') ?? '');
  const callback = await client.get(`${back.pathname}${back.search}`);
  return { started, back, callback };
}

async function stored(platform: string) {
  const { rows } = await test.sql.query(
    'select * from platform_connections where user_id = $1 and platform = $2',
    [userId, platform],
  );
  return rows[0];
}

describe('connecting a platform', () => {
  it('connects YouTube through its consent page and keeps the tokens sealed', async () => {
    const { started, back, callback } = await connect(member, 'youtube');
    const consentUrl = new URL(started.headers.get('location') ?? '');
    expect(consentUrl.searchParams.get('access_type')).toBe('offline');
    expect(consentUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(back.pathname).toBe('/api/connections/youtube/callback');
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe(
      '/?tab=profile&section=connections&platform=youtube&connected=1',
    );

    const list = await member.get<Connection[]>('/api/connections');
    expect(list.body.find((entry) => entry.platform === 'youtube')).toMatchObject({
      available: true,
      accountName: 'Harbour Films',
      status: 'connected',
    });
    const row = await stored('youtube');
    const accessToken = await connections().accessToken(userId, 'youtube');
    expect(accessToken.length).toBeGreaterThan(10);
    // Sealed at rest, and never in an answer.
    expect(row.access_token_sealed).not.toContain(accessToken);
    expect(JSON.stringify(list.body)).not.toContain(accessToken);
    expect(row.access_token_sealed).toMatch(/^v1:/);
    expect(row.refresh_token_sealed).toMatch(/^v1:/);
  });

  it('shows a member a platform the operator has not set up as not available, naming no setting', async () => {
    const list = await member.get<Connection[]>('/api/connections');
    expect(list.body.find((entry) => entry.platform === 'instagram')).toEqual({
      platform: 'instagram',
      available: false,
      setupHint: null,
      accountName: null,
      connectedAt: null,
      status: null,
    });
    const sent = JSON.stringify(list.body);
    for (const operatorWord of ['_CLIENT_', '_APP_', '_SECRET', 'docs/']) {
      expect(sent).not.toContain(operatorWord);
    }
    expect((await member.get('/api/connections/instagram/start')).status).toBe(404);
  });

  it('tells an admin which settings the platform needs', async () => {
    const admin = new TestClient(test.server.url);
    const { user } = await signUp(admin, { email: ADMIN_EMAIL });
    // An admin address counts once it is verified (issue 34): as if the link had been clicked.
    await test.sql.query('update users set email_verified = true where id = $1', [user.id]);
    const list = await admin.get<Connection[]>('/api/connections');
    expect(list.body.find((entry) => entry.platform === 'instagram')).toMatchObject({
      available: false,
      setupHint:
        "Set INSTAGRAM_APP_ID and INSTAGRAM_APP_SECRET in the server's environment (docs/publishing.md).",
    });
    // A configured platform needs nothing set.
    expect(list.body.find((entry) => entry.platform === 'youtube')?.setupHint).toBeNull();
  });

  it('sends the member back with a code, never a sentence, when a connection fails', async () => {
    const sentBack = (location: string | null, platform: string, code: ConnectionErrorCode) => {
      expect(location).toBe(
        `/?tab=profile&section=connections&platform=${platform}&connectionError=${code}`,
      );
    };
    // The member cancels on the consent page.
    youtube.consent = 'deny';
    sentBack(
      (await connect(member, 'youtube')).callback.headers.get('location'),
      'youtube',
      'access_denied',
    );
    // A Google account without a channel: the platform's refusal, as a code.
    youtube.consent = 'approve';
    youtube.account = { id: 'UC-none', name: 'No Channel', noChannel: true };
    sentBack(
      (await connect(member, 'youtube')).callback.headers.get('location'),
      'youtube',
      'no_channel',
    );
    // A callback for a platform this server does not offer, and one with no state.
    const instagram = await member.get('/api/connections/instagram/callback?code=c&state=s');
    sentBack(instagram.headers.get('location'), 'instagram', 'not_available');
    const stateless = await member.get('/api/connections/tiktok/callback?code=c');
    sentBack(stateless.headers.get('location'), 'tiktok', 'attempt_expired');
    expect(await stored('youtube')).toBeUndefined();
  });

  it('refuses a wrong, reused or other session’s state, storing nothing', async () => {
    const started = await member.get('/api/connections/tiktok/start');
    const back = await consent(started.headers.get('location') ?? '');
    const forged = new URL(back);
    forged.searchParams.set('state', 'forged-state');
    const refused = await member.get(`${forged.pathname}${forged.search}`);
    expect(refused.headers.get('location')).toContain('connectionError=attempt_expired');
    expect(await stored('tiktok')).toBeUndefined();

    // The same member, signed in elsewhere (another session), cannot finish this attempt.
    const elsewhere = new TestClient(test.server.url);
    const email = (await test.sql.query('select email from users where id = $1', [userId])).rows[0]
      .email as string;
    const signedIn = await elsewhere.post('/api/auth/signin', {
      email,
      password: 'correct horse battery',
    });
    expect(signedIn.status).toBe(200);
    const otherSession = await elsewhere.get(`${back.pathname}${back.search}`);
    expect(otherSession.headers.get('location')).toContain('connectionError=attempt_expired');
    expect(await stored('tiktok')).toBeUndefined();

    // Its own session finishes it once; the same callback again is refused.
    const first = await member.get(`${back.pathname}${back.search}`);
    expect(first.headers.get('location')).toContain('connected=1');
    await test.sql.query('delete from platform_connections where user_id = $1', [userId]);
    const replay = await member.get(`${back.pathname}${back.search}`);
    expect(replay.headers.get('location')).toContain('connectionError=attempt_expired');
    expect(await stored('tiktok')).toBeUndefined();
  });

  it('refreshes an access token that is about to run out', async () => {
    await connect(member, 'tiktok');
    const before = await connections().accessToken(userId, 'tiktok');
    await test.sql.query(
      "update platform_connections set expires_at = now() + interval '1 minute' where user_id = $1",
      [userId],
    );
    const after = await connections().accessToken(userId, 'tiktok');
    expect(after).not.toBe(before);
    expect(
      tiktok.received.some(
        (request) =>
          String(request.body).includes('refresh_token') ||
          JSON.stringify(request.body).includes('refresh_token'),
      ),
    ).toBe(true);
    const row = await stored('tiktok');
    expect(new Date(row.expires_at).getTime()).toBeGreaterThan(Date.now() + 10 * 60 * 1000);
  });

  it('marks a revoked grant "reconnect needed" and tells the member', async () => {
    await connect(member, 'youtube');
    youtube.revokeGrants();
    await test.sql.query('update platform_connections set expires_at = now() where user_id = $1', [
      userId,
    ]);
    await expect(connections().accessToken(userId, 'youtube')).rejects.toThrow(
      "YouTube no longer accepts Reelforge's access. Please connect it again in Profile.",
    );
    const list = await member.get<Connection[]>('/api/connections');
    expect(list.body.find((entry) => entry.platform === 'youtube')?.status).toBe(
      'reconnect_needed',
    );
    const notices = await member.get<{ items: { kind: string; title: string }[] }>(
      '/api/notifications',
    );
    expect(notices.body.items.filter((item) => item.kind === 'connection_lost')).toEqual([
      expect.objectContaining({ title: 'YouTube needs reconnecting' }),
    ]);

    // Connecting again brings it back.
    const again = await connect(member, 'youtube');
    expect(again.callback.headers.get('location')).toContain('connected=1');
    expect((await stored('youtube')).status).toBe('connected');
  });

  it('disconnects, revoking the grant at the platform', async () => {
    await connect(member, 'youtube');
    const token = await connections().accessToken(userId, 'youtube');
    const answer = await member.request('DELETE', '/api/connections/youtube');
    expect(answer.status).toBe(200);
    expect(await stored('youtube')).toBeUndefined();
    expect(youtube.received.some((request) => request.path.startsWith('/revoke'))).toBe(true);
    expect(youtube.revokedTokens.size).toBeGreaterThan(0);
    expect(token.length).toBeGreaterThan(0);
    expect((await member.request('DELETE', '/api/connections/youtube')).status).toBe(404);
  });

  it('is for signed-in members only', async () => {
    const visitor = new TestClient(test.server.url);
    expect((await visitor.get('/api/connections')).status).toBe(401);
    expect((await visitor.get('/api/connections/youtube/start')).status).toBe(401);
  });
});
