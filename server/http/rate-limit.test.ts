// Request rate limits on the real server: sign-up per address with the default numbers, and each
// member-counted limit with small ones; every refusal is a 429 with Retry-After and a message that
// says when to try again, and a second API node on the same database enforces the same counts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, TestClient, uniqueEmail } from '../../test/http-client';
import { makeImage } from '../../test/media';
import { setUpTestServer, startTestServer, type TestServer } from '../../test/server';
import { videoInput } from '../../test/videos';
import { DEFAULT_RATE_LIMITS, parseRateLimits } from '../config-limits';

const SMALL_LIMITS = 'create=3/60,combine=2/60,upload=2/60,submission=2/60,webhook=3/60';
const env = {
  // Both nodes sign sessions with one secret, as a deployment's nodes do.
  AUTH_SECRET: 'rate-limit-test-secret-0123456789abcdef',
  TRUST_PROXY: 'true',
  RATE_LIMITS: SMALL_LIMITS,
  ROLES: 'api',
  STRIPE_WEBHOOK_SECRET: 'whsec_rate_limit_test',
};
const test = setUpTestServer({ env });

/** The same database served by another API node. */
let secondNode: TestServer;
beforeAll(async () => {
  secondNode = await startTestServer({ databaseUrl: test.database.url, env });
});
afterAll(async () => {
  await secondNode?.stop();
});

const from = (address: string) => ({ 'x-forwarded-for': address });

function expectRefusal(
  response: { status: number; body: unknown; headers: Headers },
  message: RegExp,
) {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(response.body).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: retryAfter });
  expect((response.body as { message: string }).message).toMatch(message);
}

async function member() {
  const client = new TestClient(test.server.url);
  const { user } = await signUp(client);
  await test.sql.query(
    `update users set member_level = 'Elite', email_verified = true where id = $1`,
    [user.id],
  );
  return client;
}

describe('rate limits', () => {
  it('reads RATE_LIMITS over the defaults, turns them off with off, and refuses nonsense', () => {
    expect(parseRateLimits(undefined)).toEqual(DEFAULT_RATE_LIMITS);
    expect(parseRateLimits('create=5/30')?.create).toEqual({ max: 5, windowSeconds: 30 });
    expect(parseRateLimits('off')).toBeNull();
    expect(() => parseRateLimits('creates=5/30')).toThrow(/name=max\/seconds/);
    expect(() => parseRateLimits('create=5')).toThrow();
  });

  it('lets one address create 20 accounts a minute across both API nodes, then answers 429', async () => {
    const address = from('198.51.100.23');
    const nodes = [test.server.url, secondNode.url];
    const statuses: number[] = [];
    for (let index = 0; index < DEFAULT_RATE_LIMITS.signUp.max; index++) {
      const node = nodes[index % 2] as string;
      const response = await new TestClient(node).post(
        '/api/auth/signup',
        { email: uniqueEmail('flood'), password: 'correct horse battery' },
        address,
      );
      statuses.push(response.status);
    }
    expect(statuses).toEqual(Array(DEFAULT_RATE_LIMITS.signUp.max).fill(201));
    for (const node of nodes) {
      const email = uniqueEmail('refused');
      const refused = await new TestClient(node).post(
        '/api/auth/signup',
        { email, password: 'correct horse battery' },
        address,
      );
      expectRefusal(refused, /^Too many accounts .* Please try again in \d+ (seconds?|minute)\.$/);
      const { rows } = await test.sql.query('select 1 from users where email = $1', [email]);
      expect(rows).toHaveLength(0);
    }
    // Someone else, elsewhere, is not held up.
    const other = await new TestClient(test.server.url).post(
      '/api/auth/signup',
      { email: uniqueEmail('elsewhere'), password: 'correct horse battery' },
      from('198.51.100.24'),
    );
    expect(other.status).toBe(201);
  });

  it('counts creating a video per member, with retries, on every node', async () => {
    const client = await member();
    const onSecond = client.withBaseUrl(secondNode.url);
    expect((await client.post('/api/video-creation-requests', videoInput)).status).toBe(201);
    expect((await onSecond.post('/api/video-creation-requests', videoInput)).status).toBe(201);
    expect((await client.post('/api/video-creation-requests', videoInput)).status).toBe(201);
    expectRefusal(
      await onSecond.post('/api/video-creation-requests', videoInput),
      /^You are creating videos too quickly\. Please try again in \d+ (seconds?|minute)\.$/,
    );
    expectRefusal(
      await client.request('PATCH', '/api/videos/req-1/retry'),
      /creating videos too quickly/,
    );
    // Another member on the same address creates as usual.
    const neighbour = await member();
    expect((await neighbour.post('/api/video-creation-requests', videoInput)).status).toBe(201);
  });

  it('counts uploads, combines and submissions per member', async () => {
    const client = await member();
    const png = await makeImage('png');
    const upload = () =>
      client.upload('/api/upload-image', {
        field: 'image',
        name: 'photo.png',
        type: 'image/png',
        bytes: png,
      });
    expect((await upload()).status).toBe(201);
    expect((await upload()).status).toBe(201);
    expectRefusal(await upload(), /^You are uploading images too quickly\./);

    const combine = () =>
      client.post('/api/combine-videos', { title: 'Both', description: '', videoIds: [1, 2] });
    expect((await combine()).status).toBe(404);
    expect((await combine()).status).toBe(404);
    expectRefusal(await combine(), /^You are combining videos too quickly\./);

    const submit = (submissionType: string) =>
      client.post('/api/submissions', { submissionType, socialHandle: '@me' });
    expect((await submit('follow_x')).status).toBe(201);
    expect((await submit('follow_instagram')).status).toBe(201);
    expectRefusal(await submit('follow_youtube'), /^You have sent a lot of submissions just now\./);
  });

  it('counts payment webhooks per address', async () => {
    const webhook = () =>
      fetch(new URL('/api/webhooks/stripe', test.server.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.99' },
        body: '{}',
      });
    for (let index = 0; index < 3; index++) expect((await webhook()).status).toBe(400);
    const refused = await webhook();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
