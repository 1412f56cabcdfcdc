// Accounts by email on the real server, with a real SMTP server started here: the reset email
// arrives with its link; confirming sets the new password (the old one fails), ends every other
// session (401, its socket closed) and signs this browser in; a used, expired or unknown link is
// refused; an unknown address gets the same answer as a known one. Sign-up sends a verification
// link, and earning and publishing wait for it. Changing the email confirms the new address and
// tells the old one; changing the password ends the other sessions; sessions can be listed and
// signed out.
import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '../../../shared/realtime';
import { ACCOUNT_MESSAGES, type AccountSession } from '../../../shared/schemas/auth';
import { signUp, TestClient, uniqueEmail } from '../../../test/http-client';
import { finishedVideo } from '../../../test/publishing';
import { setUpTestServer } from '../../../test/server';
import { type SmtpCapture, startSmtpCapture } from '../../../test/smtp-capture';

const smtp: SmtpCapture = await startSmtpCapture();
const test = setUpTestServer({
  env: {
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Reelforge <hello@reelforge.test>',
    // Every test here signs up and asks for resets from one address: room for all of them.
    RATE_LIMITS: 'passwordReset=100/900,signUp=100/60',
  },
});
afterAll(() => smtp.close());

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
const sockets: ClientSocket[] = [];
afterAll(() => {
  for (const socket of sockets) socket.disconnect();
});

/** A signed-in member whose sign-up email (the verification link) has been read. */
async function member() {
  const client = new TestClient(test.server.url);
  const signedUp = await signUp(client, { email: uniqueEmail('access') });
  const welcome = await smtp.next(signedUp.email, (mail) => /Verify/u.test(mail.subject));
  return { client, ...signedUp, id: signedUp.user.id as string, welcome };
}

async function signIn(email: string, password: string) {
  const client = new TestClient(test.server.url);
  const answer = await client.post('/api/auth/signin', { email, password });
  return { client, status: answer.status };
}

async function connectedSocket(client: TestClient, userId: string): Promise<ClientSocket> {
  const socket: ClientSocket = io(test.server.url, {
    transports: ['websocket'],
    extraHeaders: { cookie: client.cookieHeader },
    reconnection: false,
  });
  sockets.push(socket);
  const authenticated = new Promise((resolve) => socket.once('authenticated', resolve));
  socket.emit('authenticate', { userId });
  await authenticated;
  return socket;
}

const tokenOf = (url: URL | null) => url?.searchParams.get('token') ?? '';

/** A member who clicked the link in their sign-up email. */
async function verifiedMember() {
  const signedUp = await member();
  const verified = await signedUp.client.post('/api/auth/verify-email', {
    token: tokenOf(signedUp.welcome.link('/verify-email')),
  });
  expect(verified.status).toBe(200);
  return signedUp;
}

describe('password reset', () => {
  it('emails a link, sets the new password, ends the other sessions and signs this one in', async () => {
    const alice = await member();
    const elsewhere = await signIn(alice.email, alice.password);
    expect(elsewhere.status).toBe(200);
    const socket = await connectedSocket(elsewhere.client, alice.id);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    const browser = new TestClient(test.server.url);
    const asked = await browser.post('/api/auth/password-reset/request', { email: alice.email });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ message: ACCOUNT_MESSAGES.resetRequested });

    const mail = await smtp.next(alice.email, (entry) =>
      /new Reelforge password/u.test(entry.subject),
    );
    expect(mail.from).toContain('hello@reelforge.test');
    expect(mail.html).toContain('Choose a new password');
    const link = mail.link('/reset-password');
    expect(`${link?.origin}`).toBe(test.server.config.publicUrl);
    const token = tokenOf(link);
    expect(token.length).toBeGreaterThanOrEqual(40);
    // Only its hash is stored.
    const { rows } = await test.sql.query(
      "select token_hash from account_tokens where user_id = $1 and purpose = 'password_reset'",
      [alice.id],
    );
    expect(rows[0].token_hash).not.toContain(token);

    const confirmed = await browser.post<{ id: string; email: string }>(
      '/api/auth/password-reset/confirm',
      { token, password: 'a brand new passphrase' },
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.id).toBe(alice.id);
    // This browser is signed in with the new password…
    expect((await browser.get('/api/auth/user')).status).toBe(200);
    // …the other session is over, its socket closed…
    expect((await elsewhere.client.get('/api/auth/user')).status).toBe(401);
    expect((await alice.client.get('/api/auth/user')).status).toBe(401);
    expect(await closed).toBe('io server disconnect');
    // …and only the new password opens the account.
    expect((await signIn(alice.email, alice.password)).status).toBe(401);
    expect((await signIn(alice.email, 'a brand new passphrase')).status).toBe(200);

    // The link works once.
    const again = await new TestClient(test.server.url).post('/api/auth/password-reset/confirm', {
      token,
      password: 'yet another passphrase',
    });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      code: 'INVALID_TOKEN',
      message: ACCOUNT_MESSAGES.resetLinkInvalid,
    });
  });

  it('refuses an expired link, an unknown one, and a password the sign-up rules refuse', async () => {
    const bob = await member();
    const browser = new TestClient(test.server.url);
    await browser.post('/api/auth/password-reset/request', { email: bob.email });
    const token = tokenOf(
      (await smtp.next(bob.email, (mail) => /password/u.test(mail.subject))).link(
        '/reset-password',
      ),
    );
    const short = await browser.post<{ message: string }>('/api/auth/password-reset/confirm', {
      token,
      password: 'short',
    });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Password must be at least 8 characters.');

    await test.sql.query(
      "update account_tokens set expires_at = now() - interval '1 second' where user_id = $1",
      [bob.id],
    );
    const expired = await browser.post('/api/auth/password-reset/confirm', {
      token,
      password: 'a long enough one',
    });
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({ code: 'INVALID_TOKEN' });
    const unknown = await browser.post('/api/auth/password-reset/confirm', {
      token: 'not-a-token-we-ever-sent',
      password: 'a long enough one',
    });
    expect(unknown.status).toBe(400);
    expect((await signIn(bob.email, bob.password)).status).toBe(200);
  });

  it('answers an unknown address exactly as a known one, and emails nobody', async () => {
    const carol = await member();
    const browser = new TestClient(test.server.url);
    const before = smtp.messages.length;
    const known = await browser.post('/api/auth/password-reset/request', { email: carol.email });
    const unknown = await browser.post('/api/auth/password-reset/request', {
      email: uniqueEmail('nobody'),
    });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    await smtp.next(carol.email, (mail) => /password/u.test(mail.subject));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages.length).toBe(before + 1);
  });
});

describe('a verified email', () => {
  it('is asked for at sign-up, and earning and publishing wait for it', async () => {
    const dana = await member();
    expect(
      (await dana.client.get<{ emailVerified: boolean }>('/api/auth/user')).body,
    ).toMatchObject({ emailVerified: false });
    const proof = { submissionType: 'follow_x', socialHandle: '@dana' };
    const refused = await dana.client.post('/api/submissions', proof);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
      message: ACCOUNT_MESSAGES.emailNotVerified('submitting proof'),
    });
    const video = await finishedVideo(dana.client);
    const publish = await dana.client.post(`/api/videos/${video.id}/publish`, {
      platforms: ['youtube'],
    });
    expect(publish.status).toBe(403);
    expect(publish.body).toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
      message: ACCOUNT_MESSAGES.emailNotVerified('publishing'),
    });

    const link = dana.welcome.link('/verify-email');
    expect(dana.welcome.text).toContain('Verify my email');
    const verified = await new TestClient(test.server.url).post('/api/auth/verify-email', {
      token: tokenOf(link),
    });
    expect(verified.body).toEqual({ message: ACCOUNT_MESSAGES.verified });
    expect(
      (await dana.client.get<{ emailVerified: boolean }>('/api/auth/user')).body,
    ).toMatchObject({ emailVerified: true });
    expect((await dana.client.post('/api/submissions', proof)).status).toBe(201);
    // The link is spent.
    const again = await dana.client.post('/api/auth/verify-email', { token: tokenOf(link) });
    expect(again.status).toBe(400);
  });

  it('sends the link again on request, at most once a minute', async () => {
    const erin = await member();
    const resent = await erin.client.post('/api/auth/verify-email/resend');
    // The sign-up email went out just now: a second one waits.
    expect(resent.status).toBe(429);
    await test.sql.query(
      "update account_tokens set created_at = now() - interval '2 minutes' where user_id = $1",
      [erin.id],
    );
    const later = await erin.client.post('/api/auth/verify-email/resend');
    expect(later.status).toBe(200);
    const mail = await smtp.next(erin.email, (entry) => /Verify/u.test(entry.subject));
    // Only the newest link counts.
    expect(
      (
        await erin.client.post('/api/auth/verify-email', {
          token: tokenOf(erin.welcome.link('/verify-email')),
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await erin.client.post('/api/auth/verify-email', {
          token: tokenOf(mail.link('/verify-email')),
        })
      ).status,
    ).toBe(200);
    expect((await erin.client.post('/api/auth/verify-email/resend')).status).toBe(409);
  });
});

describe('security settings', () => {
  it('changes the email once the new address confirms it, and tells the old one', async () => {
    const fay = await verifiedMember();
    const newEmail = uniqueEmail('fay-new');
    const wrong = await fay.client.post('/api/account/email', {
      email: newEmail,
      currentPassword: 'not my password',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'WRONG_PASSWORD', field: 'currentPassword' });

    const asked = await fay.client.post('/api/account/email', {
      email: newEmail,
      currentPassword: fay.password,
    });
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ message: ACCOUNT_MESSAGES.emailChangeSent });
    const notice = await smtp.next(fay.email, (mail) => /about to change/u.test(mail.subject));
    expect(notice.text).toContain(newEmail);
    const confirm = await smtp.next(newEmail);
    // Nothing changes until the new address answers.
    expect((await signIn(fay.email, fay.password)).status).toBe(200);
    const done = await new TestClient(test.server.url).post('/api/auth/verify-email', {
      token: tokenOf(confirm.link('/verify-email')),
    });
    expect(done.body).toEqual({ message: ACCOUNT_MESSAGES.emailChanged });
    expect((await signIn(newEmail, fay.password)).status).toBe(200);
    expect((await signIn(fay.email, fay.password)).status).toBe(401);
  });

  it('changes the password with the current one and ends every other session', async () => {
    const gus = await member();
    const phone = await signIn(gus.email, gus.password);
    const wrong = await gus.client.post('/api/account/password', {
      currentPassword: 'not it at all',
      newPassword: 'a fresh passphrase',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'WRONG_PASSWORD' });
    const changed = await gus.client.post('/api/account/password', {
      currentPassword: gus.password,
      newPassword: 'a fresh passphrase',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ message: ACCOUNT_MESSAGES.passwordChanged });
    expect((await gus.client.get('/api/auth/user')).status).toBe(200);
    expect((await phone.client.get('/api/auth/user')).status).toBe(401);
    expect((await signIn(gus.email, 'a fresh passphrase')).status).toBe(200);
  });

  it('lists where the member is signed in, and signs any of those out', async () => {
    const hal = await member();
    const laptop = new TestClient(test.server.url, {
      'user-agent':
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    });
    await laptop.post('/api/auth/signin', { email: hal.email, password: hal.password });
    const phone = await signIn(hal.email, hal.password);

    const listed = await hal.client.get<AccountSession[]>('/api/account/sessions');
    expect(listed.body).toHaveLength(3);
    expect(listed.body[0]?.current).toBe(true);
    expect(listed.body.filter((entry) => entry.current)).toHaveLength(1);
    expect(listed.body.map((entry) => entry.device)).toContain('Safari on macOS');

    const laptopSession = (await laptop.get<AccountSession[]>('/api/account/sessions')).body.find(
      (entry) => entry.current,
    );
    const stranger = await member();
    expect(
      (await stranger.client.request('DELETE', `/api/account/sessions/${laptopSession?.id}`))
        .status,
    ).toBe(404);
    expect(
      (await hal.client.request('DELETE', `/api/account/sessions/${laptopSession?.id}`)).status,
    ).toBe(200);
    expect((await laptop.get('/api/auth/user')).status).toBe(401);
    expect((await phone.client.get('/api/auth/user')).status).toBe(200);

    const others = await hal.client.post('/api/account/sessions/sign-out-others');
    expect(others.body).toEqual({ message: ACCOUNT_MESSAGES.signedOutOthers });
    expect((await phone.client.get('/api/auth/user')).status).toBe(401);
    expect((await hal.client.get<AccountSession[]>('/api/account/sessions')).body).toHaveLength(1);
  });
});

// Issue 34: trust between accounts. Each test is the attack it stops.
describe('recovery that really recovers', () => {
  const pendingOf = async (client: TestClient) =>
    (await client.get<{ pending: { email: string } | null }>('/api/account/email')).body.pending;

  /** An attacker who once had the member's password plants a change of email to their inbox. */
  async function plantEmailChange(victim: { email: string; password: string }) {
    const attacker = await signIn(victim.email, victim.password);
    const attackerEmail = uniqueEmail('attacker');
    const planted = await attacker.client.post('/api/account/email', {
      email: attackerEmail,
      currentPassword: victim.password,
    });
    expect(planted.status).toBe(202);
    const link = (await smtp.next(attackerEmail)).link('/verify-email');
    return { attacker, attackerEmail, token: tokenOf(link) };
  }

  it('a password reset ends a planted change of email: its link is refused afterwards', async () => {
    const victim = await verifiedMember();
    const { attackerEmail, token } = await plantEmailChange(victim);
    expect(await pendingOf(victim.client)).toEqual(
      expect.objectContaining({ email: attackerEmail }),
    );

    const browser = new TestClient(test.server.url);
    await browser.post('/api/auth/password-reset/request', { email: victim.email });
    const reset = await smtp.next(victim.email, (mail) =>
      /new Reelforge password/u.test(mail.subject),
    );
    const confirmed = await browser.post('/api/auth/password-reset/confirm', {
      token: tokenOf(reset.link('/reset-password')),
      password: 'my account is mine again',
    });
    expect(confirmed.status).toBe(200);
    expect(await pendingOf(browser)).toBeNull();

    const used = await new TestClient(test.server.url).post('/api/auth/verify-email', { token });
    expect(used.status).toBe(400);
    expect(used.body).toMatchObject({ code: 'INVALID_TOKEN' });
    const { rows } = await test.sql.query('select email from users where id = $1', [victim.id]);
    expect(rows[0].email).toBe(victim.email);
    expect((await signIn(attackerEmail, 'my account is mine again')).status).toBe(401);
  });

  it('a password change and "Sign out everywhere else" end a planted change of email too', async () => {
    const victim = await verifiedMember();
    const first = await plantEmailChange(victim);
    const changed = await victim.client.post('/api/account/password', {
      currentPassword: victim.password,
      newPassword: 'a password the attacker lacks',
    });
    expect(changed.status).toBe(200);
    expect(
      (await new TestClient(test.server.url).post('/api/auth/verify-email', { token: first.token }))
        .status,
    ).toBe(400);

    const again = await plantEmailChange({ ...victim, password: 'a password the attacker lacks' });
    const signedOut = await victim.client.post('/api/account/sessions/sign-out-others');
    expect(signedOut.status).toBe(200);
    expect((await again.attacker.client.get('/api/auth/user')).status).toBe(401);
    expect(await pendingOf(victim.client)).toBeNull();
    expect(
      (await new TestClient(test.server.url).post('/api/auth/verify-email', { token: again.token }))
        .status,
    ).toBe(400);
    const { rows } = await test.sql.query('select email from users where id = $1', [victim.id]);
    expect(rows[0].email).toBe(victim.email);
  });

  it('cancelling a change mails the pending address nothing, and tells the owner by mail and notification', async () => {
    const ivy = await verifiedMember();
    const newEmail = uniqueEmail('ivy-new');
    await ivy.client.post('/api/account/email', { email: newEmail, currentPassword: ivy.password });
    const confirm = await smtp.next(newEmail);
    expect(await pendingOf(ivy.client)).toEqual(expect.objectContaining({ email: newEmail }));

    const cancelled = await ivy.client.request('DELETE', '/api/account/email');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toEqual({ message: ACCOUNT_MESSAGES.emailChangeCancelled });
    expect(await pendingOf(ivy.client)).toBeNull();
    const told = await smtp.next(ivy.email, (mail) => /cancelled/u.test(mail.subject));
    expect(told.text).toContain('keeps this address');
    const notifications = await ivy.client.get<{ items: { kind: string; title: string }[] }>(
      '/api/notifications',
    );
    expect(notifications.body.items).toContainEqual(
      expect.objectContaining({ kind: 'email_change_cancelled', title: 'Email Change Cancelled' }),
    );
    // The link it had is dead, and the pending address got only that one message.
    expect(
      (
        await new TestClient(test.server.url).post('/api/auth/verify-email', {
          token: tokenOf(confirm.link('/verify-email')),
        })
      ).status,
    ).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages.filter((mail) => mail.to.includes(newEmail))).toHaveLength(1);
    // Nothing left to cancel.
    expect((await ivy.client.request('DELETE', '/api/account/email')).status).toBe(404);
  });

  it('a reset link mailed to the old address opens nothing once the email has changed', async () => {
    const jay = await verifiedMember();
    const browser = new TestClient(test.server.url);
    await browser.post('/api/auth/password-reset/request', { email: jay.email });
    const oldLink = tokenOf(
      (await smtp.next(jay.email, (mail) => /new Reelforge password/u.test(mail.subject))).link(
        '/reset-password',
      ),
    );
    const newEmail = uniqueEmail('jay-new');
    await jay.client.post('/api/account/email', { email: newEmail, currentPassword: jay.password });
    const confirm = await smtp.next(newEmail);
    await jay.client.post('/api/auth/verify-email', {
      token: tokenOf(confirm.link('/verify-email')),
    });

    const stale = await browser.post('/api/auth/password-reset/confirm', {
      token: oldLink,
      password: 'whoever reads the old inbox',
    });
    expect(stale.status).toBe(400);
    expect(stale.body).toMatchObject({
      code: 'INVALID_TOKEN',
      message: ACCOUNT_MESSAGES.resetLinkInvalid,
    });
    expect((await browser.get('/api/auth/user')).status).toBe(401);
    expect((await signIn(newEmail, jay.password)).status).toBe(200);
  });

  it('a throttled reset confirm changes nothing', async () => {
    const kim = await verifiedMember();
    const browser = new TestClient(test.server.url);
    await browser.post('/api/auth/password-reset/request', { email: kim.email });
    const token = tokenOf(
      (await smtp.next(kim.email, (mail) => /new Reelforge password/u.test(mail.subject))).link(
        '/reset-password',
      ),
    );
    // Someone at this address guessed kim's password until the throttle made them wait.
    let status = 0;
    for (let attempt = 0; attempt < 10 && status !== 429; attempt += 1) {
      status = (await signIn(kim.email, `guess number ${attempt}`)).status;
    }
    expect(status).toBe(429);
    const hashBefore = await test.sql.query(
      "select password from accounts where user_id = $1 and provider_id = 'credential'",
      [kim.id],
    );

    const refused = await browser.post('/api/auth/password-reset/confirm', {
      token,
      password: 'a password that must not land',
    });
    expect(refused.status).toBe(429);
    const hashAfter = await test.sql.query(
      "select password from accounts where user_id = $1 and provider_id = 'credential'",
      [kim.id],
    );
    expect(hashAfter.rows).toEqual(hashBefore.rows);
    const { rows } = await test.sql.query(
      "select used_at from account_tokens where user_id = $1 and purpose = 'password_reset'",
      [kim.id],
    );
    expect(rows).toEqual([{ used_at: null }]);
    expect((await kim.client.get('/api/auth/user')).status).toBe(200);
  });

  it('a reset for an unknown address takes the same path as a known one: one queued job each', async () => {
    const known = await verifiedMember();
    const jobs = async () =>
      Number(
        (await test.sql.query("select count(*) from pgboss.job where name = 'send-password-reset'"))
          .rows[0].count,
      );
    const before = await jobs();
    const browser = new TestClient(test.server.url);
    const a = await browser.post('/api/auth/password-reset/request', { email: known.email });
    const b = await browser.post('/api/auth/password-reset/request', {
      email: uniqueEmail('nobody-here'),
    });
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body).toEqual(a.body);
    expect(await jobs()).toBe(before + 2);
    // The job never carries the address in the clear.
    const { rows } = await test.sql.query(
      "select data::text as data from pgboss.job where name = 'send-password-reset'",
    );
    for (const row of rows) expect(row.data).not.toContain('@');
  });
});

describe('changes of email reveal nothing', () => {
  it('answers 30 probes at registered and unregistered addresses alike, and stops at the limit', async () => {
    const prober = await verifiedMember();
    const registered = await Promise.all([member(), member(), member()]);
    const answers: { registered: boolean; status: number; body: unknown }[] = [];
    for (let probe = 0; probe < 30; probe += 1) {
      const isRegistered = probe % 2 === 0;
      const email = isRegistered
        ? (registered[(probe / 2) % 3] as { email: string }).email
        : uniqueEmail('unregistered');
      const answer = await prober.client.post('/api/account/email', {
        email,
        currentPassword: prober.password,
      });
      answers.push({ registered: isRegistered, status: answer.status, body: answer.body });
    }
    // The first five are accepted, whatever the address; then the member's limit (5 an hour).
    expect(answers.slice(0, 5).map((answer) => answer.status)).toEqual([202, 202, 202, 202, 202]);
    expect(new Set(answers.slice(0, 5).map((answer) => JSON.stringify(answer.body))).size).toBe(1);
    expect(answers[0]?.body).toEqual({ message: ACCOUNT_MESSAGES.emailChangeSent });
    const limited = answers.slice(5);
    expect(limited.every((answer) => answer.status === 429)).toBe(true);
    const bodyOf = (answer: { body: unknown }) => {
      const { retryAfterSeconds: _wait, message, ...rest } = answer.body as Record<string, unknown>;
      return { ...rest, message: String(message).replace(/\d+/gu, 'N') };
    };
    expect(new Set(limited.map((answer) => JSON.stringify(bodyOf(answer)))).size).toBe(1);

    // A taken address's owner is told someone tried; no link goes there, and nothing changes.
    const owner = registered[0] as { email: string; id: string };
    const tried = await smtp.next(owner.email, (mail) =>
      /tried to use your email/u.test(mail.subject),
    );
    expect(tried.link('/verify-email')).toBeNull();
    const { rows } = await test.sql.query('select email from users where id = $1', [owner.id]);
    expect(rows[0].email).toBe(owner.email);
  });

  it('lets any members ask for one address at most 3 times a day', async () => {
    const target = uniqueEmail('popular');
    const statuses: number[] = [];
    for (let asker = 0; asker < 4; asker += 1) {
      const someone = await verifiedMember();
      statuses.push(
        (
          await someone.client.post('/api/account/email', {
            email: target,
            currentPassword: someone.password,
          })
        ).status,
      );
    }
    expect(statuses).toEqual([202, 202, 202, 429]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages.filter((mail) => mail.to.includes(target))).toHaveLength(3);
  });

  it('sends no text the member typed to an address nobody has verified', async () => {
    const typed = 'Win a prize at spam.example';
    const client = new TestClient(test.server.url);
    const { email, password } = await signUp(client, {
      email: uniqueEmail('typed'),
      firstName: typed,
    });
    const welcome = await smtp.next(email, (mail) => /Verify/u.test(mail.subject));
    const newEmail = uniqueEmail('typed-new');
    await client.post('/api/account/email', { email: newEmail, currentPassword: password });
    const confirm = await smtp.next(newEmail);
    const notice = await smtp.next(email, (mail) => /about to change/u.test(mail.subject));
    await new TestClient(test.server.url).post('/api/auth/password-reset/request', { email });
    const reset = await smtp.next(email, (mail) => /password/u.test(mail.subject));
    for (const mail of [welcome, confirm, notice, reset]) {
      expect(mail.text).not.toContain(typed);
      expect(mail.html).not.toContain('spam.example');
      expect(mail.text).toMatch(/^Hi,/u);
    }
    // The member's current, unverified address is not shown the address they typed either.
    expect(notice.text).not.toContain(newEmail);
  });
});
