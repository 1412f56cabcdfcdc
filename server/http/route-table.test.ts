// Every registered route, taken from the running app's own route table, so a new route cannot skip
// these checks: anonymous callers get 401 (except the public routes listed here), a stranger
// naming another member's ids gets 404 and changes nothing, and a corpus of hostile paths, queries
// and bodies never gets a 5xx. A route these tables do not know fails the test until it is added.
import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_SCOPES, type ApiKeyScope } from '../../shared/schemas/api-keys';
import { signUp, TestClient } from '../../test/http-client';
import { makeImage } from '../../test/media';
import { setUpTestServer } from '../../test/server';
import { videoInput, waitForVideo } from '../../test/videos';
import { ROUTE_SCOPES } from './route-scopes';

const ADMIN_EMAIL = 'route.table.admin@example.com';
const test = setUpTestServer({
  // With a webhook secret the payment webhook checks signatures (without one it answers 503).
  // Rate limits off: every hostile request must reach the route itself.
  env: {
    ADMIN_EMAILS: ADMIN_EMAIL,
    STRIPE_WEBHOOK_SECRET: 'whsec_route_table',
    RATE_LIMITS: 'off',
  },
});

/** Routes anyone may call: what they answer a visitor is their own business. */
const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'POST /api/auth/signup',
  'POST /api/auth/signin',
  'GET /api/login',
  'GET /api/logout',
  // Google and GitHub sign-in: the start and the provider's return (better-auth's callback).
  'GET /api/auth/social/:provider',
  'GET /api/identity/callback/:provider',
  // Getting back in by email: the links work signed out.
  'POST /api/auth/password-reset/request',
  'POST /api/auth/password-reset/confirm',
  'POST /api/auth/verify-email',
  'GET /api/stats/user-count',
  'GET /api/client-config',
  'GET /api/shared-video/:id',
  'POST /api/webhooks/stripe',
  // Media is public for shared videos; a visitor asking for anything else gets 404.
  'GET /media/*',
  'GET /api/proxy/media',
  'GET /api/proxy/download',
  'GET /api/demo-clips',
  'GET /demo/:file',
  // A voice's sample is the same for everyone (the voice list itself needs a session).
  'GET /api/voices/:id/sample',
  // Our offline pictures, as the storyboard editor shows them: the same for everyone.
  'GET /api/scene-pictures/:name',
  // A platform fetches a publication's video through a signed link; without one: 404.
  'GET /api/publications/:id/video',
  // A webhook's download link: signed and expiring; without a good signature: 404.
  'GET /api/media-downloads',
  // The MCP endpoint only says "use POST" to GET and DELETE (its POST takes an API key).
  'GET /mcp',
  'DELETE /mcp',
  // The session user answers 401 with null (spec), which the anonymous check expects anyway.
]);

/** Routes whose ids name nobody's things: a demo clip's file, a voice. */
const NOBODYS_IDS = new Set([
  'GET /demo/:file',
  'GET /api/scene-pictures/:name',
  'GET /api/voices/:id/sample',
  // A sign-in provider's name.
  'GET /api/auth/social/:provider',
  'GET /api/identity/callback/:provider',
  // A platform's name: the connection it names is always the caller's own.
  'GET /api/connections/:platform/start',
  'GET /api/connections/:platform/callback',
  'DELETE /api/connections/:platform',
]);

/** The MCP endpoint (features/mcp): any live key gets in, and each tool checks its scope. */
const isMcp = (route: string) => route.endsWith(' /mcp');

/** The web client's pages and files (served once it is built): public, and nobody's ids. */
const isClientApp = (route: string) => !/ \/(api|media|demo)\//.test(route) && !isMcp(route);

/** The API document and its viewer (http/openapi.ts): public, and nobody's ids. */
const isApiDocs = (route: string) =>
  route === 'GET /api/docs' || route.startsWith('GET /api/docs/');

/** Admin routes: a member who is not an admin gets 403. */
const isAdminRoute = (route: string) =>
  route.includes(' /api/admin/') || route === 'GET /api/users';

type Owned = {
  requestId: number;
  contentId: number;
  videoUrl: string;
  folderId: number;
  jobId: number;
  uploadUrl: string;
  sessionId: string;
  storyboardId: number;
  apiKeyId: string;
  webhookEndpointId: string;
};

/**
 * How a stranger names the owner's things on each route taking an id (in its path, its query or
 * its body). Routes that name nothing of a member's need no entry.
 */
const STRANGER_CASES: Record<
  string,
  (owned: Owned) => { path: string; body?: unknown; expect: number }
> = {
  'PATCH /api/videos/:id/retry': (o) => ({
    path: `/api/videos/req-${o.requestId}/retry`,
    expect: 404,
  }),
  'GET /api/shared-video/:id': (o) => ({ path: `/api/shared-video/${o.contentId}`, expect: 404 }),
  'PATCH /api/videos/:id/favorite': (o) => ({
    path: `/api/videos/${o.contentId}/favorite`,
    body: { favorites: true },
    expect: 404,
  }),
  'PATCH /api/videos/:id/assign-folder': (o) => ({
    path: `/api/videos/${o.contentId}/assign-folder`,
    body: { userFolderId: null },
    expect: 404,
  }),
  'PATCH /api/videos/:id/visibility': (o) => ({
    path: `/api/videos/${o.contentId}/visibility`,
    body: { isPublic: true },
    expect: 404,
  }),
  'DELETE /api/video-creation-requests/:id': (o) => ({
    path: `/api/video-creation-requests/req-${o.requestId}`,
    expect: 404,
  }),
  'DELETE /api/video-generated-content/:id': (o) => ({
    path: `/api/video-generated-content/${o.contentId}`,
    expect: 404,
  }),
  'DELETE /api/user-folders/:id': (o) => ({ path: `/api/user-folders/${o.folderId}`, expect: 404 }),
  'PATCH /api/video-jobs/:id': (o) => ({
    path: `/api/video-jobs/${o.jobId}`,
    body: { isActive: false },
    expect: 404,
  }),
  'DELETE /api/video-jobs/:id': (o) => ({ path: `/api/video-jobs/${o.jobId}`, expect: 404 }),
  'POST /api/video-jobs/:id/unlink': (o) => ({
    path: `/api/video-jobs/${o.jobId}/unlink`,
    expect: 404,
  }),
  'GET /media/*': (o) => ({ path: o.videoUrl, expect: 404 }),
  'GET /api/proxy/media': (o) => ({
    path: `/api/proxy/media?url=${encodeURIComponent(o.uploadUrl)}`,
    expect: 404,
  }),
  'GET /api/proxy/download': (o) => ({
    path: `/api/proxy/download?url=${encodeURIComponent(o.videoUrl)}&filename=x`,
    expect: 404,
  }),
  'POST /api/combine-videos': (o) => ({
    path: '/api/combine-videos',
    body: { title: 'Mine now', description: '', videoIds: [o.contentId] },
    expect: 404,
  }),
  // Another member's session (the owner's own id is not a stranger's to end).
  'DELETE /api/account/sessions/:id': (o) => ({
    path: `/api/account/sessions/${o.sessionId}`,
    expect: 404,
  }),
  'POST /api/videos/:id/publish': (o) => ({
    path: `/api/videos/${o.contentId}/publish`,
    body: { platforms: ['youtube'] },
    expect: 404,
  }),
  'GET /api/videos/:id/publications': (o) => ({
    path: `/api/videos/${o.contentId}/publications`,
    expect: 404,
  }),
  // The owner's video, without the signature only the server can make.
  'GET /api/publications/:id/video': () => ({ path: '/api/publications/1/video', expect: 404 }),
  'POST /api/videos/:id/approve': (o) => ({
    path: `/api/videos/${o.contentId}/approve`,
    expect: 404,
  }),
  'POST /api/videos/:id/remix': (o) => ({ path: `/api/videos/${o.contentId}/remix`, expect: 404 }),
  'GET /api/videos/:id/versions': (o) => ({
    path: `/api/videos/${o.contentId}/versions`,
    expect: 404,
  }),
  'POST /api/videos/:id/versions/:version/restore': (o) => ({
    path: `/api/videos/${o.contentId}/versions/1/restore`,
    expect: 404,
  }),
  'GET /api/storyboards/:id': (o) => ({ path: `/api/storyboards/${o.storyboardId}`, expect: 404 }),
  'PATCH /api/storyboards/:id': (o) => ({
    path: `/api/storyboards/${o.storyboardId}`,
    body: { updatedAt: new Date().toISOString(), title: 'Mine now' },
    expect: 404,
  }),
  'DELETE /api/storyboards/:id': (o) => ({
    path: `/api/storyboards/${o.storyboardId}`,
    expect: 404,
  }),
  'POST /api/storyboards/:id/render': (o) => ({
    path: `/api/storyboards/${o.storyboardId}/render`,
    expect: 404,
  }),
  'GET /api/storyboards/:id/scenes/:number/speech': (o) => ({
    path: `/api/storyboards/${o.storyboardId}/scenes/1/speech`,
    expect: 404,
  }),
  'GET /api/storyboard-visuals': (o) => ({
    path: `/api/storyboard-visuals?q=boat&storyboardId=${o.storyboardId}`,
    expect: 404,
  }),
  'POST /api/video-creation-requests': (o) => ({
    path: '/api/video-creation-requests',
    body: { ...videoInput, jobId: o.jobId },
    expect: 404,
  }),
  'DELETE /api/api-keys/:id': (o) => ({ path: `/api/api-keys/${o.apiKeyId}`, expect: 404 }),
  'PATCH /api/webhook-endpoints/:id': (o) => ({
    path: `/api/webhook-endpoints/${o.webhookEndpointId}`,
    body: { url: 'http://127.0.0.1:9/mine-now', enabled: false },
    expect: 404,
  }),
  'DELETE /api/webhook-endpoints/:id': (o) => ({
    path: `/api/webhook-endpoints/${o.webhookEndpointId}`,
    expect: 404,
  }),
  'POST /api/webhook-endpoints/:id/test': (o) => ({
    path: `/api/webhook-endpoints/${o.webhookEndpointId}/test`,
    expect: 404,
  }),
  'POST /api/webhook-endpoints/:id/rotate-secret': (o) => ({
    path: `/api/webhook-endpoints/${o.webhookEndpointId}/rotate-secret`,
    expect: 404,
  }),
  'GET /api/webhook-endpoints/:id/deliveries': (o) => ({
    path: `/api/webhook-endpoints/${o.webhookEndpointId}/deliveries`,
    expect: 404,
  }),
  'POST /api/webhook-endpoints/:id/deliveries/:deliveryId/retry': (o) => ({
    path: `/api/webhook-endpoints/${o.webhookEndpointId}/deliveries/msg_x/retry`,
    expect: 404,
  }),
  // The owner's upload as the stranger's watermark.
  'PUT /api/account/watermark': (o) => ({
    path: '/api/account/watermark',
    body: { kind: 'image', imageUrl: o.uploadUrl, corner: 'top-left', opacity: 1 },
    expect: 404,
  }),
};

/** Path parameters that name nothing: too big for the database, malformed, or hostile. */
const HOSTILE_PARAMS = [
  '2147483648',
  '99999999999999999999',
  'req-2147483648',
  'req-99999999999',
  '-1',
  '0',
  '1.5',
  'a%00b',
  '%E2%80%AE',
  '..%2F..%2Fetc%2Fpasswd',
  'x'.repeat(3000),
];

/** Query strings that name nothing sensible. */
const HOSTILE_QUERIES = [
  'q=a%00b',
  'limit=99999999999999999999',
  'limit=-5',
  `cursor=${Buffer.from('99999999999999999999.c.99999999999').toString('base64url')}`,
  'cursor=%00',
  'folder=manual:99999999999',
  'folder=job:2147483648',
  'status=%00',
  'outcome=nonsense',
  'url=%2F%2Fevil.example%2Fmedia%2Fx&filename=a%00b',
  'url=%5C%5Cevil.example%2Fx',
  'search=%00&after=%00',
  'ref=a%00b&redirect=%00',
  'q[]=1&q[]=2',
];

/** JSON bodies of the wrong shape, out of range, or carrying what a database cannot hold. */
const HOSTILE_BODIES: unknown[] = [
  null,
  [],
  'text',
  12,
  {},
  { title: 'a\u0000b', description: 'b\u0000', folderName: '\u0000', jobName: '\u0000' },
  { userFolderId: 2147483648, videoIds: [2147483648, 1], ids: [2147483648] },
  { videoIds: [1e308, -1], selectedScenes: [{ videoId: 2147483648, scenes: [1e9] }] },
  { amount: 1e308, userId: '\u0000', memberLevel: 'Root', until: '99999-01-01' },
  { scenes: 2147483648, itemListIndex: 1e20, jobId: 2147483648 },
  { status: 'approved', adminNote: '\u0000'.repeat(10) },
  JSON.parse('{"\\u0000key": 1}'),
  JSON.parse('{"__proto__": {"admin": true}, "constructor": {"prototype": {"admin": true}}}'),
  { email: 'a\u0000@example.com', password: 'x\u0000'.repeat(40), ref: '\u0000' },
  { product: '\u0000', postLink: 'javascript:alert(1)', viewCount: 1e308 },
  { nested: JSON.parse(`${'['.repeat(500)}${']'.repeat(500)}`) },
  { title: 'x'.repeat(200_000), description: 'y'.repeat(200_000) },
];

/** Raw bodies that are not what their content type says. */
const HOSTILE_RAW: Array<{ type: string; body: string }> = [
  { type: 'application/json', body: '{"title": "unterminated' },
  { type: 'application/json', body: '\u0000' },
  { type: 'text/plain', body: 'hello' },
  { type: 'multipart/form-data; boundary=xyz', body: 'garbage' },
  { type: 'multipart/form-data', body: 'garbage' },
  {
    type: 'multipart/form-data; boundary=xyz',
    body: '--xyz\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nabc',
  },
  { type: 'application/x-www-form-urlencoded', body: 'a=%00' },
];

/** The route's path with every parameter replaced. */
function fill(url: string, value: string): string {
  return url.replace(/:[A-Za-z]+/g, value).replace('*', value);
}

/** A hash of everything a member owns, to see that a request changed none of it. */
async function ownedState(sql: pg.Pool, userId: string): Promise<string> {
  const tables = [
    'users',
    'credit_balances',
    'credit_ledger',
    'notifications',
    'submissions',
    'user_folders',
    'video_creation_requests',
    'video_generated_content',
    'video_jobs',
    'storyboards',
    'api_keys',
    'webhook_endpoints',
  ];
  const parts: string[] = [];
  for (const table of tables) {
    const column = table === 'users' ? 'id' : 'user_id';
    const { rows } = await sql.query(
      `select coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as hash
         from ${table} t where ${column} = $1`,
      [userId],
    );
    parts.push(`${table}:${rows[0].hash}`);
  }
  return parts.join(' ');
}

/** A 5xx with the route and input that caused it, or nothing. */
async function serverErrorOf(
  client: TestClient,
  method: string,
  path: string,
  init: { body?: unknown; raw?: { type: string; body: string } } = {},
): Promise<string | null> {
  let status: number;
  if (init.raw) {
    const response = await fetch(new URL(path, client.baseUrl), {
      method,
      headers: { cookie: client.cookieHeader, 'content-type': init.raw.type },
      body: init.raw.body,
      signal: AbortSignal.timeout(10_000),
    }).catch((error: Error) => ({ status: `no answer (${error.name})` as unknown as number }));
    status = response.status;
  } else {
    status = (await client.request(method, path, { body: init.body })).status;
  }
  if (typeof status === 'number' && status < 500) return null;
  const shown = init.raw ? `${init.raw.type}: ${init.raw.body}` : JSON.stringify(init.body);
  return `${method} ${path.slice(0, 120)} ${shown?.slice(0, 120) ?? ''} → ${status}`;
}

let routes: string[];
let owner: { client: TestClient; id: string };
let stranger: { client: TestClient; id: string };
let admin: TestClient;
let owned: Owned;

beforeAll(async () => {
  routes = test.server.runtime.routes.map((route) => `${route.method} ${route.url}`);
  const member = async (email?: string) => {
    const client = new TestClient(test.server.url);
    const { user } = await signUp(client, { email });
    // Elite and verified: no plan rule refuses a request before its ids are looked at.
    await test.sql.query(
      `update users set member_level = 'Elite', email_verified = true where id = $1`,
      [user.id],
    );
    return { client, id: user.id as string };
  };
  owner = await member();
  stranger = await member();
  admin = (await member(ADMIN_EMAIL)).client;

  const upload = await owner.client.upload<{ url: string }>('/api/upload-image', {
    field: 'image',
    name: 'photo.png',
    type: 'image/png',
    bytes: await makeImage('png'),
  });
  const created = await owner.client.post<{ requestId: number }>(
    '/api/video-creation-requests',
    videoInput,
  );
  const video = await waitForVideo(
    owner.client,
    created.body.requestId,
    (entry) => entry.status === 'completed',
  );
  const folder = await owner.client.post<{ id: number }>('/api/user-folders', {
    folderName: 'Mine',
    folderIcon: '📁',
  });
  await owner.client.post('/api/video-jobs', {
    jobName: 'Daily coffee moments',
    postType: 'video',
    frequency: 'daily',
    scenes: 1,
    aspectRatio: 'portrait',
    isActive: false,
    advancedMode: false,
    watermark: true,
    brandName: 'Ember & Oak',
    brandDescription: 'A small-batch coffee roaster.',
    focusFeatures: 'Fresh beans, direct trade.',
    callToAction: 'Order a fresh bag today.',
    filmStyle: 'Warm morning light.',
    dynamicSet: 'A different brewing method each time.',
  });
  const storyboard = await owner.client.post<{ id: number }>('/api/storyboards', videoInput);
  expect(storyboard.status).toBe(201);
  const apiKey = await owner.client.post<{ id: string }>('/api/api-keys', {
    name: 'Workflow',
    scopes: ['videos:read'],
  });
  // Never called: its address only has to pass the guard (private ones are allowed in tests).
  const webhookEndpoint = await owner.client.post<{ id: string }>('/api/webhook-endpoints', {
    url: 'http://127.0.0.1:9/hooks',
    events: ['video.completed'],
  });
  expect(webhookEndpoint.status).toBe(201);
  const ids = await test.sql.query(
    `select (select id from user_folders where user_id = $1 limit 1) as folder,
            (select id from video_jobs where user_id = $1 limit 1) as job`,
    [owner.id],
  );
  owned = {
    requestId: created.body.requestId,
    contentId: Number(video.id),
    videoUrl: video.videoUrl as string,
    folderId: folder.body.id ?? ids.rows[0].folder,
    jobId: ids.rows[0].job,
    uploadUrl: upload.body.url,
    sessionId: (
      await test.sql.query('select id from sessions where user_id = $1 limit 1', [owner.id])
    ).rows[0].id,
    storyboardId: storyboard.body.id,
    apiKeyId: apiKey.body.id,
    webhookEndpointId: webhookEndpoint.body.id,
  };
  expect(owned.folderId).toBeTruthy();
  expect(owned.jobId).toBeTruthy();
}, 120_000);

describe('every route', () => {
  it('answers a visitor 401 unless it is public', async () => {
    const visitor = new TestClient(test.server.url);
    const wrong: string[] = [];
    for (const route of routes.filter(
      (entry) => !PUBLIC_ROUTES.has(entry) && !isClientApp(entry) && !isApiDocs(entry),
    )) {
      const [method = 'GET', url = ''] = route.split(' ');
      const response = await visitor.request(method, fill(url, '1'), {
        body: method === 'GET' ? undefined : {},
      });
      if (response.status !== 401) wrong.push(`${route} → ${response.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses a member on admin routes', async () => {
    const wrong: string[] = [];
    for (const route of routes.filter(isAdminRoute)) {
      const [method = 'GET', url = ''] = route.split(' ');
      const response = await stranger.client.request(method, fill(url, '1'), {
        body: method === 'GET' ? undefined : {},
      });
      if (response.status !== 403) wrong.push(`${route} → ${response.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('takes an API key on exactly the routes of its scope, and never elsewhere', async () => {
    expect(Object.keys(ROUTE_SCOPES).filter((route) => !routes.includes(route))).toEqual([]);
    expect(Object.keys(ROUTE_SCOPES).filter(isAdminRoute)).toEqual([]);
    // The stranger's keys: they own nothing, so a call that gets through changes nothing.
    const keyWith = async (scopes: readonly ApiKeyScope[]) => {
      const made = await stranger.client.post<{ key: string }>('/api/api-keys', {
        name: scopes.join(' '),
        scopes,
      });
      return new TestClient(test.server.url, { authorization: `Bearer ${made.body.key}` });
    };
    const everyScope = await keyWith(API_KEY_SCOPES);
    const onlyJobs = await keyWith(['jobs']);
    const onlyAccount = await keyWith(['account:read']);
    const wrong: string[] = [];
    for (const route of routes.filter(
      (entry) => !PUBLIC_ROUTES.has(entry) && !isClientApp(entry) && !isApiDocs(entry),
    )) {
      const [method = 'GET', url = ''] = route.split(' ');
      const call = (client: TestClient) =>
        client.request(method, fill(url, '1'), { body: method === 'GET' ? undefined : {} });
      const scope = ROUTE_SCOPES[route];
      const full = await call(everyScope);
      // Scopes are the MCP tools' to check, call by call (features/mcp/mcp.test.ts).
      if (isMcp(route)) {
        if (full.status === 401 || full.status === 403) wrong.push(`${route} → ${full.status}`);
        continue;
      }
      if (!scope) {
        if (full.status !== 403 || full.body.code !== 'SESSION_REQUIRED') {
          wrong.push(`${route} (browser only) → ${full.status} ${full.body.code}`);
        }
        continue;
      }
      if (full.status === 401 || full.status === 403) {
        wrong.push(`${route} (${scope}) → ${full.status} ${full.body.code}`);
      }
      const lacking = await call(scope === 'jobs' ? onlyAccount : onlyJobs);
      if (lacking.status !== 403 || lacking.body.scope !== scope) {
        wrong.push(`${route} without ${scope} → ${lacking.status} ${JSON.stringify(lacking.body)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("answers a stranger naming another member's things 404, and changes nothing", async () => {
    const before = await ownedState(test.sql, owner.id);
    const unknown = routes.filter(
      (route) =>
        /[:*]/.test(route) &&
        !isAdminRoute(route) &&
        !isClientApp(route) &&
        !isApiDocs(route) &&
        !NOBODYS_IDS.has(route) &&
        !(route in STRANGER_CASES),
    );
    // A new route taking an id needs its stranger case above.
    expect(unknown).toEqual([]);
    const wrong: string[] = [];
    for (const [route, build] of Object.entries(STRANGER_CASES)) {
      expect(routes).toContain(route);
      const [method = 'GET'] = route.split(' ');
      const { path, body, expect: status } = build(owned);
      const response = await stranger.client.request(method, path, { body });
      if (response.status !== status) wrong.push(`${route} → ${response.status}`);
    }
    expect(wrong).toEqual([]);
    expect(await ownedState(test.sql, owner.id)).toBe(before);
  });

  it('never answers hostile input with a server error', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const [method = 'GET', url = ''] = route.split(' ');
      // Account routes would sign the caller out or in as someone else: a visitor calls them.
      const caller = /\/api\/(auth\/sign|login|logout)/.test(url)
        ? new TestClient(test.server.url)
        : isAdminRoute(route)
          ? admin
          : stranger.client;
      const hasParams = /[:*]/.test(url);
      for (const value of hasParams ? HOSTILE_PARAMS : []) {
        const failure = await serverErrorOf(caller, method, fill(url, value));
        if (failure) failures.push(failure);
      }
      const path = fill(url, '1');
      for (const query of HOSTILE_QUERIES) {
        const failure = await serverErrorOf(caller, method, `${path}?${query}`);
        if (failure) failures.push(failure);
      }
      if (method === 'GET') continue;
      for (const body of HOSTILE_BODIES) {
        const failure = await serverErrorOf(caller, method, path, { body });
        if (failure) failures.push(failure);
      }
      for (const raw of HOSTILE_RAW) {
        const failure = await serverErrorOf(caller, method, path, { raw });
        if (failure) failures.push(failure);
      }
    }
    expect(failures).toEqual([]);
    // Every answer above was the route's own, not a 401 for a caller who lost the session.
    expect((await stranger.client.get('/api/auth/user')).status).toBe(200);
    expect((await admin.get('/api/auth/user')).status).toBe(200);
  }, 180_000);
});
