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
    const fay = await member();
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
    expect(asked.body).toEqual({ message: ACCOUNT_MESSAGES.emailChangeSent(newEmail) });
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

    const taken = await member();
    const clash = await fay.client.post('/api/account/email', {
      email: taken.email,
      currentPassword: fay.password,
    });
    expect(clash.status).toBe(409);
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
