// Deleting an account on the real server, media on local disk: a wrong or missing password (and a
// stale session without one) changes nothing; the right one ends the Stripe subscription, revokes
// the platform grant, deletes every row and file of the member's, signs out every session,
// keeps the ledger's totals and the payment records without personal data, and frees the email.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '../../../shared/realtime';
import { SOCKET_PATH } from '../../../shared/realtime';
import { ACCOUNT_DELETION_MESSAGES } from '../../../shared/schemas/account';
import {
  expectAccountGone,
  ledgerTotals,
  type MemberData,
  memberState,
  memberWithData,
} from '../../../test/account-data';
import { startFakeYouTube } from '../../../test/fake-platforms';
import { STRIPE_SECRET_KEY, startFakeStripeApi } from '../../../test/fake-stripe-api';
import { signUp, TestClient } from '../../../test/http-client';
import { adminOn } from '../../../test/members';
import { connectPlatform, platformEnv } from '../../../test/publishing';
import { setUpTestServer } from '../../../test/server';
import { checkoutSession, deliver, event, stripeId, WEBHOOK_SECRET } from '../../../test/stripe';

const ADMIN_EMAIL = 'account.deletion.admin@example.com';
const [stripe, youtube] = await Promise.all([startFakeStripeApi(), startFakeYouTube()]);
afterAll(() => Promise.all([stripe.close(), youtube.close()]));

const test = setUpTestServer({
  env: {
    ...platformEnv({ youtube }),
    ADMIN_EMAILS: ADMIN_EMAIL,
    STRIPE_SECRET_KEY,
    STRIPE_API_BASE_URL: stripe.url,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  },
});

let admin: TestClient;
beforeAll(async () => {
  ({ client: admin } = await adminOn(test, ADMIN_EMAIL));
});

const mediaFolder = (userId: string) =>
  path.join(test.server.config.dataDir, 'media', 'users', userId);

/** A realtime socket of the client's session, authenticated as the member. */
async function openSocket(
  client: TestClient,
  userId: string,
): Promise<Socket<ServerToClientEvents, ClientToServerEvents>> {
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(test.server.url, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    extraHeaders: { cookie: client.cookieHeader },
    reconnection: false,
  });
  const authenticated = new Promise((resolve, reject) => {
    socket.once('authenticated', resolve);
    socket.once('auth_error', reject);
  });
  socket.emit('authenticate', { userId });
  await authenticated;
  return socket;
}

const deleteAccount = (client: TestClient, body: unknown) =>
  client.request<{ deleted?: true; code?: string; message?: string; field?: string }>(
    'DELETE',
    '/api/account',
    { body },
  );

describe('DELETE /api/account with a password', () => {
  let member: MemberData;
  let elsewhere: TestClient;
  let apiKey: string;
  let referrer: { id: string };
  beforeAll(async () => {
    member = await memberWithData(test, {
      title: 'Harbour at dawn',
      folderName: 'Launch ideas',
      jobName: 'Daily coffee moments',
      connect: false,
    });
    await connectPlatform(member.client, 'youtube');
    // A paid pack (its webhook names the member's email and name) and a running membership.
    await deliver(
      test.server.url,
      event(
        'checkout.session.completed',
        checkoutSession({
          clientReferenceId: member.id,
          amountCents: 100,
          customer: stripeId('cus'),
          email: member.email,
        }),
      ),
    );
    await test.sql.query(
      `update users set stripe_subscription_id = 'sub_test_deleted_member' where id = $1`,
      [member.id],
    );
    // Someone referred them: the referrer's reward line names them.
    const referring = new TestClient(test.server.url);
    referrer = (await signUp(referring)).user;
    await test.sql.query('update users set referred_by = $1 where id = $2', [
      referrer.id,
      member.id,
    ]);
    await test.sql.query(
      `insert into credit_ledger (user_id, amount, transaction_type, description, reference)
         values ($1, 5, 'earn', 'Referral: Ada', $2)`,
      [referrer.id, `referral:${member.id}`],
    );
    // A workflow holds one of their API keys.
    const made = await member.client.post<{ key: string }>('/api/api-keys', {
      name: 'n8n',
      scopes: ['videos:read'],
    });
    apiKey = made.body.key;
    // And they are signed in on a second device.
    elsewhere = new TestClient(test.server.url);
    const signIn = await elsewhere.post('/api/auth/signin', {
      email: member.email,
      password: member.password,
    });
    expect(signIn.status).toBe(200);
  }, 180_000);

  it('changes nothing without the right password', async () => {
    const before = await memberState(test, member.id);
    const missing = await deleteAccount(member.client, {});
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'password',
      message: ACCOUNT_DELETION_MESSAGES.passwordRequired,
    });
    const wrong = await deleteAccount(member.client, { password: 'not my password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      code: 'WRONG_PASSWORD',
      field: 'password',
      message: 'That password is not right. Your account was not deleted.',
    });
    expect(await memberState(test, member.id)).toBe(before);
    expect(existsSync(mediaFolder(member.id))).toBe(true);
    expect((await member.client.get(`/api/shared-video/${member.video.id}`)).status).toBe(200);
    expect((await elsewhere.get('/api/auth/user')).status).toBe(200);
    expect(stripe.calls.some((call) => call.method === 'DELETE')).toBe(false);
  });

  it('deletes everything of theirs, keeps the ledger, and signs every session out', async () => {
    const ledgerBefore = await ledgerTotals(test, member.id);
    const referrerBefore = await ledgerTotals(test, referrer.id);
    expect(ledgerBefore.entries).toBeGreaterThan(1);
    expect(existsSync(mediaFolder(member.id))).toBe(true);
    // The session this browser held, kept to show it no longer opens anything.
    const staleCookie = member.client.withBaseUrl(test.server.url);
    const socket = await openSocket(elsewhere, member.id);
    const socketClosed = new Promise((resolve) => socket.once('disconnect', resolve));

    const answer = await deleteAccount(member.client, { password: member.password });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ deleted: true });
    expect(
      answer.setCookies.some((cookie) => /^reelforge\.session_token=;.*Max-Age=0/i.test(cookie)),
    ).toBe(true);

    expect((await member.client.get('/api/auth/user')).status).toBe(401);
    expect((await staleCookie.get('/api/auth/user')).status).toBe(401);
    expect((await elsewhere.get('/api/auth/user')).status).toBe(401);
    const viaKey = new TestClient(test.server.url, { authorization: `Bearer ${apiKey}` });
    expect((await viaKey.get('/api/videos')).status).toBe(401);
    const keys = await test.sql.query(
      'select count(*)::int as n from api_keys where user_id = $1',
      [member.id],
    );
    expect(keys.rows[0].n).toBe(0);
    expect(await socketClosed).toBe('io server disconnect');
    expect(existsSync(mediaFolder(member.id))).toBe(false);

    // Billing ended at Stripe; the platform forgot the grant.
    expect(stripe.calls).toContainEqual(
      expect.objectContaining({
        method: 'DELETE',
        path: '/v1/subscriptions/sub_test_deleted_member',
      }),
    );
    expect(youtube.revokedTokens.size).toBeGreaterThan(0);

    // Accounting keeps its totals; the text naming the member is gone.
    expect(await ledgerTotals(test, member.id)).toEqual(ledgerBefore);
    expect(await ledgerTotals(test, referrer.id)).toEqual(referrerBefore);
    const texts = await test.sql.query(
      `select description from credit_ledger where user_id = $1 or reference = $2`,
      [member.id, `referral:${member.id}`],
    );
    const descriptions = texts.rows.map((row) => row.description as string).join('\n');
    expect(descriptions).not.toMatch(/Ada|Harbour at dawn/);
    expect(descriptions).toContain('Referral: a deleted member');
    const payments = await test.sql.query(
      `select e.payload::text as payload, p.credits
         from payment_events e join purchases p on p.event_id = e.id where e.user_id = $1`,
      [member.id],
    );
    expect(payments.rows).toHaveLength(1);
    expect(payments.rows[0].payload).not.toContain(member.email);
    expect(payments.rows[0].payload).not.toContain('Pat Payer');
    expect(payments.rows[0].payload).toContain('"amount_total": 100');
    const referred = await test.sql.query('select referred_by from users where id = $1', [
      member.id,
    ]);
    expect(referred.rows[0].referred_by).toBeNull();

    await expectAccountGone(test, member, admin);
  });

  it('cannot be repeated with the old session', async () => {
    const again = await deleteAccount(elsewhere, { password: member.password });
    expect(again.status).toBe(401);
  });
});

describe('DELETE /api/account without a password (Google or GitHub sign-in)', () => {
  async function passwordless() {
    const client = new TestClient(test.server.url);
    const { user, email } = await signUp(client);
    // As a social sign-up has it: no credential account, another provider's.
    await test.sql.query(
      `update accounts set provider_id = 'google', account_id = $2, password = null
         where user_id = $1`,
      [user.id, `google-${user.id}`],
    );
    return { client, id: user.id as string, email };
  }

  it('is confirmed by a sign-in within the last ten minutes', async () => {
    const member = await passwordless();
    const check = await member.client.get('/api/account/deletion');
    expect(check.body).toEqual({ confirmWith: 'recent-sign-in', recentSignIn: true });
    const answer = await deleteAccount(member.client, {});
    expect(answer.status).toBe(200);
    expect((await member.client.get('/api/auth/user')).status).toBe(401);
    const { rows } = await test.sql.query('select deleted_at from users where id = $1', [
      member.id,
    ]);
    expect(rows[0].deleted_at).toBeInstanceOf(Date);
  });

  it('asks a member who signed in longer ago to sign in again, and changes nothing', async () => {
    const member = await passwordless();
    await test.sql.query(
      `update sessions set created_at = now() - interval '11 minutes' where user_id = $1`,
      [member.id],
    );
    const check = await member.client.get('/api/account/deletion');
    expect(check.body).toEqual({ confirmWith: 'recent-sign-in', recentSignIn: false });
    const before = await memberState(test, member.id);
    const answer = await deleteAccount(member.client, { password: 'anything at all' });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({
      code: 'SIGN_IN_AGAIN',
      message:
        'To confirm, please sign out, sign in again and delete your account within 10 minutes.',
    });
    expect(await memberState(test, member.id)).toBe(before);
  });
});

describe('GET /api/account/deletion', () => {
  it('tells a member with a password to confirm with it', async () => {
    const client = new TestClient(test.server.url);
    await signUp(client);
    expect((await client.get('/api/account/deletion')).body).toEqual({
      confirmWith: 'password',
      recentSignIn: true,
    });
  });

  it('is for signed-in members only, as is deleting', async () => {
    const visitor = new TestClient(test.server.url);
    expect((await visitor.get('/api/account/deletion')).status).toBe(401);
    expect((await deleteAccount(visitor, { password: 'x' })).status).toBe(401);
  });
});
