// Admin rights and plan changes, with a clock the test moves instead of waiting.
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, TestClient, uniqueEmail } from '../../../test/http-client';
import { setUpTestServer } from '../../../test/server';
import { manualClock } from '../../clock';

const HOUR = 60 * 60_000;
const ADMIN_EMAIL = uniqueEmail('admin');

const clock = manualClock(new Date('2026-11-22T12:00:00Z'));
const test = setUpTestServer({
  clock,
  env: { ADMIN_EMAILS: `someone@else.example, ${ADMIN_EMAIL.toUpperCase()}` },
});
let admin: TestClient;

beforeAll(async () => {
  admin = new TestClient(test.server.url);
  await signUp(admin, { email: ADMIN_EMAIL });
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

  it('puts a member on a plan that every rule then reads', async () => {
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
