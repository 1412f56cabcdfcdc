// With PUBLIC_URL set, the server answers requests for its own host only (the health check
// excepted, for load balancers probing by address), socket handshakes included.
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { SOCKET_PATH } from '../../shared/realtime';
import { setUpTestServer } from '../../test/server';

const test = setUpTestServer({ env: { ROLES: 'api', PUBLIC_URL: 'https://app.reelforge.test' } });

function get(path: string, host: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const url = new URL(path, test.server.url);
    http
      .get(url, { headers: { host } }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

describe('the Host check', () => {
  it('answers its own host, refuses others with 421, and lets the health check through', async () => {
    expect((await get('/api/stats/user-count', 'app.reelforge.test')).status).toBe(200);
    for (const host of ['evil.example', '127.0.0.1', 'app.reelforge.test.evil.example']) {
      const refused = await get('/api/stats/user-count', host);
      expect(refused.status).toBe(421);
      expect(JSON.parse(refused.body)).toEqual({
        code: 'WRONG_HOST',
        message: 'This server answers for app.reelforge.test only.',
      });
    }
    expect((await get('/api/health', '10.0.0.7:5000')).status).toBe(200);
  });

  it('takes its own host however it is written: case, a trailing dot, the default port', async () => {
    for (const host of ['APP.Reelforge.Test', 'app.reelforge.test.', 'app.reelforge.test:443']) {
      expect((await get('/api/stats/user-count', host)).status).toBe(200);
    }
    expect((await get('/api/stats/user-count', 'app.reelforge.test:8443')).status).toBe(421);
    expect((await get('/api/health?probe=1', 'evil.example')).status).toBe(200);
  });

  it('refuses socket handshakes for other hosts, which never reach the HTTP routes', async () => {
    const handshake = `${SOCKET_PATH}/?EIO=4&transport=polling`;
    expect((await get(handshake, 'app.reelforge.test')).status).toBe(200);
    expect((await get(handshake, 'evil.example')).status).toBe(403);
  });
});
