// Public endpoints: health and the landing page's user count.
import { describe, expect, it } from 'vitest';
import { signUp, TestClient } from '../../../test/http-client';
import { setUpTestServer } from '../../../test/server';

const test = setUpTestServer({ env: { EARLY_ACCESS_ACTIVE: 'false' } });
const client = () => new TestClient(test.server.url);

describe('GET /api/health', () => {
  it('answers ok once the database and the queue are up, with the event loop delay', async () => {
    const response = await client().get('/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      ok: true,
      eventLoopDelay: {
        p50Ms: expect.any(Number),
        p99Ms: expect.any(Number),
        maxMs: expect.any(Number),
      },
    });
  });
});

describe('GET /api/stats/user-count', () => {
  it('counts members without signing in, with the early-access state from configuration', async () => {
    const visitor = client();
    const before = await visitor.get('/api/stats/user-count');
    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      totalUsers: 0,
      earlyAccess: { isActive: false, available: 1000, taken: 0 },
    });
    await signUp(client());
    await signUp(client());
    const after = await visitor.get('/api/stats/user-count');
    expect(after.body).toEqual({
      totalUsers: 2,
      earlyAccess: { isActive: false, available: 1000, taken: 2 },
    });
  });
});

describe('unknown API routes', () => {
  it('answer a JSON 404, not the web page', async () => {
    const response = await client().get('/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
  });
});
