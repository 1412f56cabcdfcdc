// POST /api/webhooks/stripe against the real server and database: events built in Stripe's
// documented shapes and signed with the SDK's test-header helper, as Stripe delivers them. Packs,
// memberships (start, renewal, cancellation at period end with the clock moved, upgrades, the end),
// refunds, unknown members and products, payments for deleted accounts (their subscription
// cancelled at a stand-in of Stripe's API), referrals, redeliveries in sequence and in parallel,
// bad signatures, and that no other member is ever touched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRIPE_SECRET_KEY, startFakeStripeApi } from '../../../test/fake-stripe-api';
import { signUp, TestClient } from '../../../test/http-client';
import { adminOn } from '../../../test/members';
import { setUpTestServer } from '../../../test/server';
import {
  checkoutSession,
  deliver,
  event,
  invoice,
  refundedCharge,
  type StripeTestEvent,
  signature,
  stripeId,
  subscription,
  WEBHOOK_SECRET,
} from '../../../test/stripe';
import { manualClock } from '../../clock';

const DAY = 24 * 60 * 60_000;
const ADMIN_EMAIL = 'payments-admin@reelforge.test';
// Whole seconds, as Stripe's timestamps are.
const clock = manualClock(new Date(Math.ceil(Date.now() / 1000 + 60) * 1000));
const stripe = await startFakeStripeApi();
afterAll(() => stripe.close());
const test = setUpTestServer({
  clock,
  // No worker: videos a test pays for stay queued, so balances move only by what the test does
  // (and more of them than a plan's seats: credits, not seats, are under test here).
  env: {
    ROLES: 'api',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    // The calls the server makes itself (cancelling a subscription) go to the stand-in.
    STRIPE_SECRET_KEY,
    STRIPE_API_BASE_URL: stripe.url,
    ADMIN_EMAILS: ADMIN_EMAIL,
    IN_PROGRESS_LIMITS: 'Free=100,Pro=100,Elite=100',
  },
});

const video = {
  title: 'Paid for',
  description: 'One credit.',
  aspectRatio: 'landscape',
  watermark: true,
};

type Member = { client: TestClient; id: string; email: string; password: string };

async function member(options: { ref?: string } = {}): Promise<Member> {
  const client = new TestClient(test.server.url);
  const { user, email, password } = await signUp(client, { ref: options.ref });
  return { client, id: user.id, email, password };
}

/** The member deletes their account, as Profile does (confirmed with the password). */
async function deleteAccount(who: Member) {
  const answer = await who.client.request('DELETE', '/api/account', {
    body: { password: who.password },
  });
  expect(answer.status).toBe(200);
}

/** How many times the server asked Stripe to cancel this subscription (failed tries too). */
const cancellations = (subscriptionId: string) =>
  stripe.calls.filter(
    (call) => call.method === 'DELETE' && call.path === `/v1/subscriptions/${subscriptionId}`,
  ).length;

let admin: TestClient;
beforeAll(async () => {
  ({ client: admin } = await adminOn(test, ADMIN_EMAIL));
});

const send = (stripeEvent: StripeTestEvent, options?: Parameters<typeof deliver>[2]) =>
  deliver(test.server.url, stripeEvent, options);

async function credits(who: Member): Promise<number> {
  const response = await who.client.get<{ remainingCredits: number }>('/api/credits');
  expect(response.status).toBe(200);
  return response.body.remainingCredits;
}

async function plan(who: Member): Promise<string> {
  return (await who.client.get<{ memberLevel: string }>('/api/auth/user')).body.memberLevel;
}

async function spend(who: Member, videos: number) {
  for (let index = 0; index < videos; index += 1) {
    expect((await who.client.post('/api/video-creation-requests', video)).status).toBe(201);
  }
}

/** The two buckets, as the member's next look at their balance leaves them. */
async function buckets(who: Member) {
  await credits(who);
  const { rows } = await test.sql.query(
    'select allowance_remaining as allowance, bonus_credits as bonus from credit_balances where user_id = $1',
    [who.id],
  );
  return rows[0] as { allowance: number; bonus: number };
}

async function ledgerByReference(reference: string) {
  const { rows } = await test.sql.query(
    'select user_id, amount, transaction_type, bucket, description from credit_ledger where reference = $1 order by id',
    [reference],
  );
  return rows;
}

async function storedEvent(id: string) {
  const { rows } = await test.sql.query(
    'select type, outcome, detail, user_id from payment_events where id = $1',
    [id],
  );
  return rows[0] as { type: string; outcome: string; detail: string; user_id: string | null };
}

function packCheckout(who: Member | null, amountCents: number, extra = {}) {
  return event(
    'checkout.session.completed',
    checkoutSession({ clientReferenceId: who?.id ?? null, amountCents, ...extra }),
  );
}

/** Stripe's `customer.subscription.deleted` for a Pro subscription that ended at `endedAt`. */
function subscriptionEnded(
  billing: { subscriptionId: string; customer: string },
  endedAt = clock.now(),
  periodEnd = endedAt,
) {
  return event(
    'customer.subscription.deleted',
    subscription({
      id: billing.subscriptionId,
      customer: billing.customer,
      unitAmount: 2999,
      status: 'canceled',
      periodStart: clock.now(),
      periodEnd,
      endedAt,
    }),
  );
}

/** A member who has just paid for Pro (or Elite) through a checkout. */
async function subscribe(who: Member, level: 'Pro' | 'Elite' = 'Pro') {
  const customer = stripeId('cus');
  const subscriptionId = stripeId('sub');
  const started = event(
    'checkout.session.completed',
    checkoutSession({
      clientReferenceId: who.id,
      mode: 'subscription',
      amountCents: level === 'Pro' ? 2999 : 7999,
      customer,
      subscription: subscriptionId,
    }),
  );
  expect((await send(started)).body).toMatchObject({ received: true, outcome: 'applied' });
  return { customer, subscriptionId, eventId: started.id };
}

describe('signatures', () => {
  it('refuses forged, missing, stale and tampered deliveries with 400 and changes nothing', async () => {
    const buyer = await member();
    const purchase = packCheckout(buyer, 500);
    const payload = JSON.stringify(purchase, null, 2);
    const stale = Math.floor(Date.now() / 1000) - 600;
    const attempts = [
      await send(purchase, { secret: 'whsec_someone_else_entirely' }),
      await send(purchase, { signatureHeader: null }),
      await send(purchase, { signatureHeader: 't=123,v1=deadbeef' }),
      await send(purchase, { timestamp: stale }),
      // Signed for other bytes: the body was altered on the way.
      await send(purchase, { signatureHeader: signature(payload.replace('500', '5000')) }),
    ];
    for (const answer of attempts) {
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'INVALID_SIGNATURE' });
    }
    expect(attempts[1]?.body.message).toBe('Missing Stripe-Signature header.');
    expect(String(attempts[3]?.body.message)).toMatch(/tolerance/i);
    expect(await storedEvent(purchase.id)).toBeUndefined();
    expect(await credits(buyer)).toBe(10);
  });

  it.each([
    ['[]', 'it is not a JSON object'],
    ['null', 'it is not a JSON object'],
    ['"evt"', 'it is not a JSON object'],
    ['not json at all', 'it is not JSON'],
    [
      '{}',
      'it has no id, it has no type, it has no created time in Unix seconds, it has no data.object',
    ],
    [withoutField('id'), 'it has no id'],
    [withoutField('created'), 'it has no created time in Unix seconds'],
    [withField('created', 'yesterday'), 'it has no created time in Unix seconds'],
    [withField('created', -1), 'it has no created time in Unix seconds'],
    [withField('created', 1e20), 'it has no created time in Unix seconds'],
    [withField('id', ''), 'its id is empty'],
    [withField('type', 42), 'it has no type'],
    [withField('data', { object: [] }), 'its data.object is not an object'],
  ])('answers a signed but malformed body %s with 400 and stores nothing', async (raw, reason) => {
    const before = await eventCount();
    const answer = await sendRaw(raw);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      code: 'INVALID_EVENT',
      message: `The webhook is signed but is not a Stripe event: ${reason}.`,
    });
    expect(await eventCount()).toBe(before);
  });

  it('records an object with a time out of any calendar as unmatched', async () => {
    const buyer = await member();
    const { customer, subscriptionId } = await subscribe(buyer);
    const updated = event(
      'customer.subscription.updated',
      subscription({
        id: subscriptionId,
        customer,
        unitAmount: 2999,
        periodStart: clock.now(),
        periodEnd: new Date(clock.now().getTime() + 30 * DAY),
      }),
    );
    updated.data.object.cancel_at = 1e15;
    expect(await send(updated)).toMatchObject({ status: 200, body: { outcome: 'unmatched' } });
    expect(await storedEvent(updated.id)).toMatchObject({
      outcome: 'unmatched',
      detail: expect.stringContaining('cancel_at'),
    });
    expect(await plan(buyer)).toBe('Pro');
  });
});

/** A real-looking event's JSON with one envelope field set (or, as undefined, left out). */
function withField(name: string, value: unknown): string {
  const body: Record<string, unknown> = { ...packCheckout(null, 500) };
  body[name] = value;
  return JSON.stringify(body);
}

function withoutField(name: string): string {
  return withField(name, undefined);
}

/** Signs any bytes with the endpoint's secret and posts them, as a sender holding it could. */
async function sendRaw(raw: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(new URL('/api/webhooks/stripe', test.server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature(raw) },
    body: raw,
  });
  return { status: response.status, body: await response.json() };
}

async function eventCount(): Promise<number> {
  const { rows } = await test.sql.query('select count(*)::int as n from payment_events');
  return rows[0].n;
}

describe('credit packs', () => {
  it('adds a pack once under 5 sequential and 5 parallel deliveries of its event', async () => {
    const buyer = await member();
    const purchase = packCheckout(buyer, 500); // Creator: 15 credits for $5
    const sequential = [];
    for (let index = 0; index < 5; index += 1) sequential.push(await send(purchase));
    const parallel = await Promise.all(Array.from({ length: 5 }, () => send(purchase)));
    for (const answer of [...sequential, ...parallel]) {
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ received: true, outcome: 'applied' });
    }
    expect([...sequential, ...parallel].filter((answer) => !answer.body.duplicate)).toHaveLength(1);
    expect(await credits(buyer)).toBe(25);
    expect(await buckets(buyer)).toEqual({ allowance: 10, bonus: 15 });
    expect(await ledgerByReference(purchase.id)).toEqual([
      {
        user_id: buyer.id,
        amount: 15,
        transaction_type: 'purchase',
        bucket: 'bonus',
        description: 'Creator pack: 15 credits',
      },
    ]);
    expect(await storedEvent(purchase.id)).toMatchObject({
      type: 'checkout.session.completed',
      outcome: 'applied',
      user_id: buyer.id,
    });
  });

  it('races five different packs of one member in parallel without losing any', async () => {
    const buyer = await member();
    const packs = [100, 500, 1000, 2500, 100].map((cents) => packCheckout(buyer, cents));
    const answers = await Promise.all(packs.map((purchase) => send(purchase)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await buckets(buyer)).toEqual({ allowance: 10, bonus: 3 + 15 + 30 + 100 + 3 });
  });

  it('applies a checkout once even when two of its events arrive (a delayed payment clears)', async () => {
    const buyer = await member();
    const session = checkoutSession({
      clientReferenceId: buyer.id,
      amountCents: 2500,
      paymentStatus: 'unpaid',
    });
    const pending = await send(event('checkout.session.completed', session));
    expect(pending.body).toMatchObject({ outcome: 'ignored' });
    expect(await credits(buyer)).toBe(10);
    const cleared = { ...session, payment_status: 'paid' };
    expect(
      (await send(event('checkout.session.async_payment_succeeded', cleared))).body,
    ).toMatchObject({ outcome: 'applied' });
    expect((await send(event('checkout.session.completed', cleared))).body).toMatchObject({
      outcome: 'ignored',
    });
    expect(await credits(buyer)).toBe(110);
  });

  it('takes the product from the metadata our checkout writes, not from the amount', async () => {
    const buyer = await member();
    // Paid with a 100% promotion code: the amount says nothing, the metadata names the pack.
    const purchase = packCheckout(buyer, 0, { metadata: { reelforge_product: 'power' } });
    expect((await send(purchase)).body).toMatchObject({ outcome: 'applied' });
    expect(await buckets(buyer)).toEqual({ allowance: 10, bonus: 30 });
  });

  it('reads a checkout that carries only what every version of the object has', async () => {
    const buyer = await member();
    const minimal = event('checkout.session.completed', {
      id: stripeId('cs'),
      object: 'checkout.session',
      client_reference_id: buyer.id,
      amount_total: 1000,
      currency: 'usd',
    });
    expect((await send(minimal)).body).toMatchObject({ outcome: 'applied' });
    expect(await buckets(buyer)).toEqual({ allowance: 10, bonus: 30 });
  });

  it('tells the member, stored and pushed, with the credits in the message', async () => {
    const buyer = await member();
    await send(packCheckout(buyer, 100));
    const list = await buyer.client.get<{ items: Array<{ kind: string; message: string }> }>(
      '/api/notifications',
    );
    expect(list.body.items[0]).toMatchObject({
      kind: 'payment_received',
      message: '3 credits from the Starter pack were added to your balance. They never expire.',
    });
  });
});

describe('events that cannot be applied', () => {
  it('records an unknown member or an unknown pack, applies nothing, and lists it for admins', async () => {
    const buyer = await member();
    const noSuchMember = packCheckout(null, 500, { clientReferenceId: 'no-such-member' });
    const unknownAmount = packCheckout(buyer, 777);
    const nobody = packCheckout(null, 500, { clientReferenceId: null });
    for (const stray of [noSuchMember, unknownAmount, nobody]) {
      const answer = await send(stray);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ outcome: 'unmatched' });
    }
    expect(await credits(buyer)).toBe(10);
    expect(await storedEvent(noSuchMember.id)).toMatchObject({
      outcome: 'unmatched',
      user_id: null,
      detail: expect.stringContaining('no-such-member'),
    });
    expect(await storedEvent(unknownAmount.id)).toMatchObject({
      outcome: 'unmatched',
      user_id: buyer.id,
      detail: 'No pack costs $7.77.',
    });
    const { rows } = await test.sql.query(
      'select count(*)::int as n from purchases where id in ($1, $2, $3)',
      [noSuchMember.data.object.id, unknownAmount.data.object.id, nobody.data.object.id],
    );
    expect(rows[0].n).toBe(0);

    const listed = await admin.get<Array<{ id: string; detail: string; amount: number }>>(
      '/api/admin/payment-events',
    );
    expect(listed.status).toBe(200);
    const ids = listed.body.map((row) => row.id);
    expect(ids).toEqual(expect.arrayContaining([noSuchMember.id, unknownAmount.id, nobody.id]));
    expect(listed.body.find((row) => row.id === unknownAmount.id)).toMatchObject({
      amount: 777,
      detail: 'No pack costs $7.77.',
    });
    expect((await buyer.client.get('/api/admin/payment-events')).status).toBe(403);
  });

  it('records event types it does not act on, and answers 200 so Stripe stops retrying', async () => {
    const other = event('customer.created', { id: stripeId('cus'), object: 'customer' });
    expect(await send(other)).toMatchObject({ status: 200, body: { outcome: 'ignored' } });
    expect(await storedEvent(other.id)).toMatchObject({ outcome: 'ignored' });
  });
});

describe('memberships', () => {
  it('starts Pro from a checkout, keeps the Stripe ids, and tops up this month at once', async () => {
    const buyer = await member();
    await spend(buyer, 4);
    expect(await credits(buyer)).toBe(6);
    const { customer, subscriptionId, eventId } = await subscribe(buyer);
    expect(await plan(buyer)).toBe('Pro');
    // Free 10 → Pro 150 gives the difference: the 4 spent stay spent.
    expect(await credits(buyer)).toBe(146);
    expect(await ledgerByReference(eventId)).toEqual([
      expect.objectContaining({
        amount: 140,
        transaction_type: 'plan_change',
        description: "Upgraded to Pro: this month's allowance is now 150",
      }),
    ]);
    const { rows } = await test.sql.query(
      'select stripe_customer_id, stripe_subscription_id from users where id = $1',
      [buyer.id],
    );
    expect(rows[0]).toEqual({
      stripe_customer_id: customer,
      stripe_subscription_id: subscriptionId,
    });
    const billing = await buyer.client.get('/api/billing');
    expect(billing.body).toMatchObject({ hasPaid: true, subscription: { plan: 'Pro' } });
  });

  it("keeps the membership's customer when a later pack is paid as another customer", async () => {
    const buyer = await member();
    const { customer } = await subscribe(buyer);
    await send(packCheckout(buyer, 100, { customer: stripeId('cus') }));
    const { rows } = await test.sql.query('select stripe_customer_id from users where id = $1', [
      buyer.id,
    ]);
    expect(rows[0].stripe_customer_id).toBe(customer);
  });

  it('renews the month on a paid invoice, once, and not by the calendar alone', async () => {
    const buyer = await member();
    const { customer, subscriptionId } = await subscribe(buyer);
    await spend(buyer, 5);
    expect(await credits(buyer)).toBe(145);

    // The sign-up month ends, but a subscriber's month renews only when its invoice is paid.
    clock.advance(31 * DAY);
    expect(await credits(buyer)).toBe(145);

    const start = clock.now();
    const end = new Date(start.getTime() + 30 * DAY);
    const renewal = event(
      'invoice.paid',
      invoice({
        subscription: subscriptionId,
        customer,
        billingReason: 'subscription_cycle',
        amountCents: 2999,
        periodStart: start,
        periodEnd: end,
      }),
    );
    expect((await send(renewal)).body).toMatchObject({ outcome: 'applied' });
    expect(await credits(buyer)).toBe(150);
    expect(
      (await ledgerByReference(renewal.id)).map((row) => [row.transaction_type, row.amount]),
    ).toEqual([
      ['allowance_expired', -145],
      ['allowance', 150],
    ]);
    // The same month announced again (a second event for it) starts nothing more.
    const again = event('invoice.paid', { ...renewal.data.object, id: stripeId('in') });
    expect((await send(again)).body).toMatchObject({ outcome: 'ignored' });
    expect(await credits(buyer)).toBe(150);
    const billing = await buyer.client.get('/api/billing');
    expect(billing.body).toMatchObject({
      subscription: { plan: 'Pro', renewsAt: end.toISOString() },
    });
  });

  it('drops a cancelled membership to Free at the end of the paid period, not before', async () => {
    const buyer = await member();
    await send(packCheckout(buyer, 500)); // 15 bonus credits, which a downgrade keeps
    const { customer, subscriptionId } = await subscribe(buyer);
    const periodEnd = new Date(clock.now().getTime() + 20 * DAY);
    const cancelled = event(
      'customer.subscription.updated',
      subscription({
        id: subscriptionId,
        customer,
        unitAmount: 2999,
        periodStart: clock.now(),
        periodEnd,
        cancelAtPeriodEnd: true,
      }),
    );
    expect((await send(cancelled)).body).toMatchObject({ outcome: 'applied' });
    // Stripe may send the same state again in a later update: the member is told once.
    const again = event('customer.subscription.updated', cancelled.data.object);
    expect((await send(again)).body).toMatchObject({ outcome: 'ignored' });
    const told = await test.sql.query(
      "select count(*)::int as n from notifications where user_id = $1 and title = 'Membership Cancelled'",
      [buyer.id],
    );
    expect(told.rows[0].n).toBe(1);
    expect(await plan(buyer)).toBe('Pro');
    expect((await buyer.client.get('/api/billing')).body).toMatchObject({
      subscription: { plan: 'Pro', renewsAt: null, endsAt: periodEnd.toISOString() },
    });

    clock.set(new Date(periodEnd.getTime() - 60_000));
    expect(await plan(buyer)).toBe('Pro');
    clock.set(new Date(periodEnd.getTime() + 60_000));
    expect(await plan(buyer)).toBe('Free');
    // Free's month starts when Pro ended: 10 generations, plus the pack's 15.
    expect(await buckets(buyer)).toEqual({ allowance: 10, bonus: 15 });
    const { rows } = await test.sql.query(
      'select stripe_subscription_id, plan_expires_at from users where id = $1',
      [buyer.id],
    );
    expect(rows[0]).toEqual({ stripe_subscription_id: null, plan_expires_at: null });

    // Stripe then deletes the subscription: it pays for nothing any more, so nothing changes.
    const deleted = subscriptionEnded({ subscriptionId, customer }, periodEnd);
    expect((await send(deleted)).body).toMatchObject({ outcome: 'ignored' });
    expect(await plan(buyer)).toBe('Free');
    expect(await credits(buyer)).toBe(25);
  });

  it('keeps the plan when a cancellation is called off before the period ends', async () => {
    const buyer = await member();
    const { customer, subscriptionId } = await subscribe(buyer);
    const periodEnd = new Date(clock.now().getTime() + 10 * DAY);
    const state = {
      id: subscriptionId,
      customer,
      unitAmount: 2999,
      periodStart: clock.now(),
      periodEnd,
    };
    await send(
      event('customer.subscription.updated', subscription({ ...state, cancelAtPeriodEnd: true })),
    );
    const resumed = await send(event('customer.subscription.updated', subscription(state)));
    expect(resumed.body).toMatchObject({ outcome: 'applied' });
    clock.set(new Date(periodEnd.getTime() + DAY));
    expect(await plan(buyer)).toBe('Pro');
  });

  it('ends at once when the subscription is deleted mid-period, keeping bonus credits', async () => {
    const buyer = await member();
    await send(packCheckout(buyer, 100));
    const { customer, subscriptionId } = await subscribe(buyer);
    const deleted = subscriptionEnded(
      { subscriptionId, customer },
      clock.now(),
      new Date(clock.now().getTime() + 20 * DAY),
    );
    expect((await send(deleted)).body).toMatchObject({ outcome: 'applied' });
    expect(await plan(buyer)).toBe('Free');
    expect(await buckets(buyer)).toEqual({ allowance: 10, bonus: 3 });
  });

  it('switches plan when the subscription moves to another price (the billing portal)', async () => {
    const buyer = await member();
    const { customer, subscriptionId } = await subscribe(buyer);
    const state = {
      id: subscriptionId,
      customer,
      periodStart: clock.now(),
      periodEnd: new Date(clock.now().getTime() + 30 * DAY),
    };
    await send(
      event('customer.subscription.updated', subscription({ ...state, unitAmount: 7999 })),
    );
    expect(await plan(buyer)).toBe('Elite');
    expect((await buyer.client.get('/api/credits')).body).toMatchObject({ unlimited: true });
    // Back down to Pro: Pro's month starts now, in full.
    await send(
      event('customer.subscription.updated', subscription({ ...state, unitAmount: 2999 })),
    );
    expect(await plan(buyer)).toBe('Pro');
    expect(await buckets(buyer)).toEqual({ allowance: 150, bonus: 0 });
  });

  it.each(['past_due', 'incomplete'])(
    'grants no plan from a %s subscription moved to another price, until it is active',
    async (status) => {
      const buyer = await member();
      const { customer, subscriptionId } = await subscribe(buyer);
      const state = {
        id: subscriptionId,
        customer,
        unitAmount: 7999,
        periodStart: clock.now(),
        periodEnd: new Date(clock.now().getTime() + 30 * DAY),
      };
      const unpaid = event('customer.subscription.updated', subscription({ ...state, status }));
      expect(await send(unpaid)).toMatchObject({ status: 200, body: { outcome: 'ignored' } });
      expect(await storedEvent(unpaid.id)).toMatchObject({
        outcome: 'ignored',
        detail: `Subscription ${subscriptionId} is ${status}: Elite starts once it is paid.`,
      });
      expect(await plan(buyer)).toBe('Pro');
      expect(await buckets(buyer)).toEqual({ allowance: 150, bonus: 0 });

      const paid = event(
        'customer.subscription.updated',
        subscription({ ...state, status: 'active' }),
      );
      expect(await send(paid)).toMatchObject({ status: 200, body: { outcome: 'applied' } });
      expect(await plan(buyer)).toBe('Elite');
      expect((await buyer.client.get('/api/credits')).body).toMatchObject({ unlimited: true });
    },
  );

  it('moves to a newer subscription, and ignores what happens to the one it replaced', async () => {
    const buyer = await member();
    const pro = await subscribe(buyer, 'Pro');
    const elite = await subscribe(buyer, 'Elite');
    expect(await plan(buyer)).toBe('Elite');
    const oldEnded = subscriptionEnded(pro);
    expect((await send(oldEnded)).body).toMatchObject({ outcome: 'ignored' });
    expect(await plan(buyer)).toBe('Elite');
    const { rows } = await test.sql.query(
      'select stripe_subscription_id from users where id = $1',
      [buyer.id],
    );
    expect(rows[0].stripe_subscription_id).toBe(elite.subscriptionId);
  });

  it('records a renewal for a subscription no member is on, for an admin', async () => {
    const orphan = event(
      'invoice.paid',
      invoice({
        subscription: stripeId('sub'),
        customer: stripeId('cus'),
        billingReason: 'subscription_cycle',
        amountCents: 2999,
        periodStart: clock.now(),
        periodEnd: new Date(clock.now().getTime() + 30 * DAY),
      }),
    );
    expect((await send(orphan)).body).toMatchObject({ outcome: 'unmatched' });
  });
});

describe('refunds', () => {
  it('takes back only the pack credits the member has not spent', async () => {
    const buyer = await member();
    const paymentIntent = stripeId('pi');
    await send(packCheckout(buyer, 500, { paymentIntent })); // 10 allowance + 15 bonus
    await spend(buyer, 12); // all 10 allowance, then 2 bonus
    expect(await buckets(buyer)).toEqual({ allowance: 0, bonus: 13 });
    const refund = event(
      'charge.refunded',
      refundedCharge({ paymentIntent, amountCents: 500, refundedCents: 500 }),
    );
    expect((await send(refund)).body).toMatchObject({ outcome: 'applied' });
    expect(await buckets(buyer)).toEqual({ allowance: 0, bonus: 0 });
    expect(await ledgerByReference(refund.id)).toEqual([
      expect.objectContaining({ amount: -13, transaction_type: 'purchase_refund' }),
    ]);
    expect((await storedEvent(refund.id)).detail).toBe(
      'Took back 13 credits of 15; 2 had been spent.',
    );
    // Redelivered: nothing more.
    expect((await send(refund)).body).toMatchObject({ duplicate: true });
  });

  it('takes back in proportion to a partial refund, then the rest on the full one', async () => {
    const buyer = await member();
    const paymentIntent = stripeId('pi');
    await send(packCheckout(buyer, 500, { paymentIntent }));
    const half = refundedCharge({ paymentIntent, amountCents: 500, refundedCents: 250 });
    await send(event('charge.refunded', half));
    expect(await buckets(buyer)).toEqual({ allowance: 10, bonus: 8 });
    const full = refundedCharge({ paymentIntent, amountCents: 500, refundedCents: 500 });
    await send(event('charge.refunded', full));
    expect(await buckets(buyer)).toEqual({ allowance: 10, bonus: 0 });
    // A refund of something that was no pack changes nothing.
    const stray = refundedCharge({
      paymentIntent: stripeId('pi'),
      amountCents: 2999,
      refundedCents: 2999,
    });
    expect((await send(event('charge.refunded', stray))).body).toMatchObject({
      outcome: 'ignored',
    });
  });
});

describe('referrals', () => {
  it("pays the referrer 25 credits at the referred member's first payment, once", async () => {
    const referrer = await member();
    const { rows } = await test.sql.query('select referral_code from users where id = $1', [
      referrer.id,
    ]);
    const friend = await member({ ref: rows[0].referral_code });
    // A verified friend (referrals.test.ts shows an unverified one earns the referrer nothing).
    await test.sql.query('update users set email_verified = true where id = $1', [friend.id]);
    await send(packCheckout(friend, 100));
    expect(await buckets(referrer)).toEqual({ allowance: 10, bonus: 25 });
    await send(packCheckout(friend, 500));
    await subscribe(friend);
    expect(await buckets(referrer)).toEqual({ allowance: 10, bonus: 25 });
    expect(await ledgerByReference(`referral-payment:${friend.id}`)).toHaveLength(1);
  });
});

describe('payments for deleted accounts', () => {
  /** What the deleted member's row and everyone's ledger hold of an event: nothing. */
  async function nothingApplied(who: Member, eventId: string, sessionId?: string) {
    const { rows } = await test.sql.query(
      `select member_level, plan_expires_at, stripe_subscription_id,
              (select count(*)::int from credit_ledger where user_id = $1) as ledger
       from users where id = $1`,
      [who.id],
    );
    expect(rows[0]).toEqual({
      member_level: 'Free',
      plan_expires_at: null,
      stripe_subscription_id: null,
      ledger: expect.any(Number),
    });
    expect(await ledgerByReference(eventId)).toEqual([]);
    if (sessionId) {
      const bought = await test.sql.query('select id from purchases where id = $1', [sessionId]);
      expect(bought.rows).toEqual([]);
    }
  }

  it('records a membership paid for a deleted account as unmatched, applies nothing, and cancels its subscription', async () => {
    // The checkout was opened before the account was deleted, and paid after.
    const gone = await member();
    const ledgerBefore = await test.sql.query(
      'select count(*)::int as n from credit_ledger where user_id = $1',
      [gone.id],
    );
    await deleteAccount(gone);
    const subscriptionId = stripeId('sub');
    const paid = event(
      'checkout.session.completed',
      checkoutSession({
        clientReferenceId: gone.id,
        mode: 'subscription',
        amountCents: 2999,
        subscription: subscriptionId,
      }),
    );
    expect(await send(paid)).toMatchObject({ status: 200, body: { outcome: 'unmatched' } });
    await nothingApplied(gone, paid.id, paid.data.object.id as string);
    const after = await test.sql.query(
      'select count(*)::int as n from credit_ledger where user_id = $1',
      [gone.id],
    );
    expect(after.rows[0].n).toBe(ledgerBefore.rows[0].n);
    // It will not bill again: cancelled at Stripe, once, even when the event comes again.
    expect(cancellations(subscriptionId)).toBe(1);
    expect((await send(paid)).body).toMatchObject({ duplicate: true, outcome: 'unmatched' });
    expect(cancellations(subscriptionId)).toBe(1);

    // The operator finds it under Unmatched Payments, told what happened and what is left to do.
    const detail = `Checkout ${paid.data.object.id} names a deleted account (member ${gone.id}): nothing was applied. Refund the payment in the Stripe Dashboard. Its subscription ${subscriptionId} was cancelled.`;
    expect(await storedEvent(paid.id)).toMatchObject({ outcome: 'unmatched', detail });
    const listed = await admin.get<Array<{ id: string; detail: string; amount: number }>>(
      '/api/admin/payment-events?outcome=unmatched',
    );
    expect(listed.body.find((row) => row.id === paid.id)).toMatchObject({ detail, amount: 2999 });
  });

  it("records a pack paid as a deleted account's Stripe customer as unmatched, with no credits for anyone", async () => {
    const gone = await member();
    const { customer } = await subscribe(gone);
    // Its Pro subscription is cancelled by the deletion itself.
    await deleteAccount(gone);
    const pack = packCheckout(null, 500, { customer });
    expect((await send(pack)).body).toMatchObject({ outcome: 'unmatched' });
    await nothingApplied(gone, pack.id, pack.data.object.id as string);
    expect((await storedEvent(pack.id)).detail).toBe(
      `Checkout ${pack.data.object.id} names a deleted account (member ${gone.id}): nothing was applied. Refund the payment in the Stripe Dashboard.`,
    );
  });

  it('cancels a subscription that still bills a deleted account (the deletion could not reach Stripe)', async () => {
    const gone = await member();
    const billing = await subscribe(gone);
    // Stripe is down while the account is deleted (the SDK tries three times).
    stripe.failNext(500, 3);
    await deleteAccount(gone);
    const failedTries = cancellations(billing.subscriptionId);
    expect(failedTries).toBeGreaterThan(0);
    const renewal = event(
      'invoice.paid',
      invoice({
        subscription: billing.subscriptionId,
        customer: billing.customer,
        billingReason: 'subscription_cycle',
        amountCents: 2999,
        periodStart: new Date(clock.now().getTime() + 30 * DAY),
        periodEnd: new Date(clock.now().getTime() + 60 * DAY),
      }),
    );
    expect((await send(renewal)).body).toMatchObject({ outcome: 'unmatched' });
    await nothingApplied(gone, renewal.id);
    // One more try, and this one went through ("was cancelled" is written only then).
    expect(cancellations(billing.subscriptionId)).toBe(failedTries + 1);
    expect((await storedEvent(renewal.id)).detail).toBe(
      `Subscription ${billing.subscriptionId} billed a deleted account (member ${gone.id}): nothing was applied. Refund the payment in the Stripe Dashboard. Its subscription ${billing.subscriptionId} was cancelled.`,
    );
  });

  it("takes nothing back from a deleted account's refunded pack and writes nothing for it", async () => {
    const gone = await member();
    const paymentIntent = stripeId('pi');
    await send(packCheckout(gone, 500, { paymentIntent }));
    await deleteAccount(gone);
    const refund = event(
      'charge.refunded',
      refundedCharge({ paymentIntent, amountCents: 500, refundedCents: 500 }),
    );
    expect((await send(refund)).body).toMatchObject({ outcome: 'ignored' });
    expect(await ledgerByReference(refund.id)).toEqual([]);
    const notes = await test.sql.query('select id from notifications where user_id = $1', [
      gone.id,
    ]);
    expect(notes.rows).toEqual([]);
  });

  it('tells the operator when the cancellation fails, so they cancel it by hand', async () => {
    const gone = await member();
    await deleteAccount(gone);
    const subscriptionId = stripeId('sub');
    const paid = event(
      'checkout.session.completed',
      checkoutSession({
        clientReferenceId: gone.id,
        mode: 'subscription',
        amountCents: 7999,
        subscription: subscriptionId,
      }),
    );
    stripe.failNext(500, 3);
    expect((await send(paid)).body).toMatchObject({ outcome: 'unmatched' });
    await nothingApplied(gone, paid.id, paid.data.object.id as string);
    expect((await storedEvent(paid.id)).detail).toMatch(
      new RegExp(
        `Cancelling its subscription ${subscriptionId} failed: cancel it in the Stripe Dashboard\\.$`,
        'u',
      ),
    );
  });
});

describe('isolation', () => {
  it('changes nothing for any member but the one an event names', async () => {
    const bystanders = [await member(), await member()];
    const snapshot = async () => {
      const ids = bystanders.map((who) => who.id);
      const users = await test.sql.query(
        'select id, member_level, plan_expires_at, plan_reverts_to, stripe_customer_id, stripe_subscription_id, updated_at from users where id = any($1) order by id',
        [ids],
      );
      const balances = await test.sql.query(
        'select * from credit_balances where user_id = any($1) order by user_id',
        [ids],
      );
      const ledger = await test.sql.query(
        'select id, user_id, amount from credit_ledger where user_id = any($1) order by id',
        [ids],
      );
      const notes = await test.sql.query(
        'select id from notifications where user_id = any($1) order by id',
        [ids],
      );
      return [users.rows, balances.rows, ledger.rows, notes.rows];
    };
    await Promise.all(bystanders.map((who) => credits(who)));
    const before = await snapshot();

    const buyer = await member();
    const paymentIntent = stripeId('pi');
    await send(packCheckout(buyer, 1000, { paymentIntent }));
    const { customer, subscriptionId } = await subscribe(buyer);
    await send(
      event(
        'invoice.paid',
        invoice({
          subscription: subscriptionId,
          customer,
          billingReason: 'subscription_cycle',
          amountCents: 2999,
          periodStart: new Date(clock.now().getTime() + DAY),
          periodEnd: new Date(clock.now().getTime() + 31 * DAY),
        }),
      ),
    );
    await send(
      event(
        'charge.refunded',
        refundedCharge({ paymentIntent, amountCents: 1000, refundedCents: 1000 }),
      ),
    );
    await send(subscriptionEnded({ subscriptionId, customer }));
    expect(await plan(buyer)).toBe('Free');
    expect(await snapshot()).toEqual(before);
  });
});
