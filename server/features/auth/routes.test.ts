// Accounts through real HTTP on a real PostgreSQL: sign-up, sign-in, sessions, logout, the login
// navigation, cross-site refusal and the sign-in throttle.
import { describe, expect, it } from 'vitest';
import { signUp, TestClient, uniqueEmail } from '../../../test/http-client';
import { setUpTestServer } from '../../../test/server';

// Behind a trusted proxy, so each test can sign in from its own client address.
const test = setUpTestServer({ env: { TRUST_PROXY: 'true' } });
const client = () => new TestClient(test.server.url);

describe('POST /api/auth/signup', () => {
  it('creates a Free member with a referral code and signs them in with a safe cookie', async () => {
    const browser = client();
    const email = uniqueEmail('Ann');
    const response = await browser.post('/api/auth/signup', {
      email: `  ${email.toUpperCase()} `,
      password: 'long enough password',
      firstName: 'Ann',
      lastName: 'Lee',
    });

    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      email: email.toLowerCase(),
      firstName: 'Ann',
      lastName: 'Lee',
      memberLevel: 'Free',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      referralCode: expect.stringMatching(/^[A-HJ-NP-Z2-9]{8}$/),
      isAdmin: false,
      // Until the link in the welcome email is clicked.
      emailVerified: false,
      adminAwaitingVerification: false,
    });
    const [cookie] = response.setCookies.filter((value) =>
      value.startsWith('reelforge.session_token='),
    );
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);

    const me = await browser.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body).toEqual(response.body);
  });

  it('gives every member a different referral code', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 5; i++) codes.add((await signUp(client())).user.referralCode);
    expect(codes.size).toBe(5);
  });

  it('records the referrer when a valid ref is given, in any letter case', async () => {
    const referrer = await signUp(client());
    const referred = await signUp(client(), { ref: referrer.user.referralCode.toLowerCase() });
    const { rows } = await test.sql.query('SELECT referred_by FROM users WHERE id = $1', [
      referred.user.id,
    ]);
    expect(rows[0].referred_by).toBe(referrer.user.id);
  });

  it('still signs up with an unknown ref, recording none', async () => {
    const referred = await signUp(client(), { ref: 'NOSUCHCODE' });
    const { rows } = await test.sql.query('SELECT referred_by FROM users WHERE id = $1', [
      referred.user.id,
    ]);
    expect(rows[0].referred_by).toBeNull();
  });

  it('answers sign-ups racing with one new email 409 for all but one', async () => {
    const email = uniqueEmail('racing');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        client().post('/api/auth/signup', { email, password: 'correct horse battery' }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    const { rows } = await test.sql.query('SELECT count(*)::int AS n FROM users WHERE email = $1', [
      email,
    ]);
    expect(rows[0].n).toBe(1);
  });

  it('refuses a second account with the same email, whatever its case', async () => {
    const { email } = await signUp(client());
    const response = await client().post('/api/auth/signup', {
      email: email.toUpperCase(),
      password: 'another password',
    });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({
      code: 'EMAIL_TAKEN',
      message: 'An account with this email already exists. Please sign in instead.',
      field: 'email',
    });
    const { rows } = await test.sql.query('SELECT count(*)::int AS n FROM users WHERE email = $1', [
      email,
    ]);
    expect(rows[0].n).toBe(1);
  });

  it.each([
    [
      { email: 'not-an-email', password: 'long enough' },
      'email',
      'Please enter a valid email address.',
    ],
    [
      { email: uniqueEmail(), password: 'short' },
      'password',
      'Password must be at least 8 characters.',
    ],
    [
      { email: uniqueEmail(), password: 'x'.repeat(129) },
      'password',
      'Password must be at most 128 characters.',
    ],
    [{ password: 'long enough' }, 'email', 'Please enter your email address.'],
  ])('refuses %j with a clear message', async (body, field, message) => {
    const response = await client().post('/api/auth/signup', body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_ERROR', field, message });
    expect(response.setCookies).toEqual([]);
  });
});

describe('POST /api/auth/signin', () => {
  it('signs in with the right password and answers the member', async () => {
    const { email, password, user } = await signUp(client());
    const browser = client();
    const response = await browser.post('/api/auth/signin', {
      email: email.toUpperCase(),
      password,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: user.id, email });
    expect((await browser.get('/api/auth/user')).body).toMatchObject({ id: user.id });
  });

  it('answers 401 for a wrong password or an unknown email, and sets no session', async () => {
    const { email } = await signUp(client());
    for (const attempt of [
      { email, password: 'wrong password' },
      { email: uniqueEmail('nobody'), password: 'whatever it is' },
    ]) {
      const browser = client();
      const response = await browser.post('/api/auth/signin', attempt);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({
        code: 'INVALID_CREDENTIALS',
        message: 'Invalid email or password.',
      });
      expect((await browser.get('/api/auth/user')).status).toBe(401);
    }
  });

  it('makes a guessing address wait, longer with each failure, but never the member elsewhere', async () => {
    const { email, password } = await signUp(client());
    const guesser = { 'x-forwarded-for': '198.51.100.7' };
    const guess = (attempt: number) =>
      client().post('/api/auth/signin', { email, password: `wrong-${attempt}-password` }, guesser);
    for (let attempt = 1; attempt <= 5; attempt++) expect((await guess(attempt)).status).toBe(401);
    const waiting = await guess(6);
    expect(waiting.status).toBe(429);
    expect(waiting.body).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many failed sign-in attempts. Please try again in 30 seconds.',
    });
    expect(Number(waiting.headers.get('retry-after'))).toBe(30);
    // Even the right password waits from that address...
    expect((await client().post('/api/auth/signin', { email, password }, guesser)).status).toBe(
      429,
    );
    // ...while the member, from their own address, signs in at once.
    const member = await client().post(
      '/api/auth/signin',
      { email, password },
      { 'x-forwarded-for': '192.0.2.44' },
    );
    expect(member.status).toBe(200);
    // The next failure once the wait is over doubles it.
    await test.sql.query(
      `update rate_limits set window_started_at = now() - interval '31 seconds' where key like $1`,
      [`sign-in:pair:${email.toLowerCase()}:%`],
    );
    expect((await guess(7)).status).toBe(401);
    const longer = await guess(8);
    expect(longer.status).toBe(429);
    expect(Number(longer.headers.get('retry-after'))).toBe(60);
  });

  it('counts only failures: members behind one address never block each other by signing in', async () => {
    const office = { 'x-forwarded-for': '203.0.113.20' };
    const colleagues = await Promise.all(Array.from({ length: 3 }, () => signUp(client())));
    for (let round = 0; round < 15; round++) {
      for (const { email, password } of colleagues) {
        const response = await client().post('/api/auth/signin', { email, password }, office);
        expect(response.status).toBe(200);
      }
    }
    // Each check held a place while it ran and gave it back once the password was right.
    const { rows } = await test.sql.query('select count from rate_limits where key = $1', [
      'sign-in:address-failures:203.0.113.20',
    ]);
    expect(rows).toEqual([{ count: 0 }]);
  });

  it('checks no more passwords than allowed when a burst of guesses arrives at once', async () => {
    const { email } = await signUp(client());
    const guesser = { 'x-forwarded-for': '198.51.100.12' };
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, attempt) =>
        client().post('/api/auth/signin', { email, password: `burst-${attempt}-guess` }, guesser),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    // 4 free failures and the 5th that starts the wait: 5 checks, not one more.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);
    for (const refused of answers.filter((answer) => answer.status === 429)) {
      // The 5th failure's 30 seconds, less the time the burst has taken by then.
      const { retryAfterSeconds } = refused.body as { retryAfterSeconds: number };
      expect(retryAfterSeconds).toBeGreaterThanOrEqual(25);
      expect(retryAfterSeconds).toBeLessThanOrEqual(30);
      expect(refused.body).toEqual({
        code: 'RATE_LIMITED',
        message: `Too many failed sign-in attempts. Please try again in ${retryAfterSeconds} seconds.`,
        retryAfterSeconds,
      });
    }
    const { rows } = await test.sql.query(
      'select key, count from rate_limits where key = any($1) order by key',
      [
        [
          `sign-in:pair:${email.toLowerCase()}:198.51.100.12`,
          'sign-in:address-failures:198.51.100.12',
        ],
      ],
    );
    expect(rows).toEqual([
      { key: 'sign-in:address-failures:198.51.100.12', count: 5 },
      { key: `sign-in:pair:${email.toLowerCase()}:198.51.100.12`, count: 5 },
    ]);
  });

  it('checks a free failure even when a racing request stamped the pair a moment later', async () => {
    // Racing requests read the clock in one order and reach the counter in another: the row's
    // latest failure can be a moment after a request's own time. It is still a free failure.
    const { email } = await signUp(client());
    await test.sql.query(
      `insert into rate_limits (key, window_started_at, count)
       values ($1, now() + interval '2 seconds', 2)`,
      [`sign-in:pair:${email.toLowerCase()}:198.51.100.13`],
    );
    const response = await client().post(
      '/api/auth/signin',
      { email, password: 'a wrong guess' },
      { 'x-forwarded-for': '198.51.100.13' },
    );
    expect(response.status).toBe(401);
    const { rows } = await test.sql.query('select count from rate_limits where key = $1', [
      `sign-in:pair:${email.toLowerCase()}:198.51.100.13`,
    ]);
    expect(rows).toEqual([{ count: 3 }]);
  });

  it('never lets a burst across many accounts past the 100 failures of one address', async () => {
    const from = { 'x-forwarded-for': '203.0.113.90' };
    await test.sql.query(
      `insert into rate_limits (key, window_started_at, count) values ($1, now(), 90)`,
      ['sign-in:address-failures:203.0.113.90'],
    );
    // Real accounts, so that every guess is a real password check; 5 each stays within the
    // accounts' own allowance and leaves the address's count as the only limit.
    const accounts = await Promise.all(Array.from({ length: 4 }, () => signUp(client())));
    const answers = await Promise.all(
      accounts.flatMap(({ email }) =>
        Array.from({ length: 5 }, (_, attempt) =>
          client().post('/api/auth/signin', { email, password: `leaked-${attempt}-guess` }, from),
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    const { rows } = await test.sql.query('select count from rate_limits where key = $1', [
      'sign-in:address-failures:203.0.113.90',
    ]);
    expect(rows).toEqual([{ count: 100 }]);
    // A refused attempt counted nothing for its account either.
    const pairs = await test.sql.query(
      `select coalesce(sum(count), 0)::int as n from rate_limits
        where key like 'sign-in:pair:%:203.0.113.90'`,
    );
    expect(pairs.rows[0].n).toBe(10);
  });

  it('stops one address failing across many accounts, and only that address', async () => {
    const from = { 'x-forwarded-for': '203.0.113.77' };
    await test.sql.query(
      `insert into rate_limits (key, window_started_at, count) values ($1, now(), 99)`,
      ['sign-in:address-failures:203.0.113.77'],
    );
    const sprayed = await client().post(
      '/api/auth/signin',
      { email: uniqueEmail('spray'), password: 'guessing away' },
      from,
    );
    expect(sprayed.status).toBe(401);
    const { email, password } = await signUp(client());
    expect((await client().post('/api/auth/signin', { email, password }, from)).status).toBe(429);
    expect(
      (
        await client().post(
          '/api/auth/signin',
          { email, password },
          { 'x-forwarded-for': '203.0.113.78' },
        )
      ).status,
    ).toBe(200);
  });
});

describe('sessions', () => {
  it('survive a server restart', async () => {
    const browser = client();
    const { user } = await signUp(browser);
    await test.restart();
    const after = await browser.withBaseUrl(test.server.url).get('/api/auth/user');
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ id: user.id });
  });

  it('do not end when another site sends the browser to /api/logout', async () => {
    const browser = client();
    await signUp(browser);
    const fromElsewhere: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' },
      { referer: 'https://evil.example/page' },
      // A sandboxed frame or a redirect chain hides where it came from: not our own.
      { origin: 'null' },
    ];
    for (const headers of fromElsewhere) {
      const response = await browser.get('/api/logout', headers);
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/');
      expect(response.setCookies).toEqual([]);
      expect((await browser.get('/api/auth/user')).status).toBe(200);
    }
    // The member's own click (same-origin) still signs them out.
    expect(
      (await browser.get('/api/logout', { 'sec-fetch-site': 'same-origin' })).setCookies.length,
    ).toBeGreaterThan(0);
    expect((await browser.get('/api/auth/user')).status).toBe(401);
  });

  it('end at /api/logout, which redirects home and clears the cookie', async () => {
    const browser = client();
    const { user } = await signUp(browser);
    const stolenCookie = browser.cookieHeader;
    const response = await browser.get('/api/logout');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/');
    expect(
      response.setCookies.some((cookie) => /reelforge\.session_token=;.*Max-Age=0/i.test(cookie)),
    ).toBe(true);
    expect((await browser.get('/api/auth/user')).status).toBe(401);
    // The session is gone on the server too: the old cookie no longer works.
    expect((await client().get('/api/auth/user', { cookie: stolenCookie })).status).toBe(401);
    const { rows } = await test.sql.query(
      'SELECT count(*)::int AS n FROM sessions WHERE user_id = $1',
      [user.id],
    );
    expect(rows[0].n).toBe(0);
  });

  it('/api/auth/user answers 401 when signed out', async () => {
    const response = await client().get('/api/auth/user');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
  });
});

describe('GET /api/login', () => {
  it('redirects to the login page keeping ref, referral, redirect, tab and section only', async () => {
    const response = await client().get(
      '/api/login?ref=ABC&referral=XYZ&redirect=profile&tab=earn&section=support&next=https://evil.example',
    );
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(
      '/login?ref=ABC&referral=XYZ&redirect=profile&tab=earn&section=support',
    );
  });

  it('redirects to the bare login page without parameters', async () => {
    const response = await client().get('/api/login');
    expect(response.headers.get('location')).toBe('/login');
  });
});

describe('cross-site requests', () => {
  it('refuses a mutation from a foreign Origin and changes nothing', async () => {
    const email = uniqueEmail('csrf');
    const response = await client().post(
      '/api/auth/signup',
      { email, password: 'long enough password' },
      { origin: 'https://evil.example' },
    );
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ code: 'CROSS_SITE_REQUEST' });
    const { rows } = await test.sql.query('SELECT count(*)::int AS n FROM users WHERE email = $1', [
      email,
    ]);
    expect(rows[0].n).toBe(0);
  });

  it('refuses a browser request marked cross-site even without an Origin', async () => {
    const response = await client().post(
      '/api/auth/signin',
      { email: uniqueEmail(), password: 'long enough password' },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(response.status).toBe(403);
  });

  it('accepts the same origin', async () => {
    const response = await client().post(
      '/api/auth/signup',
      { email: uniqueEmail(), password: 'long enough password' },
      { origin: test.server.url },
    );
    expect(response.status).toBe(201);
  });
});
