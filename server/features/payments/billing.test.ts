// The calls the server makes to Stripe when it holds a secret key, against a stand-in for Stripe's
// API speaking its documented shapes: Checkout Sessions that carry the member and the product,
// billing portal sessions for a member who has paid, cancelling a subscription a newer one
// replaced, and what the member sees when Stripe fails.
import { afterAll, describe, expect, it } from 'vitest';
import { UNKNOWN_PRODUCT_MESSAGE } from '../../../shared/schemas/billing';
import { STRIPE_SECRET_KEY, startFakeStripeApi } from '../../../test/fake-stripe-api';
import { signUp, TestClient } from '../../../test/http-client';
import { adminOn } from '../../../test/members';
import { setUpTestServer } from '../../../test/server';
import {
  checkoutSession,
  deliver,
  event,
  stripeId,
  subscription,
  WEBHOOK_SECRET,
} from '../../../test/stripe';

const stripe = await startFakeStripeApi();
afterAll(() => stripe.close());

const ADMIN_EMAIL = 'billing-admin@reelforge.test';
const test = setUpTestServer({
  env: {
    ROLES: 'api',
    ADMIN_EMAILS: ADMIN_EMAIL,
    STRIPE_SECRET_KEY,
    STRIPE_API_BASE_URL: stripe.url,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_PRO: 'price_test_pro_monthly',
  },
});

async function member() {
  const client = new TestClient(test.server.url);
  const { user, email } = await signUp(client);
  return { client, id: user.id, email };
}

/** Stripe confirms a Starter pack the member paid for as a new customer; answers the customer. */
async function buyStarterAs(userId: string): Promise<string> {
  const customer = stripeId('cus');
  const paid = checkoutSession({ clientReferenceId: userId, amountCents: 100, customer });
  await deliver(test.server.url, event('checkout.session.completed', paid));
  return customer;
}

function callsSince(count: number) {
  return stripe.calls.slice(count);
}

describe('checkout sessions', () => {
  it('tells the client the server makes checkouts', async () => {
    const config = await new TestClient(test.server.url).get('/api/client-config');
    expect(config.body).toMatchObject({ checkoutSessions: true });
  });

  it('creates a pack checkout carrying the member and the product, at the catalogue price', async () => {
    const buyer = await member();
    const before = stripe.calls.length;
    const response = await buyer.client.post<{ url: string }>('/api/billing/checkout', {
      product: 'creator',
    });
    expect(response.status).toBe(200);
    expect(response.body.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const [call] = callsSince(before);
    expect(call).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions' });
    expect(call?.params).toMatchObject({
      mode: 'payment',
      client_reference_id: buyer.id,
      customer_email: buyer.email,
      customer_creation: 'always',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '500',
      'line_items[0][price_data][product_data][name]': 'Creator pack: 15 video credits',
      'metadata[reelforge_product]': 'creator',
      'metadata[reelforge_user_id]': buyer.id,
      'payment_intent_data[metadata][reelforge_product]': 'creator',
      success_url: `${test.server.config.publicUrl}/?tab=purchase&checkout=success`,
      cancel_url: `${test.server.config.publicUrl}/?tab=purchase&checkout=cancelled`,
    });

    // What Stripe then sends for that session applies to this member, whatever it cost.
    const paid = checkoutSession({
      clientReferenceId: null,
      amountCents: 450,
      metadata: { reelforge_product: 'creator', reelforge_user_id: buyer.id },
    });
    const answer = await deliver(test.server.url, event('checkout.session.completed', paid));
    expect(answer.body).toMatchObject({ outcome: 'applied' });
    expect((await buyer.client.get('/api/credits')).body).toMatchObject({ remainingCredits: 25 });
  });

  it('uses the configured price for a membership, as a subscription', async () => {
    const buyer = await member();
    const before = stripe.calls.length;
    expect((await buyer.client.post('/api/billing/checkout', { product: 'pro' })).status).toBe(200);
    expect(callsSince(before)[0]?.params).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_test_pro_monthly',
      'subscription_data[metadata][reelforge_product]': 'pro',
      'subscription_data[metadata][reelforge_user_id]': buyer.id,
    });
    // Elite has no configured price: the catalogue's, monthly.
    expect((await buyer.client.post('/api/billing/checkout', { product: 'elite' })).status).toBe(
      200,
    );
    expect(callsSince(before)[1]?.params).toMatchObject({
      'line_items[0][price_data][unit_amount]': '7999',
      'line_items[0][price_data][recurring][interval]': 'month',
    });
  });

  it('refuses a plan the member has, an unknown pack and a visitor, without calling Stripe', async () => {
    const buyer = await member();
    await test.sql.query("update users set member_level = 'Elite' where id = $1", [buyer.id]);
    const before = stripe.calls.length;
    const same = await buyer.client.post('/api/billing/checkout', { product: 'elite' });
    expect(same.status).toBe(409);
    expect(same.body).toMatchObject({
      code: 'ALREADY_ON_PLAN',
      message: "You're on Elite already.",
    });
    const lower = await buyer.client.post('/api/billing/checkout', { product: 'pro' });
    expect(lower.body).toMatchObject({
      message: "You're on Elite, which includes everything in Pro.",
    });
    const unknown = await buyer.client.post('/api/billing/checkout', { product: 'mega' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ message: UNKNOWN_PRODUCT_MESSAGE });
    const visitor = await new TestClient(test.server.url).post('/api/billing/checkout', {
      product: 'starter',
    });
    expect(visitor.status).toBe(401);
    expect(callsSince(before)).toEqual([]);
  });

  it('answers 502 with a clear message when Stripe fails, after its retries', async () => {
    const buyer = await member();
    stripe.failNext(500, 3);
    const response = await buyer.client.post('/api/billing/checkout', { product: 'starter' });
    expect(response.status).toBe(502);
    expect(response.body).toMatchObject({
      code: 'CHECKOUT_FAILED',
      message: 'Checkout is unavailable right now. Please try again in a moment.',
    });
  });
});

describe('billing portal', () => {
  it('opens a portal session for a member who has paid, and none for one who never did', async () => {
    const buyer = await member();
    expect((await buyer.client.get('/api/billing')).body).toEqual({
      hasPaid: false,
      canManageBilling: false,
      subscription: null,
    });
    const never = await buyer.client.post('/api/billing/portal');
    expect(never.status).toBe(404);
    expect(never.body).toMatchObject({ code: 'NO_BILLING_ACCOUNT' });

    const customer = await buyStarterAs(buyer.id);
    expect((await buyer.client.get('/api/billing')).body).toMatchObject({
      hasPaid: true,
      canManageBilling: true,
    });
    const before = stripe.calls.length;
    const portal = await buyer.client.post<{ url: string }>('/api/billing/portal');
    expect(portal.status).toBe(200);
    expect(portal.body.url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    expect(callsSince(before)).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/v1/billing_portal/sessions',
        params: { customer, return_url: `${test.server.config.publicUrl}/?tab=profile` },
      }),
    ]);
  });

  it('uses the customer a member already has for their next checkout', async () => {
    const buyer = await member();
    const customer = await buyStarterAs(buyer.id);
    const before = stripe.calls.length;
    await buyer.client.post('/api/billing/checkout', { product: 'power' });
    const [call] = callsSince(before);
    expect(call?.params.customer).toBe(customer);
    expect(call?.params.customer_email).toBeUndefined();
  });
});

describe('replacing a subscription', () => {
  it('cancels the old subscription at Stripe, prorated, once the new one has started', async () => {
    const buyer = await member();
    const customer = stripeId('cus');
    const pro = stripeId('sub');
    const elite = stripeId('sub');
    const start = (subscription: string, amountCents: number) =>
      deliver(
        test.server.url,
        event(
          'checkout.session.completed',
          checkoutSession({
            clientReferenceId: buyer.id,
            mode: 'subscription',
            amountCents,
            customer,
            subscription,
          }),
        ),
      );
    await start(pro, 2999);
    const before = stripe.calls.length;
    expect((await start(elite, 7999)).body).toMatchObject({ outcome: 'applied' });
    expect(callsSince(before)).toEqual([
      expect.objectContaining({
        method: 'DELETE',
        path: `/v1/subscriptions/${pro}`,
        params: { prorate: 'true' },
      }),
    ]);
    expect((await buyer.client.get('/api/auth/user')).body).toMatchObject({ memberLevel: 'Elite' });
  });
});

describe("an admin's plan change", () => {
  it('cancels the subscription whose renewal would undo it, so its deleted event ends nothing', async () => {
    const { client: admin } = await adminOn(test, ADMIN_EMAIL);
    const payer = await member();
    const customer = stripeId('cus');
    const pro = stripeId('sub');
    await deliver(
      test.server.url,
      event(
        'checkout.session.completed',
        checkoutSession({
          clientReferenceId: payer.id,
          mode: 'subscription',
          amountCents: 2999,
          customer,
          subscription: pro,
        }),
      ),
    );
    const found = await admin.get<{ id: string; memberLevel: string; hasSubscription: boolean }[]>(
      `/api/users?search=${encodeURIComponent(payer.email)}`,
    );
    expect(found.body).toEqual([
      expect.objectContaining({ id: payer.id, memberLevel: 'Pro', hasSubscription: true }),
    ]);

    const before = stripe.calls.length;
    const changed = await admin.patch(`/api/admin/users/${payer.id}/plan`, {
      memberLevel: 'Elite',
      cancelSubscription: true,
    });
    expect(changed.status).toBe(200);
    expect(callsSince(before)).toEqual([
      expect.objectContaining({ method: 'DELETE', path: `/v1/subscriptions/${pro}` }),
    ]);
    const { rows } = await test.sql.query(
      'select member_level, stripe_subscription_id from users where id = $1',
      [payer.id],
    );
    expect(rows[0]).toEqual({ member_level: 'Elite', stripe_subscription_id: null });

    // Stripe then reports the subscription deleted: the admin's plan stays.
    const now = new Date();
    const deleted = await deliver(
      test.server.url,
      event(
        'customer.subscription.deleted',
        subscription({
          id: pro,
          customer,
          unitAmount: 2999,
          status: 'canceled',
          periodStart: now,
          periodEnd: new Date(now.getTime() + 30 * 24 * 3600_000),
          endedAt: now,
        }),
      ),
    );
    expect(deleted.body).toMatchObject({ outcome: 'ignored' });
    expect((await payer.client.get('/api/auth/user')).body).toMatchObject({ memberLevel: 'Elite' });
  });
});
