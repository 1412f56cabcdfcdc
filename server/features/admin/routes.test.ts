// Admin rights and plan changes, with a clock the test moves instead of waiting. Admin rights
// through ADMIN_EMAILS wait for a verified address: the squatter test reads the real link from a
// real SMTP server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../../shared/schemas/auth';
import { signUp, TestClient, uniqueEmail } from '../../../test/http-client';
import { adminOn } from '../../../test/members';
import { setUpTestServer } from '../../../test/server';
import { type SmtpCapture, startSmtpCapture } from '../../../test/smtp-capture';
import { manualClock } from '../../clock';

const HOUR = 60 * 60_000;
const ADMIN_EMAIL = uniqueEmail('admin');
/** An admin address nobody has signed up with yet: the squatter takes it. */
const UNCLAIMED_ADMIN_EMAIL = 'someone@else.example';

const smtp: SmtpCapture = await startSmtpCapture();
afterAll(() => smtp.close());
const clock = manualClock(new Date('2026-11-22T12:00:00Z'));
const test = setUpTestServer({
  clock,
  env: {
    ADMIN_EMAILS: `${UNCLAIMED_ADMIN_EMAIL}, ${ADMIN_EMAIL.toUpperCase()}`,
    SMTP_URL: smtp.url,
  },
});
let admin: TestClient;
let adminId: string;

beforeAll(async () => {
  ({ client: admin, id: adminId } = await adminOn(test, ADMIN_EMAIL));
});

async function member() {
  const client = new TestClient(test.server.url);
  const { user } = await signUp(client);
  return { client, id: user.id };
}

const planOf = async (client: TestClient) => (await client.get('/api/auth/user')).body.memberLevel;

describe('who is an admin', () => {
  it('is decided by ADMIN_EMAILS on the server', async () => {
    expect((await admin.get('/api/auth/user')).body.isAdmin).toBe(true);
    const { client } = await member();
    expect((await client.get('/api/auth/user')).body.isAdmin).toBe(false);
  });

  it('needs a verified address: a squatter on an admin address gets 403 everywhere until the link is clicked', async () => {
    const users = test.server.runtime.ctx.services.members;
    expect(await users.adminEmailsWithoutVerifiedMember()).toEqual([UNCLAIMED_ADMIN_EMAIL]);
    const squatter = new TestClient(test.server.url);
    await signUp(squatter, { email: UNCLAIMED_ADMIN_EMAIL });
    const me = await squatter.get('/api/auth/user');
    expect(me.body).toMatchObject({
      isAdmin: false,
      emailVerified: false,
      adminAwaitingVerification: true,
    });

    const adminRoutes = test.server.runtime.routes.filter(
      (route) => route.url.startsWith('/api/admin/') || route.url === '/api/users',
    );
    expect(adminRoutes.length).toBeGreaterThanOrEqual(9);
    const call = (route: { method: string; url: string }) =>
      squatter.request(
        route.method,
        route.url.replace(':kind', 'members').replace(/:\w+/gu, '1'),
        route.method === 'GET' || route.method === 'HEAD' ? undefined : {},
      );
    for (const route of adminRoutes) {
      const answer = await call(route);
      expect(answer.status, `${route.method} ${route.url}`).toBe(403);
      expect(answer.body, `${route.method} ${route.url}`).toEqual({
        code: 'ADMIN_EMAIL_NOT_VERIFIED',
        message: ACCOUNT_MESSAGES.adminNeedsVerification,
      });
    }
    // Nothing was granted or changed on the way.
    const { rows } = await test.sql.query(
      "select count(*)::int as grants from credit_ledger where reference like 'grant:%'",
    );
    expect(rows[0].grants).toBe(0);

    // The inbox is theirs after all: the link makes the account an admin.
    const welcome = await smtp.next(UNCLAIMED_ADMIN_EMAIL, (mail) => /Verify/u.test(mail.subject));
    const token = welcome.link('/verify-email')?.searchParams.get('token');
    expect((await squatter.post('/api/auth/verify-email', { token })).status).toBe(200);
    expect((await squatter.get('/api/auth/user')).body).toMatchObject({
      isAdmin: true,
      adminAwaitingVerification: false,
    });
    for (const route of adminRoutes.filter((entry) => entry.method === 'GET')) {
      expect((await call(route)).status, `GET ${route.url}`).toBe(200);
    }
    expect(await users.adminEmailsWithoutVerifiedMember()).toEqual([]);
  });
});

describe('PATCH /api/admin/users/:id/plan', () => {
  it('is refused to a member with 403 and changes nothing', async () => {
    const { client, id } = await member();
    const response = await client.patch(`/api/admin/users/${id}/plan`, { memberLevel: 'Elite' });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ code: 'FORBIDDEN', message: 'Admin access required.' });
    expect(await planOf(client)).toBe('Free');
  });

  it('is refused with 401 when signed out', async () => {
    const { id } = await member();
    const response = await new TestClient(test.server.url).patch(`/api/admin/users/${id}/plan`, {
      memberLevel: 'Pro',
    });
    expect(response.status).toBe(401);
  });

  it('puts a member on a plan that every rule then reads, tells them, and records who did it', async () => {
    const { client, id } = await member();
    const response = await admin.patch(`/api/admin/users/${id}/plan`, { memberLevel: 'Pro' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id,
      memberLevel: 'Pro',
      planExpiresAt: null,
      planRevertsTo: null,
    });
    expect(await planOf(client)).toBe('Pro');
    const { rows } = await test.sql.query('SELECT member_level FROM users WHERE id = $1', [id]);
    expect(rows[0].member_level).toBe('Pro');

    // Down again: each change has its plan_change row, naming the admin (the audit trail).
    await admin.patch(`/api/admin/users/${id}/plan`, { memberLevel: 'Free' });
    const ledger = await test.sql.query(
      "select reference, description from credit_ledger where user_id = $1 and transaction_type = 'plan_change' order by id",
      [id],
    );
    expect(ledger.rows).toHaveLength(2);
    for (const row of ledger.rows)
      expect(row.reference).toMatch(new RegExp(`^admin-plan:${adminId}:`));
    expect(ledger.rows[1].description).toBe('Plan set to Free by an admin');
    const notifications = await client.get<{ items: { kind: string; message: string }[] }>(
      '/api/notifications',
    );
    expect(notifications.body.items.map((item) => item.kind)).toEqual([
      'plan_changed',
      'plan_changed',
    ]);
    expect(notifications.body.items[0]?.message).toContain("You're on Free now");
  });

  it('refuses to cancel a subscription without a Stripe key, and changes nothing', async () => {
    const { client, id } = await member();
    const response = await admin.patch(`/api/admin/users/${id}/plan`, {
      memberLevel: 'Elite',
      cancelSubscription: true,
    });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ code: 'STRIPE_NOT_CONFIGURED' });
    expect(await planOf(client)).toBe('Free');
  });

  it('with `until`, returns the member to their previous plan when it runs out', async () => {
    const { client, id } = await member();
    await admin.patch(`/api/admin/users/${id}/plan`, { memberLevel: 'Pro' });
    const until = new Date(clock.now().getTime() + HOUR).toISOString();
    const response = await admin.patch(`/api/admin/users/${id}/plan`, {
      memberLevel: 'Elite',
      until,
    });
    expect(response.body).toMatchObject({
      memberLevel: 'Elite',
      planExpiresAt: until,
      planRevertsTo: 'Pro',
    });
    expect(await planOf(client)).toBe('Elite');

    clock.advance(HOUR - 1000);
    expect(await planOf(client)).toBe('Elite');
    clock.advance(2000);
    expect(await planOf(client)).toBe('Pro');
    const { rows } = await test.sql.query(
      'SELECT member_level, plan_expires_at, plan_reverts_to FROM users WHERE id = $1',
      [id],
    );
    expect(rows[0]).toEqual({ member_level: 'Pro', plan_expires_at: null, plan_reverts_to: null });
  });

  it('keeps the permanent plan when one temporary plan replaces another', async () => {
    const { client, id } = await member();
    const soon = (hours: number) => new Date(clock.now().getTime() + hours * HOUR).toISOString();
    await admin.patch(`/api/admin/users/${id}/plan`, { memberLevel: 'Pro', until: soon(1) });
    const second = await admin.patch(`/api/admin/users/${id}/plan`, {
      memberLevel: 'Elite',
      until: soon(2),
    });
    expect(second.body).toMatchObject({ planRevertsTo: 'Free' });
    clock.advance(3 * HOUR);
    expect(await planOf(client)).toBe('Free');
  });

  it('expires temporary plans in the background too (the expire-plans job)', async () => {
    const { id } = await member();
    const until = new Date(clock.now().getTime() + HOUR).toISOString();
    await admin.patch(`/api/admin/users/${id}/plan`, { memberLevel: 'Elite', until });
    clock.advance(2 * HOUR);
    await test.server.runtime.ctx.queue.send('expire-plans', {});
    const deadline = Date.now() + 15_000;
    let level = 'Elite';
    while (level !== 'Free' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      level = (await test.sql.query('SELECT member_level FROM users WHERE id = $1', [id])).rows[0]
        .member_level;
    }
    expect(level).toBe('Free');
  });

  it.each([
    [{ memberLevel: 'Platinum' }, 'memberLevel must be Free, Pro or Elite.'],
    [{ memberLevel: 'Pro', until: 'next tuesday' }, 'until must be an ISO 8601 date and time.'],
    [{ memberLevel: 'Pro', until: '2020-01-01T00:00:00Z' }, 'until must be in the future.'],
  ])('refuses %j with a clear message', async (body, message) => {
    const { client, id } = await member();
    const response = await admin.patch(`/api/admin/users/${id}/plan`, body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ message });
    expect(await planOf(client)).toBe('Free');
  });

  it('answers 404 for an unknown member', async () => {
    const response = await admin.patch('/api/admin/users/no-such-user/plan', {
      memberLevel: 'Pro',
    });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ message: 'User not found' });
  });
});
