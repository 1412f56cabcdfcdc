// Referral rewards on the real server, worker and database: the referrer earns 5 credits when the
// referred member's first video completes, once, and never for themselves.
import { describe, expect, it } from 'vitest';
import type { ReferralSummary } from '../../../shared/schemas/referrals';
import { signUp, TestClient } from '../../../test/http-client';
import { setUpTestServer } from '../../../test/server';
import { videoInput, waitForVideo } from '../../../test/videos';
import { inTransaction } from '../../db/transaction';

const test = setUpTestServer();

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

describe('referral rewards', () => {
  it('pays the referrer 5 credits at the first completed video, once', async () => {
    const referrer = new TestClient(test.server.url);
    const { user: referrerUser } = await signUp(referrer);
    const friend = new TestClient(test.server.url);
    const { user: friendUser } = await signUp(friend, {
      firstName: 'Friend',
      ref: referrerUser.referralCode.toLowerCase(),
    });

    // Signing up alone earns nothing: throwaway accounts are worth nothing.
    expect(await referralEntries(referrerUser.id)).toEqual([]);
    const joined = await referrer.get<ReferralSummary>('/api/referrals');
    expect(joined.body).toMatchObject({ joined: 1, rewarded: 0, creditsEarned: 0 });
    expect(joined.body.link).toBe(
      `${test.server.config.publicUrl}/?ref=${referrerUser.referralCode}`,
    );
    // The referrer hears of the sign-up at once (an open Profile counts it) and of what will pay.
    const told = await referrer.get<{ items: { kind: string; title: string; message: string }[] }>(
      '/api/notifications',
    );
    expect(told.body.items).toEqual([
      expect.objectContaining({
        kind: 'referral_joined',
        title: 'New Referral',
        message:
          'Friend joined with your link. You get 5 credits when they make their first video.',
      }),
    ]);

    await makeVideo(friend);
    await expect
      .poll(() => referralEntries(referrerUser.id))
      .toEqual([
        { amount: 5, description: 'Referral: Friend', reference: `referral:${friendUser.id}` },
      ]);
    expect(
      (await referrer.get<{ remainingCredits: number }>('/api/credits')).body.remainingCredits,
    ).toBe(15);
    const notes = await referrer.get<{ items: { kind: string }[] }>('/api/notifications');
    expect(notes.body.items.map((note) => note.kind)).toEqual([
      'referral_rewarded',
      'referral_joined',
    ]);

    await makeVideo(friend);
    expect(await referralEntries(referrerUser.id)).toHaveLength(1);
    expect((await referrer.get<ReferralSummary>('/api/referrals')).body).toMatchObject({
      joined: 1,
      rewarded: 1,
      creditsEarned: 5,
    });
    // The friend earns nothing for being referred.
    expect(await referralEntries(friendUser.id)).toEqual([]);
  });

  it('never pays a member for themselves', async () => {
    const member = new TestClient(test.server.url);
    const { user } = await signUp(member);
    // One's own code at sign-up is ignored; even a self-link in the database pays nothing.
    const again = new TestClient(test.server.url);
    const { user: second } = await signUp(again, { ref: user.referralCode });
    expect(second.id).not.toBe(user.id);
    await test.sql.query('update users set referred_by = id where id = $1', [user.id]);
    await makeVideo(member);
    const rewarded = await test.server.runtime.ctx.services.referrals.rewardFirstVideo(user.id);
    expect(rewarded).toBe(false);
    expect(await referralEntries(user.id)).toEqual([]);
  });

  it('pays 25 once when a referred friend first pays (the seam for payments)', async () => {
    const referrer = new TestClient(test.server.url);
    const { user } = await signUp(referrer);
    const friend = new TestClient(test.server.url);
    const { user: friendUser } = await signUp(friend, { ref: user.referralCode });
    const { referrals } = test.server.runtime.ctx.services;
    const pay = () =>
      inTransaction(test.server.runtime.ctx.pool, (tx) =>
        referrals.rewardFirstPayment(tx, friendUser.id),
      );
    expect(await pay()).toBe(true);
    expect(await pay()).toBe(false);
    expect(await referralEntries(user.id)).toEqual([
      expect.objectContaining({ amount: 25, reference: `referral-payment:${friendUser.id}` }),
    ]);
  });
});
