// Personal API keys against the real server: made once and listed by their first characters,
// scopes enforced per route (403 naming the scope), browser-only and admin routes refused, revoked
// keys 401, the cookie check skipped for Bearer calls, and the monthly credit cap held under 20
// parallel creates, with a refund giving the month's spend back.
import { describe, expect, it } from 'vitest';
import type { ApiKey, CreatedApiKey } from '../../../shared/schemas/api-keys';
import { TestClient } from '../../../test/http-client';
import { adminOn, memberOn } from '../../../test/members';
import { setUpTestServer } from '../../../test/server';
import { videoInput } from '../../../test/videos';

const ADMIN_EMAIL = 'keys.admin@example.com';
const test = setUpTestServer({
  env: {
    ADMIN_EMAILS: ADMIN_EMAIL,
    // No worker: created videos stay queued, so what is charged stays put while it is counted.
    ROLES: 'api,scheduler',
    IN_PROGRESS_LIMITS: 'Free=50,Pro=50,Elite=50',
    RATE_LIMITS: 'signUp=100000/60,create=1000/60,storyboard=3/60',
  },
});

async function makeKey(
  client: TestClient,
  body: { name: string; scopes: string[]; monthlyCreditCap?: number },
): Promise<CreatedApiKey> {
  const made = await client.post<CreatedApiKey>('/api/api-keys', body);
  expect(made.status).toBe(201);
  return made.body;
}

const keyClient = (key: string) =>
  new TestClient(test.server.url, { authorization: `Bearer ${key}` });

describe('API keys', () => {
  it('shows the key once, then only its first characters', async () => {
    const { client } = await memberOn(test, 'Free');
    const made = await makeKey(client, { name: 'n8n', scopes: ['videos:read'] });
    expect(made.key).toMatch(/^rf_[A-Za-z0-9_-]{40,}$/);
    expect(made.key.startsWith(made.prefix)).toBe(true);
    const listed = await client.get<ApiKey[]>('/api/api-keys');
    expect(listed.body).toEqual([
      expect.objectContaining({ id: made.id, name: 'n8n', prefix: made.prefix, lastUsedAt: null }),
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(made.key);
    const { rows } = await test.sql.query('select key_hash from api_keys where id = $1', [made.id]);
    expect(rows[0].key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(made.key);

    expect((await keyClient(made.key).get('/api/videos')).status).toBe(200);
    const used = await client.get<ApiKey[]>('/api/api-keys');
    expect(used.body[0]?.lastUsedAt).not.toBeNull();
  });

  it('answers 403 naming the scope a key lacks, and 401 once it is revoked', async () => {
    const { client } = await memberOn(test, 'Pro');
    const made = await makeKey(client, { name: 'reader', scopes: ['videos:read'] });
    const reader = keyClient(made.key);

    const create = await reader.post('/api/video-creation-requests', videoInput);
    expect(create.status).toBe(403);
    expect(create.body).toMatchObject({ code: 'MISSING_SCOPE', scope: 'videos:write' });
    expect(create.body.message).toContain('videos:write');
    const { rows } = await test.sql.query(
      'select count(*)::int as n from video_creation_requests r join api_keys k on k.user_id = r.user_id where k.id = $1',
      [made.id],
    );
    expect(rows[0].n).toBe(0);

    expect((await client.request('DELETE', `/api/api-keys/${made.id}`)).status).toBe(200);
    const revoked = await reader.get('/api/videos');
    expect(revoked.status).toBe(401);
    expect((await client.get<ApiKey[]>('/api/api-keys')).body).toEqual([]);
  });

  it('never reaches admin routes, account changes or key management, even an admin’s key', async () => {
    const admin = await adminOn(test, ADMIN_EMAIL);
    expect((await admin.client.get('/api/admin/alerts')).status).toBe(200);
    const made = await makeKey(admin.client, {
      name: 'everything',
      scopes: ['videos:read', 'videos:write', 'publish', 'jobs', 'account:read'],
    });
    const key = keyClient(made.key);
    for (const [method, path] of [
      ['GET', '/api/admin/alerts'],
      ['GET', '/api/users'],
      ['POST', '/api/admin/grant-credits'],
      ['GET', '/api/api-keys'],
      ['POST', '/api/api-keys'],
      ['DELETE', `/api/api-keys/${made.id}`],
      ['DELETE', '/api/account'],
      ['POST', '/api/account/password'],
      ['POST', '/api/account/email'],
      ['GET', '/api/account/export'],
    ] as const) {
      const answer = await key.request(method, path, { body: method === 'GET' ? undefined : {} });
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.body, `${method} ${path}`).toMatchObject({ code: 'SESSION_REQUIRED' });
    }
    // The key still works where its scopes reach, and was not revoked by its own DELETE.
    expect((await key.get('/api/credits')).status).toBe(200);
  });

  it('lets the Bearer key decide over a cookie, and skips the cross-site check it needs not', async () => {
    const owner = await memberOn(test, 'Pro');
    const other = await memberOn(test, 'Pro');
    const made = await makeKey(owner.client, { name: 'folders', scopes: ['videos:write'] });
    // Another member's cookie and a foreign Origin come along: the key's member gets the folder.
    const folder = await other.client.post(
      '/api/user-folders',
      { folderName: 'From n8n' },
      { authorization: `Bearer ${made.key}`, origin: 'https://elsewhere.example' },
    );
    expect(folder.status).toBe(201);
    const { rows } = await test.sql.query(
      'select user_id from user_folders where folder_name = $1',
      ['From n8n'],
    );
    expect(rows).toEqual([{ user_id: owner.id }]);
    // Without a key, the same cross-site write is refused.
    const crossSite = await other.client.post(
      '/api/user-folders',
      { folderName: 'Forged' },
      { origin: 'https://elsewhere.example' },
    );
    expect(crossSite.status).toBe(403);
  });

  it('keeps 20 parallel creates within a cap of 5 credits, and a refund gives one back', async () => {
    const { client, id } = await memberOn(test, 'Pro');
    const made = await makeKey(client, {
      name: 'capped',
      scopes: ['videos:write', 'account:read'],
      monthlyCreditCap: 5,
    });
    const key = keyClient(made.key);
    const balance = async () =>
      (await key.get<{ remainingCredits: number }>('/api/credits')).body.remainingCredits;
    const before = await balance();

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        key.post<{ requestId: number; code?: string }>('/api/video-creation-requests', {
          ...videoInput,
          title: `Capped ${index}`,
        }),
      ),
    );
    const created = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(created).toHaveLength(5);
    expect(refused.map((answer) => [answer.status, answer.body.code])).toEqual(
      Array.from({ length: 15 }, () => [429, 'KEY_CREDIT_CAP']),
    );
    expect(await balance()).toBe(before - 5);
    const spends = await test.sql.query(
      "select count(*)::int as n from credit_ledger where user_id = $1 and transaction_type = 'spend'",
      [id],
    );
    expect(spends.rows[0].n).toBe(5);
    const listed = await client.get<ApiKey[]>('/api/api-keys');
    expect(listed.body[0]).toMatchObject({ monthlyCreditCap: 5, creditsSpentThisMonth: 5 });

    // Taking back a queued video refunds it, and the key's month has room for one more.
    const requestId = created[0]?.body.requestId as number;
    expect(
      (await client.request('DELETE', `/api/video-creation-requests/${requestId}`)).status,
    ).toBe(200);
    expect((await client.get<ApiKey[]>('/api/api-keys')).body[0]?.creditsSpentThisMonth).toBe(4);
    const oneMore = await key.post('/api/video-creation-requests', {
      ...videoInput,
      title: 'Again',
    });
    expect(oneMore.status).toBe(201);
    const overCap = await key.post('/api/video-creation-requests', { ...videoInput, title: 'No' });
    expect(overCap.body).toMatchObject({ code: 'KEY_CREDIT_CAP' });
    // The browser session has no cap: the member can still create.
    expect((await client.post('/api/video-creation-requests', videoInput)).status).toBe(201);
  });

  it("counts an Elite member's videos as 1 credit each towards the cap", async () => {
    const { client } = await memberOn(test, 'Elite');
    const made = await makeKey(client, {
      name: 'elite',
      scopes: ['videos:write'],
      monthlyCreditCap: 2,
    });
    const key = keyClient(made.key);
    const statuses = [];
    for (let index = 0; index < 3; index++) {
      statuses.push((await key.post('/api/video-creation-requests', videoInput)).status);
    }
    expect(statuses).toEqual([201, 201, 429]);
    expect((await client.get<ApiKey[]>('/api/api-keys')).body[0]?.creditsSpentThisMonth).toBe(2);
  });

  it("counts a rate limit per member, whichever of the member's keys calls", async () => {
    const { client } = await memberOn(test, 'Free');
    const first = keyClient((await makeKey(client, { name: 'a', scopes: ['videos:write'] })).key);
    const second = keyClient((await makeKey(client, { name: 'b', scopes: ['videos:write'] })).key);
    const plan = (key: TestClient) => key.post('/api/storyboards', videoInput);
    const statuses = [
      (await plan(first)).status,
      (await plan(second)).status,
      (await plan(first)).status,
    ];
    expect(statuses).toEqual([201, 201, 201]);
    const fourth = await plan(second);
    expect(fourth.status).toBe(429);
    expect(fourth.body.code).toBe('RATE_LIMITED');
    // The browser session shares the member's count too.
    expect((await client.post('/api/storyboards', videoInput)).status).toBe(429);
  });

  it('allows at most 10 keys per member', async () => {
    const { client } = await memberOn(test, 'Free');
    await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        makeKey(client, { name: `key ${index}`, scopes: ['jobs'] }),
      ),
    );
    const eleventh = await client.post('/api/api-keys', { name: 'one too many', scopes: ['jobs'] });
    expect(eleventh.status).toBe(400);
    expect(eleventh.body.message).toBe(
      'You can have at most 10 API keys. Revoke one you no longer use first.',
    );
  });
});
