// Server-Timing in production: off unless SERVER_TIMING=true, so a stranger cannot time what a
// lookup found (a known address against an unknown one); the bench turns it on. Two API nodes on
// one database, started as production servers, one without the setting and one with it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpTestServer, startTestServer, type TestServer } from '../../test/server';

const production = { NODE_ENV: 'production', ROLES: 'api' };
const test = setUpTestServer({ env: production });

let timed: TestServer;
beforeAll(async () => {
  timed = await startTestServer({
    databaseUrl: test.database.url,
    env: { ...production, SERVER_TIMING: 'true' },
  });
});
afterAll(async () => {
  await timed?.stop();
});

describe('Server-Timing in production', () => {
  it('is not sent without SERVER_TIMING=true', async () => {
    for (const path of ['/api/health', '/api/stats/user-count', '/api/auth/user']) {
      const response = await fetch(`${test.server.url}${path}`);
      expect(response.status).toBeLessThan(500);
      expect(response.headers.get('server-timing')).toBeNull();
    }
  });

  it('is sent with SERVER_TIMING=true, as the bench runs it', async () => {
    const response = await fetch(`${timed.url}/api/health`);
    expect(response.status).toBe(200);
    expect(response.headers.get('server-timing')).toMatch(/^app;dur=\d+\.\d$/);
  });
});
