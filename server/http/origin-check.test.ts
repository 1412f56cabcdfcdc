// Cross-site protection on the real server (docs/accounts.md): a mutation a browser marks
// `Sec-Fetch-Site: cross-site`, in any letter case, is refused even when its Origin looks like
// ours; a foreign Origin is refused; our own Origin, however its host is spelled, passes.
import { describe, expect, it } from 'vitest';
import { signUp, TestClient, uniqueEmail } from '../../test/http-client';
import { setUpTestServer } from '../../test/server';

const test = setUpTestServer({ env: { ROLES: 'api' } });
const client = () => new TestClient(test.server.url);

async function accounts(email: string): Promise<number> {
  const { rows } = await test.sql.query('select count(*)::int as n from users where email = $1', [
    email,
  ]);
  return rows[0].n;
}

function signUpWith(headers: Record<string, string>) {
  const email = uniqueEmail('origin');
  return {
    email,
    answer: client().post('/api/auth/signup', { email, password: 'long enough password' }, headers),
  };
}

describe('a mutation marked cross-site', () => {
  it.each(['cross-site', 'Cross-Site', 'CROSS-SITE', ' cross-site ', 'same-origin, cross-site'])(
    'is refused with Sec-Fetch-Site %j even with our own Origin, and changes nothing',
    async (site) => {
      const { email, answer } = signUpWith({
        origin: test.server.url,
        'sec-fetch-site': site,
      });
      const response = await answer;
      expect(response.status).toBe(403);
      expect(response.body).toEqual({
        code: 'CROSS_SITE_REQUEST',
        message: 'Request refused: it came from another site.',
      });
      expect(response.setCookies).toEqual([]);
      expect(await accounts(email)).toBe(0);
    },
  );

  it('is refused on a member’s own routes too, leaving their things as they were', async () => {
    const member = client();
    await signUp(member);
    const refused = await member.post(
      '/api/user-folders',
      { folderName: 'Planted', folderIcon: '📁' },
      { origin: test.server.url, 'sec-fetch-site': 'Cross-Site' },
    );
    expect(refused.status).toBe(403);
    expect((await member.get('/api/user-folders')).body).toEqual([]);
  });
});

describe('the Origin of a mutation', () => {
  it.each([
    ['another site', 'https://evil.example'],
    ['a look-alike host', 'http://127.0.0.1.evil.example'],
    ['an unreadable one', 'null'],
  ])('is refused when it is %s', async (_kind, origin) => {
    const { email, answer } = signUpWith({ origin, 'sec-fetch-site': 'same-origin' });
    expect((await answer).status).toBe(403);
    expect(await accounts(email)).toBe(0);
  });

  it.each([
    ['our own origin', (url: string) => ({ origin: url, 'sec-fetch-site': 'same-origin' })],
    ['our own origin in capitals', (url: string) => ({ origin: url.toUpperCase() })],
    ['none, from a client that is not a browser', () => ({})],
  ])('passes with %s', async (_kind, headers) => {
    const { email, answer } = signUpWith(headers(test.server.url));
    expect((await answer).status).toBe(201);
    expect(await accounts(email)).toBe(1);
  });
});

describe('/api/logout started by another site', () => {
  it.each(['cross-site', 'Cross-Site'])(
    'goes home without ending the session for Sec-Fetch-Site %j',
    async (site) => {
      const member = client();
      await signUp(member);
      const response = await member.get('/api/logout', { 'sec-fetch-site': site });
      expect(response.status).toBe(302);
      expect(response.setCookies).toEqual([]);
      expect((await member.get('/api/auth/user')).status).toBe(200);
    },
  );
});
