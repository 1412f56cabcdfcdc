// Referral rewards on the real server, worker and database, with a real SMTP server for the
// verification links: the referrer earns 5 credits once the referred member's address is verified
// and their first video has completed, whichever comes last, and 25 at their first payment, also
// only once verified. Each test is an attempt to farm rewards that must fail: a throwaway sign-up
// that never verifies, one's own address under a `+tag` or Gmail's dots, one's own Stripe card.
import { afterAll, describe, expect, it } from 'vitest';
import type { ReferralSummary } from '../../../shared/schemas/referrals';
import { signUp, TestClient, uniqueEmail } from '../../../test/http-client';
import { setUpTestServer } from '../../../test/server';
import { type SmtpCapture, startSmtpCapture } from '../../../test/smtp-capture';
import { checkoutSession, deliver, event, stripeId, WEBHOOK_SECRET } from '../../../test/stripe';
import { videoInput, waitForVideo } from '../../../test/videos';
import { inTransaction } from '../../db/transaction';

const smtp: SmtpCapture = await startSmtpCapture();
const test = setUpTestServer({
  env: {
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Reelforge <hello@reelforge.test>',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  },
});
afterAll(() => smtp.close());

type Member = { client: TestClient; id: string; email: string; referralCode: string };

async function member(options: { email?: string; ref?: string; firstName?: string } = {}) {
  const client = new TestClient(test.server.url);
  const { user, email } = await signUp(client, options);
  return { client, id: user.id, email, referralCode: user.referralCode } satisfies Member;
}

/** Clicks the link of the verification email sent at sign-up, as the member would. */
async function verifyByEmail(who: Member) {
  const mail = await smtp.next(who.email, (entry) => /Verify/u.test(entry.subject));
  const token = mail.link('/verify-email')?.searchParams.get('token');
  expect(token).toBeTruthy();
  const answer = await new TestClient(test.server.url).post('/api/auth/verify-email', { token });
  expect(answer.status).toBe(200);
}

async function referralEntries(userId: string) {
  const { rows } = await test.sql.query(
    `select amount, description, reference from credit_ledger
     where user_id = $1 and transaction_type = 'earn' order by id`,
    [userId],
  );
  return rows;
}

async function makeVideo(client: TestClient) {
  const created = await client.post<{ requestId: number }>(
    '/api/video-creation-requests',
    videoInput,
  );
  expect(created.status).toBe(201);
  return waitForVideo(client, created.body.requestId, (video) => video.status === 'completed');
}

const referrals = () => test.server.runtime.ctx.services.referrals;

/**
 * The referred member's video is done and its own reward attempt has run: asked again, the
 * service answers whether the first video pays now.
 */
const firstVideoPays = (userId: string) => referrals().rewardFirstVideo(userId);

/** A paid pack of the member's as Stripe delivers it, as the customer given. */
async function payPack(who: Member, customer = stripeId('cus')) {
  const paid = await deliver(
    test.server.url,
    event(
      'checkout.session.completed',
      checkoutSession({ clientReferenceId: who.id, amountCents: 100, customer }),
    ),
  );
  expect(paid.body).toMatchObject({ outcome: 'applied' });
}

describe('referral rewards', () => {
  it('pays nothing for a throwaway that never verifies; 5 credits, once, when it verifies after its first video', async () => {
    const referrer = await member();
    const friend = await member({ firstName: 'Friend', ref: referrer.referralCode.toLowerCase() });

    // Signing up alone earns nothing: throwaway accounts are worth nothing.
    expect(await referralEntries(referrer.id)).toEqual([]);
    const joined = await referrer.client.get<ReferralSummary>('/api/referrals');
    expect(joined.body).toMatchObject({ joined: 1, rewarded: 0, creditsEarned: 0 });
    expect(joined.body.link).toBe(`${test.server.config.publicUrl}/?ref=${referrer.referralCode}`);
    // The referrer hears of the sign-up at once (an open Profile counts it) and of what will pay.
    const told = await referrer.client.get<{
      items: { kind: string; title: string; message: string }[];
    }>('/api/notifications');
    expect(told.body.items).toEqual([
      expect.objectContaining({
        kind: 'referral_joined',
        title: 'New Referral',
        message:
          'Friend joined with your link. You get 5 credits once they have verified their email address and made their first video.',
      }),
    ]);

    // The throwaway makes its video without ever opening its mail: nothing is paid.
    await makeVideo(friend.client);
    expect(await firstVideoPays(friend.id)).toBe(false);
    expect(await referralEntries(referrer.id)).toEqual([]);

    // It verifies through the emailed link: the video already done, the reward is paid then.
    await verifyByEmail(friend);
    expect(await referralEntries(referrer.id)).toEqual([
      { amount: 5, description: 'Referral: Friend', reference: `referral:${friend.id}` },
    ]);
    expect(
      (await referrer.client.get<{ remainingCredits: number }>('/api/credits')).body
        .remainingCredits,
    ).toBe(15);
    const notes = await referrer.client.get<{ items: { kind: string }[] }>('/api/notifications');
    expect(notes.body.items.map((note) => note.kind)).toEqual([
      'referral_rewarded',
      'referral_joined',
    ]);

    // Once: another video, another verification, a direct retry pay nothing more.
    await makeVideo(friend.client);
    await referrals().addressVerified(friend.id);
    expect(await firstVideoPays(friend.id)).toBe(false);
    expect(await referralEntries(referrer.id)).toHaveLength(1);
    expect((await referrer.client.get<ReferralSummary>('/api/referrals')).body).toMatchObject({
      joined: 1,
      rewarded: 1,
      creditsEarned: 5,
    });
    // The friend earns nothing for being referred.
    expect(await referralEntries(friend.id)).toEqual([]);
  });

  it('pays 5 credits once when the address is verified first and the first video completes after', async () => {
    const referrer = await member();
    const friend = await member({ firstName: 'Early', ref: referrer.referralCode });
    await verifyByEmail(friend);
    // Verified, but no video yet: nothing.
    expect(await referralEntries(referrer.id)).toEqual([]);

    await makeVideo(friend.client);
    await expect
      .poll(() => referralEntries(referrer.id))
      .toEqual([{ amount: 5, description: 'Referral: Early', reference: `referral:${friend.id}` }]);
    await makeVideo(friend.client);
    expect(await referralEntries(referrer.id)).toHaveLength(1);
  });

  it.each([
    // The referrer's address, and the same mailbox spelled as a second account.
    ['a +tag', (stamp: string) => [`ada.${stamp}@example.com`, `ada.${stamp}+second@example.com`]],
    [
      "Gmail's dots and googlemail.com",
      (stamp: string) => [
        `ada.lovelace.${stamp}@gmail.com`,
        `A.daLove.lace${stamp}@GoogleMail.com`,
      ],
    ],
  ])('never pays a referral to oneself through %s', async (_, addresses) => {
    const [own, variant] = addresses(Date.now().toString(36) + Math.random().toString(36).slice(2));
    const referrer = await member({ email: own });
    const self = await member({ email: variant, ref: referrer.referralCode });
    expect(self.id).not.toBe(referrer.id);
    // Everything a real friend would do: verified, a video, a payment.
    await verifyByEmail(self);
    await makeVideo(self.client);
    await payPack(self);
    expect(await firstVideoPays(self.id)).toBe(false);
    expect(await referralEntries(referrer.id)).toEqual([]);
  });

  it('never pays a referral to oneself through one Stripe customer (one card, two accounts)', async () => {
    const customer = stripeId('cus');
    const referrer = await member();
    await payPack(referrer, customer);
    const other = await member({
      email: uniqueEmail('second-account'),
      ref: referrer.referralCode,
    });
    await verifyByEmail(other);
    await payPack(other, customer);
    await makeVideo(other.client);
    expect(await firstVideoPays(other.id)).toBe(false);
    expect(await referralEntries(referrer.id)).toEqual([]);
  });

  it('pays 25 at a referred friend’s first payment only once verified: at verification when they paid before', async () => {
    const referrer = await member();
    const friend = await member({ firstName: 'Payer', ref: referrer.referralCode });
    await payPack(friend);
    expect(await referralEntries(referrer.id)).toEqual([]);
    // The seam for payments refuses too while the address is unverified.
    const pay = () =>
      inTransaction(test.server.runtime.ctx.pool, (tx) =>
        referrals().rewardFirstPayment(tx, friend.id),
      );
    expect(await pay()).toBe(false);

    await verifyByEmail(friend);
    expect(await referralEntries(referrer.id)).toEqual([
      {
        amount: 25,
        description: 'Referral: Payer',
        reference: `referral-payment:${friend.id}`,
      },
    ]);
    await payPack(friend);
    expect(await pay()).toBe(false);
    expect(await referralEntries(referrer.id)).toHaveLength(1);
  });

  it('never pays a member for themselves', async () => {
    const solo = await member();
    // One's own code at sign-up is ignored; even a self-link in the database pays nothing.
    const second = await member({ ref: solo.referralCode });
    expect(second.id).not.toBe(solo.id);
    await test.sql.query('update users set referred_by = id, email_verified = true where id = $1', [
      solo.id,
    ]);
    await makeVideo(solo.client);
    expect(await firstVideoPays(solo.id)).toBe(false);
    expect(await referralEntries(solo.id)).toEqual([]);
  });
});
