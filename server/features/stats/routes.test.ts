// Public endpoints: health and the landing page's user count.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { signUp, TestClient } from '../../../test/http-client';
import { startTestServer, type TestServer } from '../../../test/server';

let database: TestDatabase;
let server: TestServer;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer({
    databaseUrl: database.url,
    env: { EARLY_ACCESS_ACTIVE: 'false' },
  });
});

afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

describe('GET /api/health', () => {
  it('answers ok once the database and the queue are up', async () => {
    const response = await new TestClient(server.url).get('/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });
  });
});

describe('GET /api/stats/user-count', () => {
  it('counts members without signing in, with the early-access state from configuration', async () => {
    const visitor = new TestClient(server.url);
    const before = await visitor.get('/api/stats/user-count');
    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      totalUsers: 0,
      earlyAccess: { isActive: false, available: 1000, taken: 0 },
    });
    await signUp(new TestClient(server.url));
    await signUp(new TestClient(server.url));
    const after = await visitor.get('/api/stats/user-count');
    expect(after.body).toEqual({
      totalUsers: 2,
      earlyAccess: { isActive: false, available: 1000, taken: 2 },
    });
  });
});

describe('unknown API routes', () => {
  it('answer a JSON 404, not the web page', async () => {
    const response = await new TestClient(server.url).get('/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
  });
});
